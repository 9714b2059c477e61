import type { AttemptLog, SkillKey, TracedItem, TracingModel, TracingState } from './types.ts';

/** Row indices grouped by learner (first-appearance order), keeping row order within each learner. */
export function rowsByLearner(log: AttemptLog): Int32Array[] {
  const consecutive = consecutiveGroups(log.learner);
  if (consecutive !== undefined) return consecutive;
  const groups = new Map<number, number[]>();
  for (let r = 0; r < log.learner.length; r++) {
    const learner = log.learner[r]!;
    let rows = groups.get(learner);
    if (rows === undefined) {
      rows = [];
      groups.set(learner, rows);
    }
    rows.push(r);
  }
  return [...groups.values()].map((rows) => Int32Array.from(rows));
}

/** Replays each learner of a log in row order, calling `visit` before each answer is applied. */
export function replayLearners<L, S>(
  log: AttemptLog,
  model: TracingModel<L, S>,
  visit: (state: TracingState<L, S>, item: TracedItem, correct: number, nowMs: number, row: number) => void,
  groups: readonly Int32Array[] = rowsByLearner(log),
): void {
  for (const rows of groups) {
    const skills: Record<SkillKey, S> = {};
    const state: { learner: L; skills: Record<SkillKey, S> } = {
      learner: model.initialLearnerState(),
      skills,
    };
    for (let k = 0; k < rows.length; k++) {
      const r = rows[k]!;
      const item = log.items[log.item[r]!]!;
      const correct = log.correct[r]!;
      const nowMs = log.timeMs[r]!;
      visit(state, item, correct, nowMs, r);
      const change = model.update(state, item, correct === 1, nowMs);
      state.learner = change.learner;
      for (const skill of item.skills) skills[skill] = change.skills[skill]!;
    }
  }
}

/** Views of 0…n−1 per learner when each learner's rows are one consecutive block (the usual case), else undefined. */
function consecutiveGroups(learners: Int32Array): Int32Array[] | undefined {
  const all = new Int32Array(learners.length);
  const groups: Int32Array[] = [];
  const seen = new Set<number>();
  let start = 0;
  for (let r = 0; r < learners.length; r++) {
    all[r] = r;
    if (r + 1 === learners.length || learners[r + 1] !== learners[r]) {
      if (seen.has(learners[r]!)) return undefined;
      seen.add(learners[r]!);
      groups.push(all.subarray(start, r + 1));
      start = r + 1;
    }
  }
  return groups;
}
