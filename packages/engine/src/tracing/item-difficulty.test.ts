import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { difficultyFromPrior, itemDifficulty, recordItemAttempt } from './item-difficulty.ts';

describe('item difficulty', () => {
  it('maps higher content priors to harder items on both scales', () => {
    expect(difficultyFromPrior(1, 3)).toBeLessThan(difficultyFromPrior(3, 3));
    expect(difficultyFromPrior(1, 5)).toBe(difficultyFromPrior(1, 3));
    expect(difficultyFromPrior(5, 5)).toBe(difficultyFromPrior(3, 3));
  });

  it('starts at the prior and moves with attempts: correct easier, wrong harder', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5 }), fc.nat(50), fc.nat(50), (prior, attempts, extra) => {
        const stats = {
          attempts: attempts + extra,
          correct: attempts,
          priorDifficulty: difficultyFromPrior(prior, 5),
        };
        const d = itemDifficulty(stats);
        return (
          itemDifficulty(recordItemAttempt(stats, true)) <= d &&
          itemDifficulty(recordItemAttempt(stats, false)) >= d &&
          Math.abs(itemDifficulty({ ...stats, attempts: 0, correct: 0 }) - stats.priorDifficulty) < 1e-9
        );
      }),
    );
  });
});
