import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readCanonical, renderings, wrongValues } from '../testing/answer-renderings.ts';
import { checkFreeTextAnswer } from './answer-check.ts';
import { generateMathItem, MATH_GENERATOR_SKILLS } from './generate-math-item.ts';
import { MATH_DIFFICULTIES } from './math-item.ts';

/** Seeds per skill and level; every seed checks a few dozen typed forms of the right value and of three wrong ones. */
const RUNS_PER_LEVEL = 60;

describe('every generated question accepts the forms a child types for its value, and only for its value', () => {
  for (const skill of MATH_GENERATOR_SKILLS) {
    it(skill, () => {
      for (const difficulty of MATH_DIFFICULTIES) {
        fc.assert(
          fc.property(fc.integer({ min: 0, max: 0xffffffff }), (seed) => {
            const item = generateMathItem(skill, difficulty, seed);
            const right = readCanonical(item.answer, item.answerForm);
            for (const typed of renderings(right, item.answerForm)) {
              expect(checkFreeTextAnswer(item, typed), `${item.id} (answer ${item.answer}) should accept "${typed}"`).toBe(true);
            }
            for (const wrong of wrongValues(right, item.answerForm)) {
              for (const typed of renderings(wrong, item.answerForm)) {
                expect(checkFreeTextAnswer(item, typed), `${item.id} (answer ${item.answer}) should refuse "${typed}"`).toBe(false);
              }
            }
          }),
          { numRuns: RUNS_PER_LEVEL },
        );
      }
    });
  }
});
