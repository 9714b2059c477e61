import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkChoiceAnswer, checkFreeTextAnswer } from './answer-check.ts';
import type { AnswerForm } from './math-item.ts';

const item = (answer: string, answerForm: AnswerForm): { answer: string; answerForm: AnswerForm } => ({ answer, answerForm });

describe('checkFreeTextAnswer', () => {
  it('compares trimmed and ignoring case (SPEC)', () => {
    expect(checkFreeTextAnswer(item('7 r 2', { kind: 'remainder' }), '  7 R 2 ')).toBe(true);
    expect(checkFreeTextAnswer(item('24 cm', { kind: 'integer', unit: 'cm' }), '24 CM')).toBe(true);
  });

  it('accepts whole numbers with or without correct thousands commas, but not other forms', () => {
    const form = item('124550', { kind: 'integer' });
    for (const ok of ['124550', '124,550', '1,24,550', '+124550']) expect(checkFreeTextAnswer(form, ok), ok).toBe(true);
    for (const bad of ['124550.0', '12,4550', '0124550', '124 550', '124551', '']) expect(checkFreeTextAnswer(form, bad), bad).toBe(false);
    expect(checkFreeTextAnswer(item('-5', { kind: 'integer' }), '−5')).toBe(true);
  });

  it('accepts numerically equal decimals only where a decimal is asked', () => {
    const form = item('0.5', { kind: 'decimal' });
    for (const ok of ['0.5', '.5', '0.50']) expect(checkFreeTextAnswer(form, ok), ok).toBe(true);
    for (const bad of ['1/2', '0.51', '5', '0.5.0']) expect(checkFreeTextAnswer(form, bad), bad).toBe(false);
    expect(checkFreeTextAnswer(item('3', { kind: 'integer' }), '3.0')).toBe(false);
  });

  it('rejects more decimal places than the question allows', () => {
    const form = item('₹12.50', { kind: 'decimal', places: 2, unit: '₹' });
    for (const ok of ['12.50', '12.5', '₹12.50', 'Rs. 12.50', 'rs 12.5', '12.50 rupees']) expect(checkFreeTextAnswer(form, ok), ok).toBe(true);
    for (const bad of ['12.500', '12.05', '$12.50']) expect(checkFreeTextAnswer(form, bad), bad).toBe(false);
  });

  it('accepts a fraction only in simplest form when simplest form is asked', () => {
    const form = item('3/4', { kind: 'fraction' });
    for (const ok of ['3/4', '3 / 4', ' 3/4 ']) expect(checkFreeTextAnswer(form, ok), ok).toBe(true);
    for (const bad of ['6/8', '0.75', '3/4.0', '-3/4', '34']) expect(checkFreeTextAnswer(form, bad), bad).toBe(false);
  });

  it('accepts a remainder written with r and any spacing around it', () => {
    const form = item('7 r 2', { kind: 'remainder' });
    for (const ok of ['7 r 2', '7r2', '7 r2', '7R2', '7  r  2']) expect(checkFreeTextAnswer(form, ok), ok).toBe(true);
    for (const bad of ['7 remainder 2', '7.2', '7 r 3', 'r 2', '7']) expect(checkFreeTextAnswer(form, bad), bad).toBe(false);
  });

  it('accepts units, ratios and clock times in their stated forms', () => {
    expect(checkFreeTextAnswer(item('108°', { kind: 'integer', unit: '°' }), '108 degrees')).toBe(true);
    expect(checkFreeTextAnswer(item('24 cm²', { kind: 'integer', unit: 'cm²' }), '24cm2')).toBe(true);
    expect(checkFreeTextAnswer(item('24 cm²', { kind: 'integer', unit: 'cm²' }), '24 cm')).toBe(false);
    expect(checkFreeTextAnswer(item('35%', { kind: 'integer', unit: '%' }), '35')).toBe(true);
    expect(checkFreeTextAnswer(item('9:7', { kind: 'ratio' }), '9 : 7')).toBe(true);
    expect(checkFreeTextAnswer(item('9:7', { kind: 'ratio' }), '18:14')).toBe(false);
    expect(checkFreeTextAnswer(item('4:05', { kind: 'time' }), '04.05')).toBe(true);
    expect(checkFreeTextAnswer(item('4:05', { kind: 'time' }), '4:5')).toBe(false);
  });

  it('accepts the forms children type for the right value (issue 20), and the same forms of a wrong value stay wrong', () => {
    const solve = item('7', { kind: 'integer', variable: 'x' });
    for (const ok of ['x = 7', 'x=7', 'X = 7', 'x =7', '7']) expect(checkFreeTextAnswer(solve, ok), ok).toBe(true);
    for (const bad of ['x = 8', 'y = 7', 'x7', '= 7', 'x == 7']) expect(checkFreeTextAnswer(solve, bad), bad).toBe(false);
    // Only where the question asks for a letter.
    expect(checkFreeTextAnswer(item('7', { kind: 'integer' }), 'x = 7')).toBe(false);
    expect(checkFreeTextAnswer(item('-35', { kind: 'integer', variable: 'x' }), 'x = - 35')).toBe(true);

    const negative = item('-35', { kind: 'integer' });
    for (const ok of ['- 35', '−35', '− 35', '-35']) expect(checkFreeTextAnswer(negative, ok), ok).toBe(true);
    for (const bad of ['- 36', '35', '--35', '- - 35']) expect(checkFreeTextAnswer(negative, bad), bad).toBe(false);

    const rupees = item('₹600', { kind: 'integer', unit: '₹' });
    for (const ok of ['600.00', '₹600.00', '₹600', 'Rs. 600.0', '₹600/-', '600 rupees']) expect(checkFreeTextAnswer(rupees, ok), ok).toBe(true);
    for (const bad of ['601.00', '₹600.50', '600.000', '₹6,00.00']) expect(checkFreeTextAnswer(rupees, bad), bad).toBe(false);
    // Paise are not invented for other units.
    expect(checkFreeTextAnswer(item('600', { kind: 'integer' }), '600.00')).toBe(false);

    const division = item('1136 r 2', { kind: 'remainder' });
    for (const ok of ['1,136 r 2', '1136 r 2', '1,136r2']) expect(checkFreeTextAnswer(division, ok), ok).toBe(true);
    for (const bad of ['1,137 r 2', '11,36 r 2', '1,136 r 3']) expect(checkFreeTextAnswer(division, bad), bad).toBe(false);

    const area = item('28 cm²', { kind: 'integer', unit: 'cm²' });
    for (const ok of ['28 sq. cm', '28 sq.cm', '28 sq cm', '28 SQ. CM', '28 cm²']) expect(checkFreeTextAnswer(area, ok), ok).toBe(true);
    for (const bad of ['29 sq. cm', '28 sq.', '28 cms']) expect(checkFreeTextAnswer(area, bad), bad).toBe(false);

    const angle = item('135°', { kind: 'integer', unit: '°' });
    for (const ok of ['135º', '135˚', '135 º', '135°']) expect(checkFreeTextAnswer(angle, ok), ok).toBe(true);
    expect(checkFreeTextAnswer(angle, '136º')).toBe(false);

    const length = item('10 cm', { kind: 'integer', unit: 'cm' });
    for (const ok of ['10 cms', '10cms', '10 CMS']) expect(checkFreeTextAnswer(length, ok), ok).toBe(true);
    for (const bad of ['11 cms', '10 cm²', '10 sq cm']) expect(checkFreeTextAnswer(length, bad), bad).toBe(false);
  });

  it('never accepts a different whole number', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e6, max: 1e6 }), fc.integer({ min: -1e6, max: 1e6 }), (answer, given) => {
        const expected = answer === given;
        expect(checkFreeTextAnswer(item(String(answer), { kind: 'integer' }), String(given))).toBe(expected);
      }),
    );
  });
});

describe('checkChoiceAnswer', () => {
  it('is right only for the index of the correct choice', () => {
    const choice = { answer: 2, choices: ['a', 'b', 'c'] };
    expect([0, 1, 2, 3, -1, 2.5].map((index) => checkChoiceAnswer(choice, index))).toEqual([false, false, true, false, false, false]);
  });
});
