import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatSolution, solveMaths, TOO_LARGE, TOO_LONG, type MathSolution } from './math-solver.ts';
import { MAX_DIGITS } from './rational.ts';

// CPU time, not wall time: on a busy machine the process may wait for a core, but the work it does is what one
// message may cost. Before the bounds, `((((((9^12)^12)^12)^12)^12)^12)` alone took 3.6 s (issue 20).
const MAX_CPU_MS_PER_MESSAGE = 250;

function timed(message: string): { solution: MathSolution | null; cpuMs: number } {
  const before = process.cpuUsage();
  const solution = solveMaths(message);
  const used = process.cpuUsage(before);
  return { solution, cpuMs: (used.user + used.system) / 1000 };
}

const REFUSALS = [
  TOO_LARGE,
  TOO_LONG,
  "We can't divide by zero, so this has no answer.",
  'I can only work out powers with a whole-number exponent up to 12.',
];

/** An answer within the bounds, or one of the tutor's clear refusals. */
function isAnswerOrRefusal(solution: MathSolution | null): boolean {
  if (!solution) return false;
  if (solution.kind === 'unsolvable') return REFUSALS.includes(solution.reason);
  const value = solution.value;
  return (
    !value ||
    (value.n.toString().replace('-', '').length <= MAX_DIGITS && value.d.toString().length <= MAX_DIGITS)
  );
}

const tower = (levels: number) => `${'('.repeat(levels)}9^12${')^12'.repeat(levels)}`;

describe('solveMaths on numbers too large to work with', () => {
  it.each([
    `what is ${tower(5)}?`,
    `what is ${tower(6)}?`,
    '99^12 × 99^12',
    '(1/7)^12 ÷ 13^12 ÷ 17^12 ÷ 19^12',
    `${'9'.repeat(25)} × ${'9'.repeat(25)}`,
    `${'1'.repeat(MAX_DIGITS + 1)} + 1`,
    `0.${'0'.repeat(MAX_DIGITS)}1 + 1`,
    `3x = ${'7'.repeat(MAX_DIGITS + 5)}`,
    `5 is what percent of 0.${'0'.repeat(MAX_DIGITS - 2)}1`,
  ])('answers “%s” with a clear refusal, at once', (message) => {
    const { solution, cpuMs } = timed(message);
    expect(solution?.kind).toBe('unsolvable');
    expect(formatSolution(solution!)).toContain('That number is too large for me to work out');
    expect(cpuMs).toBeLessThan(MAX_CPU_MS_PER_MESSAGE);
  });

  it('still works out large numbers within the bound exactly', () => {
    expect(solveMaths('9^12')).toMatchObject({ answer: '282429536481' });
    expect(solveMaths('12345678901234567890 × 12345678901234567890')).toMatchObject({
      answer: '152415787532388367501905199875019052100',
    });
    expect(solveMaths('2^-12')).toMatchObject({ answer: '1/4096 (that is 0.000244140625)' });
  });

  it.each([Array.from({ length: 60 }, (_, i) => i + 1).join(' + '), tower(40)])(
    'refuses an expression longer than it works out in one go: %s',
    (message) => {
      const { solution, cpuMs } = timed(message);
      expect(solution).toMatchObject({ kind: 'unsolvable', reason: TOO_LONG });
      expect(cpuMs).toBeLessThan(MAX_CPU_MS_PER_MESSAGE);
    },
  );
});

describe('math parser fuzzing', () => {
  const literal = fc.oneof(
    fc.integer({ min: 0, max: 20 }).map(String),
    fc.bigInt({ min: 0n, max: 10n ** 60n }).map(String),
    fc.nat({ max: 400 }).map((n) => `${'9'.repeat(n + 1)}`),
    fc.tuple(fc.nat({ max: 99 }), fc.nat({ max: 60 })).map(([a, zeros]) => `${a}.${'0'.repeat(zeros)}7`),
  );
  const op = fc.constantFrom('+', '-', '×', '*', '/', '÷', '^', ' times ', ' divided by ');
  const { expression } = fc.letrec<{ expression: string }>((tie) => ({
    expression: fc.oneof(
      { depthSize: 'large', withCrossShrink: true },
      literal,
      fc.tuple(tie('expression'), op, tie('expression')).map(([l, o, r]) => `(${l} ${o} ${r})`),
      fc
        .tuple(tie('expression'), fc.constantFrom('^12', '^ -12', '^ 11', ' squared', '%'))
        .map(([x, p]) => `(${x})${p}`),
    ),
  }));

  it('answers or refuses every nested expression, with bounded work', () => {
    fc.assert(
      fc.property(expression, literal, (left, right) => {
        const { solution, cpuMs } = timed(`what is ${left} ^ 12 × ${right}?`);
        return isAnswerOrRefusal(solution) && cpuMs < MAX_CPU_MS_PER_MESSAGE;
      }),
      { numRuns: 300 },
    );
  });

  it('answers or refuses towers of powers nested to any depth', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 200 }), fc.integer({ min: 2, max: 99 }), (levels, base) => {
        const { solution, cpuMs } = timed(`${'('.repeat(levels)}${base}^12${')^12'.repeat(levels)}`);
        return isAnswerOrRefusal(solution) && cpuMs < MAX_CPU_MS_PER_MESSAGE;
      }),
      { numRuns: 100 },
    );
  });

  it('returns quickly on long inputs of maths symbols, digits and words, never throwing', () => {
    const piece = fc.constantFrom(
      ...'0123456789+-*/^()=%.,x ÷×'.split(''),
      ' plus ',
      ' of ',
      ' is what percent ',
      '1,000',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 4000 }), (pieces) => {
        const { solution, cpuMs } = timed(pieces.join(''));
        return (solution === null || formatSolution(solution).length > 0) && cpuMs < MAX_CPU_MS_PER_MESSAGE;
      }),
      { numRuns: 100 },
    );
  });

  it('returns quickly on any text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 3000 }), (text) => {
        const { cpuMs } = timed(text);
        return cpuMs < MAX_CPU_MS_PER_MESSAGE;
      }),
      { numRuns: 100 },
    );
  });
});
