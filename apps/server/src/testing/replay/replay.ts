import { parseMathItemId } from '@vidya/content';
import {
  calibrationTerms,
  createProductionModel,
  recordAnswer,
  successRateDifficulty,
  type LearnerModelState,
  type SkillModelState,
} from '@vidya/engine';
import { answeredItem, generatedStatsKey, statsFor } from '#src/features/quizzes/index.ts';
import type { AttemptRow, Stored } from './stored-rows.ts';

/**
 * The replay of every stored attempt through the engine, in commit order, the way the answer's use case applies
 * them (`quiz-state.ts`'s `planAnswer`). Pure: it reads nothing and writes nothing; `checks.ts` compares what it
 * gives with what is stored.
 */

/** Where a problem is reported (the check keeps the first 50). */
export type Report = (problem: string) => void;

export interface ReplayedSkill {
  state: SkillModelState;
  mastery: number;
  band: string;
  attempts: number;
  correct: number;
  lastMs: number;
}

const f32 = Math.fround;
const json = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** The statistics key of an attempt's item (generated items share one per skill and level). */
const statsKeyOf = (itemId: string) => {
  const parsed = parseMathItemId(itemId);
  return parsed ? generatedStatsKey(parsed.skill, parsed.difficulty) : itemId;
};

/** The attempts of each statistics key in commit order, and each attempt's rank among its key's. */
export function attemptsByStatsKey(attempts: readonly AttemptRow[]) {
  const history = new Map<string, AttemptRow[]>();
  for (const a of attempts) {
    const key = statsKeyOf(a.itemId);
    history.set(key, [...(history.get(key) ?? []), a]);
  }
  const rank = new Map<string, number>();
  for (const list of history.values()) list.forEach((a, i) => rank.set(a.id, i));
  return { history, rank };
}

/**
 * The outcome that reproduces an attempt's stored prediction bit for bit (float4), trying the statistics counts
 * nearest its rank first (concurrent answers on one item commit in a slightly different order); `searched` when a
 * row without a stored difficulty needed more than the first guess. Undefined when nothing reproduces it.
 */
function reproduce<O extends { predicted: number }>(
  a: AttemptRow,
  apply: (difficulty: number | undefined, evidence?: number) => O,
  earlier: readonly AttemptRow[],
  rank: number,
  seen: ((attempts: number, correct: number) => number) | undefined,
): { outcome: O | undefined; searched: boolean } {
  let outcome: O | undefined;
  if (!seen) return { outcome: apply(undefined), searched: false };
  if (a.itemDifficulty !== null) {
    const stored = a.itemDifficulty;
    for (let d = 0; d <= earlier.length && !outcome; d++) {
      for (const n of d === 0 ? [rank] : [rank - d, rank + d]) {
        if (n < 0 || n > earlier.length || outcome) continue;
        const o = apply(stored, n);
        if (f32(o.predicted) === f32(a.predicted)) outcome = o;
      }
    }
    return { outcome, searched: false };
  }
  const guessCorrect = earlier.slice(0, rank).filter((e) => e.correct).length;
  const first = apply(seen(rank, guessCorrect));
  if (f32(first.predicted) === f32(a.predicted)) return { outcome: first, searched: false };
  const tried = new Set<number>();
  for (let d = 0; d <= earlier.length && !outcome; d++) {
    for (const n of d === 0 ? [rank] : [rank - d, rank + d]) {
      if (n < 0 || n > earlier.length) continue;
      for (let c = 0; c <= n && !outcome; c++) {
        const difficulty = seen(n, c);
        if (tried.has(difficulty)) continue;
        tried.add(difficulty);
        const o = apply(difficulty);
        if (f32(o.predicted) === f32(a.predicted)) outcome = o;
      }
    }
  }
  return { outcome, searched: true };
}

