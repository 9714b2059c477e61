import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type OracleAnswer, type Rational, solvePrompt } from '../testing/math-oracle.ts';
import { checkFreeTextAnswer } from './answer-check.ts';
import { generateMathItem, MATH_GENERATOR_SKILLS, parseMathItemId } from './generate-math-item.ts';
import { MATH_DIFFICULTIES, type MathDifficulty, type MathItem } from './math-item.ts';

/** Seeds per skill and difficulty: 5 levels × 500 = 2,500 seeds per skill. */
const RUNS_PER_LEVEL = 500;
const EFFORT_SEEDS = 300;
// The form sentence ending a prompt ("Write the time like 4:05.") is not part of the work.
const FORM_NOTE = /\s(Write (your answer|the exact answer|the remainder|the time|it like|the amount|a whole number|the probability)).*$/;
const seedArbitrary = fc.integer({ min: 0, max: 0xffffffff });

/** Reads a canonical answer back into the oracle's shape, without the generator's helpers. */
function readAnswer(item: MathItem): OracleAnswer {
  const text = item.answer.replace(/^₹/, '').replace(/( cm²| cm|°|%| minutes)$/, '').replace(/,/g, '');
  const form = item.answerForm.kind;
  if (form === 'remainder') {
    const [quotient = 0, remainder = 0] = text.split(' r ').map(Number);
    return { kind: 'remainder', quotient, remainder };
  }
  if (form === 'ratio') return { kind: 'ratio', parts: text.split(':').map(Number) as [number, number] };
  if (form === 'time') return { kind: 'clock', minutes: Number(text.split(':')[0]) * 60 + Number(text.split(':')[1]) };
  if (form === 'fraction') {
    const [n = 0, d = 1] = text.split('/').map(Number);
    return { kind: 'number', value: [n, d] };
  }
  const [whole = '', fraction = ''] = text.split('.');
  const scale = 10 ** fraction.length;
  const numerator = Number(`${whole}${fraction}`);
  const divisor = gcd(Math.abs(numerator), scale);
  return { kind: 'number', value: [numerator / divisor + 0, scale / divisor] as Rational };
}
const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/** SPEC: the answer is in the form the question states. */
const FORM_PATTERNS: Record<MathItem['answerForm']['kind'], RegExp> = {
  integer: /^(₹)?-?(0|[1-9]\d*)(°|%| cm²| cm| minutes)?$/,
  decimal: /^(₹[1-9]\d{0,2}(,\d{3})*(\.\d\d)?|₹0\.\d\d|-?(0|[1-9]\d*)(\.\d*[1-9])?)$/,
  fraction: /^[1-9]\d*\/([2-9]|[1-9]\d+)$/,
  remainder: /^(0|[1-9]\d*) r [1-9]\d*$/,
  ratio: /^[1-9]\d*:[1-9]\d*$/,
  time: /^([1-9]|1[0-2]):[0-5]\d$/,
};

describe('generateMathItem', () => {
  for (const skill of MATH_GENERATOR_SKILLS) {
    describe(skill, () => {
      it('states an answer that an independent solver of the prompt agrees with, in the stated form, with no degenerate text', () => {
        for (const difficulty of MATH_DIFFICULTIES) {
          fc.assert(
            fc.property(seedArbitrary, (seed) => {
              const item = generateMathItem(skill, difficulty, seed);
              expect(readAnswer(item), `${item.id}: ${item.prompt}`).toEqual(solvePrompt(skill, item.prompt));
              expect(item.answer).toMatch(FORM_PATTERNS[item.answerForm.kind]);
              expect(checkFreeTextAnswer(item, item.answer)).toBe(true);
              const read = readAnswer(item);
              if (item.answerForm.kind === 'fraction' && read.kind === 'number') expect(gcd(read.value[0], read.value[1])).toBe(1);
              for (const text of [item.prompt, item.answer, item.explanation]) {
                expect(text).not.toMatch(/NaN|Infinity|undefined|\[object|(^|[^\d])-0(?![.\d])|÷ 0(?!\.)|\+ 0\b|−0\b/);
              }
              // No zero or negative lengths, areas, angles, times or prices.
              if (['perimeter-area', 'angles', 'time', 'money'].includes(skill)) expect(item.prompt).not.toMatch(/[−-]\d| 0 (cm|minutes)|₹0\b/);
            }),
            { numRuns: RUNS_PER_LEVEL },
          );
        }
      });

      it('gives the same item for the same arguments and an id that parses back', () => {
        fc.assert(
          fc.property(seedArbitrary, fc.constantFrom(...MATH_DIFFICULTIES), (seed, difficulty) => {
            const item = generateMathItem(skill, difficulty, seed);
            expect(generateMathItem(skill, difficulty, seed)).toEqual(item);
            expect(item.id).toBe(`math:${skill}:${difficulty}:${seed}`);
            expect(parseMathItemId(item.id)).toEqual({ skill, difficulty, seed });
          }),
          { numRuns: 200 },
        );
      });

      it('gets harder with the level: bigger numbers or more steps', () => {
        // Effort proxy: digits the learner must handle plus worked steps, averaged over many seeds.
        const effort = (difficulty: MathDifficulty): number => {
          let total = 0;
          for (let seed = 0; seed < EFFORT_SEEDS; seed += 1) {
            const item = generateMathItem(skill, difficulty, seed);
            const question = item.prompt.replace(FORM_NOTE, '').replace(/(\d),(?=\d)/g, '$1');
            total += (question.match(/\d/g) ?? []).length + 2 * item.explanation.split('\n').length;
          }
          return total / EFFORT_SEEDS;
        };
        const [one = 0, two = 0, three = 0, four = 0, five = 0] = MATH_DIFFICULTIES.map(effort);
        const levels = [one, two, three, four, five].map((value) => value.toFixed(1)).join(', ');
        expect(four + five, `effort by level: ${levels}`).toBeGreaterThan(one + two);
        expect(five, `effort by level: ${levels}`).toBeGreaterThan(one);
        expect(three, `effort by level: ${levels}`).toBeGreaterThanOrEqual(one * 0.9);
      });
    });
  }

  it('rejects unknown skills, bad difficulties and seeds outside uint32', () => {
    expect(() => generateMathItem('juggling', 1, 1)).toThrow(/no mathematics generator/);
    expect(() => generateMathItem('addition', 6 as MathDifficulty, 1)).toThrow(/difficulty/);
    expect(() => generateMathItem('addition', 1, 2 ** 32)).toThrow(/uint32/);
    expect(() => generateMathItem('addition', 1, -1)).toThrow(/uint32/);
  });
});

describe('parseMathItemId', () => {
  it('accepts only canonical ids of known skills', () => {
    expect(parseMathItemId('math:addition:3:42')).toEqual({ skill: 'addition', difficulty: 3, seed: 42 });
    for (const bad of ['math:addition:3:042', 'math:addition:6:1', 'math:juggling:1:1', 'math:addition:1:4294967296', 'science:cells:01', 'math:addition:1:-1']) {
      expect(parseMathItemId(bad), bad).toBeUndefined();
    }
  });
});
