import fc from 'fast-check';
import { describe, it } from 'vitest';
import { generateMathItem, MATH_GENERATOR_SKILLS } from '../generators/generate-math-item.ts';
import { MATH_DIFFICULTIES, type MathItem } from '../generators/math-item.ts';

/**
 * A property of every generated question: one test per generator skill, in which `check` (which asserts) holds for
 * `runs` random seeds at every level.
 */
export function describeEveryGeneratedItem(
  title: string,
  runs: number,
  check: (item: MathItem) => void,
): void {
  describe(title, () => {
    for (const skill of MATH_GENERATOR_SKILLS) {
      it(skill, () => {
        for (const difficulty of MATH_DIFFICULTIES) {
          fc.assert(
            fc.property(fc.integer({ min: 0, max: 0xffffffff }), (seed) =>
              check(generateMathItem(skill, difficulty, seed)),
            ),
            { numRuns: runs },
          );
        }
      });
    }
  });
}
