import { expect } from 'vitest';
import { readCanonical, renderings, wrongValues } from '../testing/answer-renderings.ts';
import { describeEveryGeneratedItem } from '../testing/every-generated-item.ts';
import { checkFreeTextAnswer } from './answer-check.ts';

/** Seeds per skill and level; every seed checks a few dozen typed forms of the right value and of three wrong ones. */
const RUNS_PER_LEVEL = 60;

describeEveryGeneratedItem(
  'every generated question accepts the forms a child types for its value, and only for its value',
  RUNS_PER_LEVEL,
  (item) => {
    const right = readCanonical(item.answer, item.answerForm);
    for (const typed of renderings(right, item.answerForm)) {
      expect(checkFreeTextAnswer(item, typed), `${item.id} (answer ${item.answer}) should accept "${typed}"`).toBe(true);
    }
    for (const wrong of wrongValues(right, item.answerForm)) {
      for (const typed of renderings(wrong, item.answerForm)) {
        expect(checkFreeTextAnswer(item, typed), `${item.id} (answer ${item.answer}) should refuse "${typed}"`).toBe(false);
      }
    }
  },
);
