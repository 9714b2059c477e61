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

  it('stores parameters that rebuild the fitted model', () => {
    const fit = refitModel(recorded);
    const direct = fitProductionModel(recorded);
    const rebuilt = createProductionModel(JSON.parse(JSON.stringify(fit.parameters)));
    const state = { learner: rebuilt.initialLearnerState(), skills: {} };
    for (const item of ITEMS) expect(rebuilt.predict(state, item)).toBe(direct.predict(state, item));
    expect(fit.attempts).toBe(recorded.item.length);
  });

  it('gives items answered wrongly more often a higher difficulty', () => {
    const { itemPriors } = refitModel(recorded);
    const priors = ITEMS.map((item) => itemPriors[item.id]!);
    for (let i = 1; i < priors.length; i++) expect(priors[i]!).toBeLessThan(priors[i - 1]!);
  });
});
