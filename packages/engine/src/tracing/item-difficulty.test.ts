import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  calibrationTerms,
  difficultyFromPrior,
  ITEM_PRIOR_INFORMATION,
  itemDifficulty,
  recordItemAttempt,
  successRateDifficulty,
} from './item-difficulty.ts';
import type { ItemStats } from './item-difficulty.ts';
import { seededRandom as seeded } from '../testing/seeded-random.ts';

const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));

/**
 * Serves an item of true difficulty `truth` (prior `prior`) to `learners` learners whose abilities a model knows,
 * adaptively: an item is served only to learners strong enough for it (ability ≥ truth − 0.5), as selection does.
 * The model predicts with the item at its prior difficulty. Returns the calibrated and the success-rate estimates
 * after each learner.
 */
function serve(truth: number, prior: number, learners: number, seed: number) {
  const random = seeded(seed);
  let stats: ItemStats = { attempts: 0, correct: 0, priorDifficulty: prior };
  const calibrated: number[] = [];
  const successRate: number[] = [];
  for (let n = 0; n < learners; n++) {
    const ability = (random() + random() + random() - 1.5) * 3;
    if (ability < truth - 0.5) continue;
    const correct = random() < sigmoid(ability - truth);
    stats = recordItemAttempt(stats, correct, sigmoid(ability - prior));
    calibrated.push(itemDifficulty(stats));
    successRate.push(successRateDifficulty(stats));
  }
  return { calibrated, successRate };
}

describe('item difficulty', () => {
  it('maps higher content priors to harder items on both scales', () => {
    expect(difficultyFromPrior(1, 3)).toBeLessThan(difficultyFromPrior(3, 3));
    expect(difficultyFromPrior(1, 5)).toBe(difficultyFromPrior(1, 3));
    expect(difficultyFromPrior(5, 5)).toBe(difficultyFromPrior(3, 3));
  });

  it('starts at the prior, and reads statistics stored before calibration as the prior', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5 }), fc.nat(50), fc.nat(50), (prior, correct, wrong) => {
        const priorDifficulty = difficultyFromPrior(prior, 5);
        return (
          itemDifficulty({ attempts: correct + wrong, correct, priorDifficulty }) === priorDifficulty &&
          itemDifficulty({ attempts: 0, correct: 0, priorDifficulty, residual: 0, information: 0 }) ===
            priorDifficulty
        );
      }),
    );
  });

  // One Fisher-scoring step is monotone in each answer while the sums move the item at most a logit from its prior
  // (|residual| ≤ prior information + information): an expected answer then adds information faster than it shrinks
  // the shift. Far outside that range (many surprising answers, then an expected one) the step can move back a little,
  // as a one-step estimate does; the fuzzed sums are drawn inside it.
  it('moves easier on a right answer and harder on a wrong one', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5 }),
        fc.double({ min: -1, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 20, noNaN: true }),
        fc.double({ min: 0.02, max: 0.98, noNaN: true }),
        (prior, share, information, predicted) => {
          const residual = share * (ITEM_PRIOR_INFORMATION + information);
          const stats = {
            attempts: 10,
            correct: 5,
            priorDifficulty: difficultyFromPrior(prior, 5),
            residual,
            information,
          };
          const d = itemDifficulty(stats);
          return (
            itemDifficulty(recordItemAttempt(stats, true, predicted)) <= d &&
            itemDifficulty(recordItemAttempt(stats, false, predicted)) >= d
          );
        },
      ),
    );
  });

  it('gives the same difficulty whatever order concurrent answers are added in', () => {
    const terms = [
      [true, 0.8],
      [false, 0.4],
      [true, 0.55],
      [false, 0.9],
    ] as const;
    const add = (order: readonly (readonly [boolean, number])[]) => {
      let residual = 0;
      let information = 0;
      for (const [correct, predicted] of order) {
        const t = calibrationTerms(correct, predicted);
        residual += t.residual;
        information += t.information;
      }
      return itemDifficulty({ attempts: 4, correct: 2, priorDifficulty: -0.5, residual, information });
    };
    expect(add(terms)).toBeCloseTo(add([...terms].reverse()), 12);
  });

  it('converges toward the true difficulty when hard items are served to strong learners, without drift', () => {
    for (const [truth, prior, seed] of [
      [1, 0.2, 1],
      [0.5, -0.5, 2],
      [-0.5, 0.3, 3],
    ] as const) {
      const { calibrated, successRate } = serve(truth, prior, 6_000, seed);
      const served = calibrated.length;
      expect(served).toBeGreaterThan(1_000);
      const late = calibrated.slice(-200).reduce((s, d) => s + d, 0) / 200;
      const middle = calibrated.slice(served / 3 - 100, served / 3 + 100).reduce((s, d) => s + d, 0) / 200;
      // Near the truth, and no further from it after three times the learners.
      expect(Math.abs(late - truth)).toBeLessThan(0.25);
      expect(Math.abs(late - middle)).toBeLessThan(0.1);
      // The raw success rate of who happened to be served makes the item look much easier than it is.
      expect(successRate.at(-1)!).toBeLessThan(truth - 0.4);
    }
  });
});
