import { describe, expect, it } from 'vitest';
import { replayAsServed } from './as-served.ts';
import { refitModel } from '../tracing/refit.ts';
import { createProductionModel, fitProductionModel } from '../tracing/production-model.ts';
import type { TracedItem } from '../tracing/types.ts';
import { syntheticLog } from '../testing/synthetic-log.ts';

const ITEMS: TracedItem[] = Array.from({ length: 6 }, (_, i) => ({ id: `item-${i}`, skills: [`s${i % 2}`] }));
const PRIOR = -0.75;

/** `learners` learners answering `perLearner` items each, correct with chance `success(item, answer number)`. */
const log = (
  seed: number,
  learners: number,
  perLearner: number,
  success: (item: number, n: number) => number,
) => syntheticLog({ seed, items: ITEMS, learners, perLearner, success });

const test = log(3, 4, 10, () => 0.6);

describe('replayAsServed', () => {
  it('lets warm-up learners’ answers move the difficulty the test learners see', () => {
    const allWrong = log(1, 20, 10, () => 0);
    const allRight = log(1, 20, 10, () => 1);
    const options = { isItemStatistics: true, priorDifficulty: PRIOR };
    const afterWrong = replayAsServed(allWrong, test, options).predictions;
    const afterRight = replayAsServed(allRight, test, options).predictions;
    expect(afterWrong[0]!).toBeLessThan(afterRight[0]!);
  });

  it('ignores other learners when it keeps no item statistics', () => {
    const options = { isItemStatistics: false, priorDifficulty: PRIOR };
    const afterWrong = replayAsServed(
      log(1, 20, 10, () => 0),
      test,
      options,
    ).predictions;
    const afterRight = replayAsServed(
      log(1, 20, 10, () => 1),
      test,
      options,
    ).predictions;
    expect(afterWrong).toEqual(afterRight);
  });

  it('runs the refit job every `refitEvery` attempts once `minAttempts` are recorded', () => {
    const warmUp = log(2, 30, 10, (item) => 0.3 + 0.1 * item);
    const { refits } = replayAsServed(warmUp, test, {
      isItemStatistics: true,
      priorDifficulty: PRIOR,
      refitEvery: 100,
      minAttempts: 150,
    });
    expect(refits).toEqual([150, 250]);
  });

  it('predicts with the refitted model after a refit', () => {
    const warmUp = log(2, 30, 10, (item, n) => 0.2 + 0.1 * item + 0.03 * n);
    const unfitted = replayAsServed(warmUp, test, { isItemStatistics: true, priorDifficulty: PRIOR });
    const refitted = replayAsServed(warmUp, test, {
      isItemStatistics: true,
      priorDifficulty: PRIOR,
      refitEvery: 300,
    });
    expect(refitted.refits).toEqual([300]);
    expect(refitted.predictions).not.toEqual(unfitted.predictions);
  });
});

describe('refitModel', () => {
  const recorded = log(5, 40, 12, (item) => 0.15 + 0.15 * item);
  // The same answers, each item at a calibrated difficulty as the server's job reads it from item_stats.
  const calibrated = { ...recorded, items: ITEMS.map((item, i) => ({ ...item, difficulty: 1 - 0.4 * i })) };
  const logit = (p: number) => Math.log(p / (1 - p));
  /** How much the model's logit falls from an item at difficulty −1 to one at 1 (fresh learner, well-known items). */
  const fall = (model: ReturnType<typeof createProductionModel>) => {
    const state = { learner: model.initialLearnerState(), skills: {} };
    const at = (difficulty: number) =>
      logit(model.predict(state, { id: 'x', skills: ['s0'], difficulty, evidence: 100 }));
    return at(-1) - at(1);
  };

  it('stores parameters that rebuild the fitted model', () => {
    const fit = refitModel(recorded);
    const direct = fitProductionModel(recorded, true);
    const rebuilt = createProductionModel(JSON.parse(JSON.stringify(fit.parameters)));
    const state = { learner: rebuilt.initialLearnerState(), skills: {} };
    for (const item of ITEMS) expect(rebuilt.predict(state, item)).toBe(direct.predict(state, item));
    expect(fit.attempts).toBe(recorded.item.length);
  });

  it('keeps the slope on item difficulty at −1, the scale the difficulties were calibrated on', () => {
    expect(fall(createProductionModel(refitModel(calibrated).parameters))).toBeCloseTo(2, 9);
    expect(fall(createProductionModel(refitModel(recorded).parameters))).toBeCloseTo(2, 9);
    // A free fit on the same answers bends it.
    expect(Math.abs(fall(fitProductionModel(calibrated)) - 2)).toBeGreaterThan(0.05);
  });

  it('fits on the difficulties the log gives its items', () => {
    const fromGiven = refitModel(calibrated).parameters.weights;
    const fromSuccess = refitModel(recorded).parameters.weights;
    expect(fromGiven).not.toEqual(fromSuccess);
  });
});
