import { describe, expect, it } from 'vitest';
import { generateMathItem, MATH_GENERATOR_SKILLS } from './generate-math-item.ts';
import { MATH_DIFFICULTIES } from './math-item.ts';

/**
 * The stated bound (issue 20): a learner who spends a whole week on one level — 5 quizzes a day × 7 days × 5 questions
 * (QUESTIONS_PER_QUIZ) — draws 175 questions. Every level's pool must be at least that large, measured as the
 * effective number of equally likely questions (1 / the chance that two random draws are the same question), so a
 * level where a few questions come up most of the time fails even if rare ones make the plain count large.
 */
const WEEK_OF_QUESTIONS = 5 * 7 * 5;
const DRAWS = 4000;

/** 1 / P(two independent draws give the same prompt), estimated without bias from DRAWS seeded draws. */
function effectivePool(skill: string, difficulty: (typeof MATH_DIFFICULTIES)[number]): { distinct: number; effective: number } {
  const counts = new Map<string, number>();
  // Seeds spread over the uint32 range, as the server's hashed seeds are.
  for (let draw = 0; draw < DRAWS; draw += 1) {
    const { prompt } = generateMathItem(skill, difficulty, (draw * 2654435761) >>> 0);
    counts.set(prompt, (counts.get(prompt) ?? 0) + 1);
  }
  let samePairs = 0;
  for (const count of counts.values()) samePairs += count * (count - 1);
  return { distinct: counts.size, effective: samePairs === 0 ? Number.POSITIVE_INFINITY : (DRAWS * (DRAWS - 1)) / samePairs };
}

describe('every generator level has enough different questions for a week of practice', () => {
  for (const skill of MATH_GENERATOR_SKILLS) {
    it(skill, () => {
      for (const difficulty of MATH_DIFFICULTIES) {
        const pool = effectivePool(skill, difficulty);
        expect(pool.effective, `${skill} level ${difficulty}: ${pool.distinct} distinct prompts in ${DRAWS} draws, effectively ${Math.round(pool.effective)}`).toBeGreaterThanOrEqual(WEEK_OF_QUESTIONS);
      }
    });
  }
});
