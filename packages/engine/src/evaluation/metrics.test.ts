import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { auc, score } from './metrics.ts';

describe('auc', () => {
  it('is 1 for a perfect ranking and 0 for a reversed one', () => {
    expect(auc([0.1, 0.2, 0.8, 0.9], [0, 0, 1, 1])).toBe(1);
    expect(auc([0.9, 0.8, 0.2, 0.1], [0, 0, 1, 1])).toBe(0);
  });

  it('averages tied predictions as half a win', () => {
    // Pairs (pos, neg): (0.5,0.5) tie = 0.5, (0.5,0.2) = 1, (0.9,0.5) = 1, (0.9,0.2) = 1 → 3.5 / 4.
    expect(auc([0.5, 0.9, 0.5, 0.2], [1, 1, 0, 0])).toBeCloseTo(0.875, 12);
    expect(auc([0.5, 0.5, 0.5], [1, 0, 1])).toBe(0.5);
  });

  it('matches a brute-force pair count', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 5 }), fc.boolean()), { minLength: 2, maxLength: 40 }),
        (rows) => {
          const p = rows.map(([x]) => x / 5);
          const y = rows.map(([, c]) => (c ? 1 : 0));
          let wins = 0;
          let pairs = 0;
          for (let i = 0; i < p.length; i++) {
            for (let j = 0; j < p.length; j++) {
              if (y[i] === 1 && y[j] === 0) {
                pairs++;
                wins += p[i]! > p[j]! ? 1 : p[i] === p[j] ? 0.5 : 0;
              }
            }
          }
          const expected = pairs === 0 ? Number.NaN : wins / pairs;
          const actual = auc(p, y);
          return Number.isNaN(expected) ? Number.isNaN(actual) : Math.abs(actual - expected) < 1e-12;
        },
      ),
    );
  });
});

describe('score', () => {
  it('computes RMSE, log-loss and accuracy', () => {
    const s = score([0.8, 0.4], [1, 0]);
    expect(s.rmse).toBeCloseTo(Math.sqrt((0.04 + 0.16) / 2), 12);
    expect(s.logLoss).toBeCloseTo(-(Math.log(0.8) + Math.log(0.6)) / 2, 12);
    expect(s.accuracy).toBe(1);
  });
});
