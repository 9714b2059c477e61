import { describe, expect, it } from 'vitest';
import { describeEveryGeneratedItem } from '../testing/every-generated-item.ts';
import type { GeneratedQuestion } from './math-item.ts';
import { wordingProblems } from './wording-rules.ts';

const RUNS_PER_LEVEL = 300;

const question = (prompt: string, overrides: Partial<GeneratedQuestion> = {}): GeneratedQuestion => ({
  prompt,
  answer: '7',
  explanation: 'One step.',
  answerForm: { kind: 'integer' },
  ...overrides,
});

describe('wordingProblems', () => {
  it('catches each kind of wording defect found in issue 20', () => {
    const cases: [GeneratedQuestion, RegExp][] = [
      [question('A bus leaves at 1:40 a.m. and arrives at 2:30 a.m. the same morning. How many minutes does the journey take?'), /1:40 is not a morning time/],
      [question('What is the probability of rain? Write your answer as a fraction in simplest form, such as 3/4 or 7/4.', { answer: '1/2', answerForm: { kind: 'fraction' } }), /7\/4 is not a probability/],
      [question('Work out 1/2 + 1/4. Write your answer as a fraction in simplest form, such as 3/4 or 7/4.', { answer: '3/4', answerForm: { kind: 'fraction' } }), /example 3\/4 is the answer/],
      [question('What is the mean of these numbers: 1, 2, 4, 5, 7, 9, 8, 3? Write a whole number or a decimal.', { answer: '34.125', answerForm: { kind: 'decimal' } }), /has 3 decimal places/],
      [question('What is the mean? Write it rounded to 2 decimal places.', { answer: '4.13', answerForm: { kind: 'decimal' } }), /answer form does not hold/],
      [question('A rectangle 10 cm long and 8 cm wide has a smaller rectangle 12 cm long and 3 cm wide cut out of one corner. What is left?'), /does not fit/],
      [question('A rectangle 18 cm long and 16 cm wide has a smaller rectangle 12 cm long and 13 cm wide cut out of one corner. What is left?'), /does not fit/],
      [question('Work out 37 ÷ 5. Write the remainder as r, for example 7 r 2.', { answer: '7 r 2', answerForm: { kind: 'remainder' } }), /example 7 r 2 is the answer/],
      [question('Write the ratio 8:12 in simplest form. Write it like 2:3.', { answer: '2:3', answerForm: { kind: 'ratio' } }), /example 2:3 is the answer/],
      [question('What time is it 30 minutes after 3:35? Write the time like 4:05.', { answer: '4:05', answerForm: { kind: 'time' } }), /example 4:05 is the answer/],
      [question('How much change does Kofi get? Write the amount in rupees, like ₹12.50.', { answer: '₹12.50', answerForm: { kind: 'decimal', places: 2, unit: '₹' } }), /example ₹12.50 is the answer/],
      [question('Work out 33.6 × 90. Write your answer as a decimal number.', { answer: '3024', explanation: 'Ignore the decimal points: 3,360 × 90 = 3,02,400.\nThe numbers have 2 decimal places between them, so the answer has 2: 3024.' }), /counts 2 decimal places but the numbers shown have 1/],
      [question('Kofi buys 4 samosas at ₹145.50 each and pays with two ₹500 notes. How much change does Kofi get?'), /not a usual price for samosas/],
      [question('Lena buys 5 tickets at ₹200 each and pays with three ₹500 notes. How much change does Lena get?'), /one note fewer already pays ₹1000/],
      [question('Which is larger: 1/6 or 1/4? Write that fraction.', { answer: '1/4', answerForm: { kind: 'fraction' }, explanation: 'The largest top number is 3, so the largest fraction is 1/4.' }), /superlative/],
      [question('Work out √196 × 8.', { answer: '112' }), /root of the whole product/],
      [question('Asha pays with a ₹2,000 note. How much change does she get?'), /₹2,000 note is not in circulation/],
      [question('What is the value of the digit 4 in 1,234,567?'), /not grouped the Indian way/],
      [question('Work out 2 × 3.', { explanation: '123456 × 2 = 246912.' }), /needs Indian digit grouping/],
      [question('Round 3,45,678 to the nearest hundred thousand.'), /lakh/],
    ];
    for (const [item, problem] of cases) expect(wordingProblems(item).join('\n'), item.prompt).toMatch(problem);
    expect(wordingProblems(question('Round 12,34,567 to the nearest lakh. A bus leaves at 7:40 a.m. Pay with three ₹500 notes.'))).toEqual([]);
    expect(wordingProblems(question('Lena buys 6 tickets at ₹180 each and pays with three ₹500 notes. How much change does Lena get?'))).toEqual([]);
  });
});

describeEveryGeneratedItem('every generated question keeps the wording rules', RUNS_PER_LEVEL, (item) => {
  expect(wordingProblems(item), `${item.id}: ${item.prompt}\n${item.explanation}`).toEqual([]);
});