/** Replays every attempt: the learner and skill states, when each learner state was updated, the calibration sums. */
export function replayAttempts(stored: Pick<Stored, 'fits' | 'bank' | 'attempts'>, report: Report) {
  const coldStart = createProductionModel();
  const models = new Map(stored.fits.map((f) => [f.version, createProductionModel(f.parameters)]));
  // The priors in item_stats under each fit: those it stored over those of earlier fits (fits since decision 017 store
  // none, so the last ones stored before stay).
  const fitPriors = new Map<number, Record<string, number>>();
  let priors: Record<string, number> = {};
  for (const f of [...stored.fits].sort((a, b) => a.version - b.version)) {
    priors = { ...priors, ...f.itemPriors };
    fitPriors.set(f.version, priors);
  }
  const fitKnows = new Map(stored.fits.map((f) => [f.version, f.knows]));
  const { history, rank: rankInKey } = attemptsByStatsKey(stored.attempts);
  const learnerStates = new Map<string, LearnerModelState>();
  const skillStates = new Map<string, ReplayedSkill>();
  const learnerUpdated = new Map<string, number>();
  const calibration = new Map<string, { residual: number; information: number }>();
  let searched = 0;
  for (const a of stored.attempts) {
    const lKey = `${a.learnerId} ${a.courseKey}`;
    const sKey = `${lKey} ${a.skillId}`;
    const model = a.modelVersion === null ? coldStart : models.get(a.modelVersion);
    if (!model) {
      report(`attempt ${a.quizId}/${a.position}: model_fit ${a.modelVersion} is not stored`);
      continue;
    }
    const learner = learnerStates.get(lKey) ?? model.initialLearnerState();
    const skill = skillStates.get(sKey);
    const nowMs = new Date(a.servedAt).getTime() + a.responseMs;
    const statsKey = statsKeyOf(a.itemId);
    const candidate = stored.bank
      .candidates(a.courseKey, a.quizId, a.position, [a.skillId])
      .find((c) => c.statsKey === statsKey);
    const rank = rankInKey.get(a.id)!;
    const apply = (difficulty: number | undefined, evidence = rank) =>
      recordAnswer(
        model,
        learner,
        { [a.skillId]: skill?.state },
        answeredItem(
          { id: a.itemId, kind: a.kind, choices: a.choices },
          a.skillId,
          candidate && difficulty !== undefined
            ? {
                difficulty,
                priorDifficulty: fitPriors.get(a.modelVersion ?? 0)?.[statsKey] ?? candidate.priorDifficulty,
                evidence,
                levelDifficulty: candidate.priorDifficulty,
              }
            : undefined,
        ),
        a.correct,
        nowMs,
        fitKnows.get(a.modelVersion ?? 0)?.[a.courseKey],
      );
    // The difficulty an answer saw, for a row from before `item_difficulty`: the item's shrunk success rate.
    const seen =
      candidate &&
      ((n: number, c: number) =>
        successRateDifficulty(statsFor(candidate, { attempts: n, correct: c, residual: 0, information: 0 })));
    const found = reproduce(a, apply, history.get(statsKey)!, rank, seen);
    if (found.searched) searched++;
    let outcome = found.outcome;
    if (!outcome) {
      report(`attempt ${a.quizId}/${a.position}: no item difficulty reproduces its stored prediction`);
      outcome = apply(candidate?.priorDifficulty);
    }
    const terms = calibrationTerms(a.correct, outcome.predictedAtPrior);
    const sums = calibration.get(statsKey) ?? { residual: 0, information: 0 };
    calibration.set(statsKey, {
      residual: sums.residual + terms.residual,
      information: sums.information + terms.information,
    });
    const next = outcome.skills[a.skillId]!;
    if (f32(next.mastery.p) !== f32(a.masteryAfter) || next.mastery.band !== a.bandAfter) {
      report(
        `attempt ${a.quizId}/${a.position}: stored mastery after ${a.masteryAfter} but replay gives ${next.mastery.p}`,
      );
    }
    if (a.firstOfSkill !== !skill)
      report(`attempt ${a.quizId}/${a.position}: first_of_skill is ${a.firstOfSkill}`);
    learnerStates.set(lKey, json(outcome.learner));
    learnerUpdated.set(lKey, nowMs);
    skillStates.set(sKey, {
      state: json({ tracing: next.tracing, review: next.review, evidence: next.evidence }),
      mastery: next.mastery.p,
      band: next.mastery.band,
      attempts: (skill?.attempts ?? 0) + 1,
      correct: (skill?.correct ?? 0) + (a.correct ? 1 : 0),
      lastMs: nowMs,
    });
  }
  return { learnerStates, learnerUpdated, skillStates, calibration, searched };
}

export type Replayed = ReturnType<typeof replayAttempts>;
