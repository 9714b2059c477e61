import { itemDifficulty, recordItemAttempt } from '../tracing/item-difficulty.ts';
import type { ItemStats } from '../tracing/item-difficulty.ts';
import type { LogisticLearnerState } from '../tracing/logistic-state.ts';
import { createProductionModel } from '../tracing/production-model.ts';
import type { ProductionModel } from '../tracing/production-model.ts';
import { rowsByLearner } from '../tracing/replay.ts';
import type { AttemptLog, SkillKey, TracedItem } from '../tracing/types.ts';
import { recordAnswer } from '../scheduling/record-answer.ts';
import type { SkillModelState } from '../scheduling/record-answer.ts';
import { refitModel } from '../tracing/refit.ts';

/** How the as-served replay runs the production model. */
export interface AsServedOptions {
  /** Keep item statistics online and shared (as the server's `item_stats`); false passes no item difficulty. */
  readonly isItemStatistics: boolean;
  /** Logit difficulty prior of every item (`difficultyFromPrior` of its content level). */
  readonly priorDifficulty: number;
  /** Run the refit job after every this many recorded attempts; undefined never refits (the unfitted model). */
  readonly refitEvery?: number;
  /** Attempts recorded before the first refit. */
  readonly minAttempts?: number;
}

/** What an as-served replay gives: a prediction per test row, and the refits it ran. */
export interface AsServedResult {
  readonly predictions: Float64Array;
  /** Attempts recorded when each refit ran. */
  readonly refits: readonly number[];
}

/** Growable column arrays of the attempts recorded so far (the server's `attempt` table). */
class RecordedAttempts {
  learner = new Int32Array(1024);
  item = new Int32Array(1024);
  correct = new Uint8Array(1024);
  timeMs = new Float64Array(1024);
  length = 0;

  push(learner: number, item: number, correct: number, timeMs: number): void {
    if (this.length === this.learner.length) {
      const grow = <T extends Int32Array | Uint8Array | Float64Array>(a: T, make: (n: number) => T): T => {
        const next = make(a.length * 2);
        next.set(a);
        return next;
      };
      this.learner = grow(this.learner, (n) => new Int32Array(n));
      this.item = grow(this.item, (n) => new Int32Array(n));
      this.correct = grow(this.correct, (n) => new Uint8Array(n));
      this.timeMs = grow(this.timeMs, (n) => new Float64Array(n));
    }
    this.learner[this.length] = learner;
    this.item[this.length] = item;
    this.correct[this.length] = correct;
    this.timeMs[this.length] = timeMs;
    this.length++;
  }

  log(items: readonly TracedItem[]): AttemptLog {
    return {
      learner: this.learner.slice(0, this.length),
      item: this.item.slice(0, this.length),
      correct: this.correct.slice(0, this.length),
      timeMs: this.timeMs.slice(0, this.length),
      items,
    };
  }
}

/**
 * Replays `warmUp` then `test` the way the server runs the engine: one learner after another, each answer through
 * `recordAnswer` on stored JSON states, with item statistics shared by every learner and updated online
 * (`itemDifficulty` before the answer, `recordItemAttempt` after it, calibrating against `predictedAtPrior`), and —
 * when `refitEvery` is set — the refit job (`refitModel`, the function the server's job runs) on every attempt
 * recorded so far, each item at its calibrated difficulty, its model then used for later answers (the item statistics
 * and their calibration go on, as on the server). Returns the prediction made before each `test` row (in `test`'s row
 * order).
 *
 * Both logs must share one item table; learner ids of `test` must differ from those of `warmUp`.
 */
export function replayAsServed(
  warmUp: AttemptLog,
  test: AttemptLog,
  options: AsServedOptions,
): AsServedResult {
  const items = warmUp.items;
  let model: ProductionModel = createProductionModel();
  const stats: (ItemStats | undefined)[] = new Array<ItemStats | undefined>(items.length);
  const recorded = new RecordedAttempts();
  const refits: number[] = [];
  let fittedAt = 0;
  const predictions = new Float64Array(test.item.length);
  const statsOf = (index: number): ItemStats =>
    stats[index] ?? { attempts: 0, correct: 0, priorDifficulty: options.priorDifficulty };
  // The refit job's log: each item at its calibrated difficulty now (the server reads `item_stats`).
  const refitLog = (): AttemptLog =>
    recorded.log(
      options.isItemStatistics
        ? items.map((item, index) => ({ ...item, difficulty: itemDifficulty(statsOf(index)) }))
        : items,
    );
  for (const [log, isScored] of [
    [warmUp, false],
    [test, true],
  ] as const) {
    for (const rows of rowsByLearner(log)) {
      let learner: LogisticLearnerState = model.initialLearnerState();
      const skills: Record<SkillKey, SkillModelState> = {};
      for (const row of rows) {
        const index = log.item[row]!;
        const item = items[index]!;
        const correct = log.correct[row]! === 1;
        const nowMs = log.timeMs[row]!;
        const itemStats = statsOf(index);
        const traced: TracedItem = options.isItemStatistics
          ? {
              id: item.id,
              skills: item.skills,
              difficulty: itemDifficulty(itemStats),
              priorDifficulty: itemStats.priorDifficulty,
              evidence: itemStats.attempts,
            }
          : { id: item.id, skills: item.skills };
        const outcome = recordAnswer(model, learner, skills, traced, correct, nowMs);
        if (isScored) predictions[row] = outcome.predicted;
        learner = outcome.learner;
        for (const [skill, next] of Object.entries(outcome.skills)) {
          skills[skill] = { tracing: next.tracing, review: next.review };
        }
        stats[index] = recordItemAttempt(itemStats, correct, outcome.predictedAtPrior);
        // Warm-up and test learner ids may coincide; keep them apart in the recorded log.
        recorded.push(isScored ? -1 - log.learner[row]! : log.learner[row]!, index, correct ? 1 : 0, nowMs);
        const refitEvery = options.refitEvery;
        if (
          refitEvery !== undefined &&
          recorded.length >= (options.minAttempts ?? 0) &&
          recorded.length - fittedAt >= refitEvery
        ) {
          model = createProductionModel(refitModel(refitLog()).parameters);
          refits.push(recorded.length);
          fittedAt = recorded.length;
        }
      }
    }
  }
  return { predictions, refits };
}
