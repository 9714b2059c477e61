import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { revealsAnswer, type LiveQuestion } from './answer-guard.ts';

const choice = (
  answer: number,
  choices = ['Evaporation', 'Condensation', 'Melting', 'Freezing'],
): LiveQuestion => ({
  itemId: 'science:water:1',
  courseKey: 'science',
  kind: 'choice',
  prompt: 'What happens when water turns into vapour?',
  choices,
  answer: String(answer),
});
const typed = (answer: string): LiveQuestion => ({
  itemId: 'math:arith:1:1',
  courseKey: 'mathematics',
  kind: 'free_text',
  prompt: 'What is 6 × 7?',
  choices: null,
  answer,
});

describe('revealsAnswer', () => {
  it.each([
    'The answer is D.',
    'The answer is D',
    'the answer is d.',
    "It's D",
    'It’s D!',
    'it is D.',
    'Go with (D).',
    'D is correct.',
    'I would pick option 4.',
    'It is the fourth one.',
    'It is the 4th.',
    'the 4th, I think',
    'Choose the 4th option',
    'The answer: freezing',
    'F-R-E-E-Z-I-N-G',
    'f r e e z i n g',
    'Backwards it is gnizeerf',
  ])('catches a choice given away as “%s”', (reply) => {
    expect(revealsAnswer(reply, choice(3))).toBe(true);
  });

  it.each([
    'The answer is a fraction.',
    "It's a good question, so let's think.",
    'Is a liquid turning into a gas a change of state?',
    'Pick a choice you can explain.',
    'Look at the 1st and 2nd sentences again.',
  ])('does not read “%s” as the first choice', (reply) => {
    expect(revealsAnswer(reply, choice(0))).toBe(false);
  });

  it('catches the first choice written as a capital letter', () => {
    for (const reply of ["It's A", 'The answer is A.', 'The answer is (A)', 'A is right.'])
      expect(revealsAnswer(reply, choice(0)), reply).toBe(true);
  });

  it.each([
    'The answer is 42.',
    'forty-two',
    'forty two',
    'The digits are 4 2',
    'The digits are 4, 2.',
    'four, two',
    'The digits: 4-2.',
    'It is 84/2 reduced, that is 42',
  ])('catches a typed answer given away as “%s”', (reply) => {
    expect(revealsAnswer(reply, typed('42'))).toBe(true);
  });

  it('catches a decimal spelled out digit by digit', () => {
    expect(revealsAnswer('three point five', typed('3.5'))).toBe(true);
    expect(revealsAnswer('It is 3 . 5', typed('3.5'))).toBe(true);
  });

  it('allows quoting the question and unrelated numbers', () => {
    expect(revealsAnswer('The question asks: What is 6 × 7? Try 6 × 5 first.', typed('42'))).toBe(false);
  });

  it('ignores numbers too long to be an answer, without throwing', () => {
    expect(revealsAnswer(`${'9'.repeat(300)} is large`, typed('42'))).toBe(false);
    expect(revealsAnswer('42', typed('9'.repeat(60)))).toBe(false);
  });

  it('catches any whole-number answer written in digits, spelled digit by digit, or in digit words', () => {
    const words = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];
    fc.assert(
      fc.property(fc.integer({ min: 10, max: 99_999 }), (n) => {
        const digits = String(n).split('');
        const question = typed(String(n));
        return (
          revealsAnswer(`So it is ${n}.`, question) &&
          revealsAnswer(`The digits are ${digits.join(' ')}.`, question) &&
          revealsAnswer(digits.map((d) => words[Number(d)]).join(', '), question)
        );
      }),
    );
  });
});
