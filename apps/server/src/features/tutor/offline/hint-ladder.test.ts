import { generateMathItem, type MathDifficulty } from '@vidya/content';
import { describe, expect, it } from 'vitest';
import type { TutorContent } from '../tutor.content.ts';
import { revealsAnswer } from '../safety/answer-guard.ts';
import { hintFor, type QuestionContext } from './hint-ladder.ts';

// Generated mathematics questions need no authored content: their similar questions are generated too.
const content = {
  index: undefined,
  courseTitles: new Map(),
  skills: new Map(),
  examplesBySkill: new Map(),
} as unknown as TutorContent;

function mathQuestion(skill: string, difficulty: MathDifficulty, seed: number): QuestionContext {
  const item = generateMathItem(skill, difficulty, seed);
  return {
    itemId: `math:${skill}:${difficulty}:${seed}`,
    kind: 'free_text',
    prompt: item.prompt,
    choices: null,
    answer: item.answer,
    courseKey: 'mathematics',
    skillId: skill,
    explanation: item.explanation,
    passageTitle: null,
    answered: false,
  };
}

describe('hint ladder', () => {
  it('works a similar question (never the same one) at the third rung', () => {
    const question = mathQuestion('fractions-add-subtract', 3, 11);
    const text = hintFor(question, 'example', content);
    expect(text).toContain("Here's a similar question, worked out:");
    expect(text).not.toContain(question.prompt);
  });

  it('falls back to a hint when every similar worked example would contain the answer', () => {
    // Find a question whose answer shows up in the working of every similar question (a small answer such as 1).
    let found: QuestionContext | undefined;
    for (let seed = 0; seed < 400 && !found; seed++) {
      const question = mathQuestion('equations-two-step', 1, seed);
      if (!hintFor(question, 'example', content).includes('worked out')) found = question;
    }
    expect(found).toBeDefined();
    const text = hintFor(found!, 'example', content);
    expect(text).toMatch(/^(Here's a hint|Have a go first)/);
    expect(revealsAnswer(text, found!)).toBe(false);
  });
});
