import { learnerRanges, selectRanges } from './dataset.ts';
import { score } from './metrics.ts';
import type { Scores } from './metrics.ts';
import { replayLearners, rowsByLearner } from '../tracing/replay.ts';
import type { AttemptLog, ModelTrainer, TracingModel } from '../tracing/types.ts';

/** Predictions of a model replayed over a log, each made before its row's answer is applied. */
export function replayPredictions(
  model: TracingModel,
  log: AttemptLog,
  groups: readonly Int32Array[] = rowsByLearner(log),
): Float64Array {
  if (model.replayPredictions !== undefined) return model.replayPredictions(log, groups);
  return replayPredictionsThroughStates(model, log, groups);
}

/** The same predictions through the object API (`predict`, then `update` and merge), as the server runs it. */
export function replayPredictionsThroughStates(
  model: TracingModel,
  log: AttemptLog,
  groups: readonly Int32Array[] = rowsByLearner(log),
): Float64Array {
  const predictions = new Float64Array(log.item.length);
  replayLearners(
    log,
    model,
    (state, item, _correct, nowMs, row) => {
      predictions[row] = model.predict(state, item, nowMs);
    },
    groups,
  );
  return predictions;
}

/** The mean JSON size in bytes of each learner's final state (learner part plus every skill part). */
export function stateBytesPerLearner(model: TracingModel, log: AttemptLog): number {
  const finals = new Map<number, unknown>();
  replayLearners(log, model, (state, _item, _correct, _nowMs, row) => {
    finals.set(log.learner[row]!, state);
  });
  let bytes = 0;
  for (const state of finals.values()) bytes += JSON.stringify(state).length;
  return finals.size === 0 ? 0 : bytes / finals.size;
}

/** Scores from learner-level k-fold cross-validation on one log (folds assigned by learner order). */
export function crossValidate(trainer: ModelTrainer, log: AttemptLog, folds: number, seed: number): Scores {
  const ranges = learnerRanges(log);
  const predictions: number[] = [];
  const outcomes: number[] = [];
  for (let fold = 0; fold < folds; fold++) {
    const fit = selectRanges(
      log,
      ranges.filter((_, i) => i % folds !== fold),
    );
    const held = selectRanges(
      log,
      ranges.filter((_, i) => i % folds === fold),
    );
    const model = trainer(fit, seed);
    const p = replayPredictions(model, held);
    for (let r = 0; r < p.length; r++) {
      predictions.push(p[r]!);
      outcomes.push(held.correct[r]!);
    }
  }
  return score(predictions, outcomes);
}
