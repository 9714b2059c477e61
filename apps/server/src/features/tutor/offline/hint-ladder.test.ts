import { generateMathItem, type MathDifficulty } from '@vidya/content';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { TutorContent } from '../tutor.content.ts';
import { revealsAnswer, type LiveQuestion } from '../safety/answer-guard.ts';
import { hintFor, methodOnlyReply, type QuestionContext } from './hint-ladder.ts';

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

describe('methodOnlyReply', () => {
  const open = (answer: string): LiveQuestion => ({ ...mathQuestion('equations-two-step', 1, 1), answer });
  const scienceWords: LiveQuestion = {
    itemId: 'science:states:1',
    courseKey: 'science',
    kind: 'choice',
    prompt: 'What is ice?',
    choices: ['a solid', 'a liquid', 'a gas'],
    answer: '0',
  };
  const requests = [
    'what is 90+0?',
    'what is 80+0?',
    '3/4 + 1/6',
    'what is 15% of 80?',
    'Solve 2x + 3 = 11',
    'is 90 + 0 = 90?',
    '2^10',
    '12 ÷ 4 + 3 × 2',
  ];

  it('gives the same method, never a value, whatever the open answer is', () => {
    expect(methodOnlyReply('what is 90+0?', [open('90')])).toBe(
      methodOnlyReply('what is 80+0?', [open('90')]),
    );
    fc.assert(
      fc.property(
        fc.constantFrom(...requests),
        fc.integer({ min: -1000, max: 100_000 }),
        (request, answer) => {
          const reply = methodOnlyReply(request, [open(String(answer))]);
          return (
            reply !== null &&
            reply === methodOnlyReply(request, [open('7')]) &&
            !revealsAnswer(reply, open(String(answer))) &&
            !/\d/.test(reply)
          );
        },
      ),
    );
  });

  it('names the method the request needs', () => {
    expect(methodOnlyReply('3/4 + 1/6', [open('1')])).toContain('same denominator');
    expect(methodOnlyReply('Solve 2x + 3 = 11', [open('1')])).toContain('Undo what has been done');
    expect(methodOnlyReply('2 + 3 × 4', [open('1')])).toContain('brackets first');
  });

  it('leaves alone messages with no computation, and courses a computed number cannot answer', () => {
    expect(methodOnlyReply('What is evaporation?', [open('90')])).toBeNull();
    expect(methodOnlyReply('what is 90+0?', [scienceWords])).toBeNull();
    expect(methodOnlyReply('what is 90+0?', [])).toBeNull();
  });
});
