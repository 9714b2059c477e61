import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatSolution, solveMaths } from './math-solver.ts';
import { format, toNumber } from './rational.ts';

// Each expected answer was worked out by hand, independently of the solver.
const CASES: [message: string, kind: string, answer: string][] = [
  ['What is 2 + 3 × 4?', 'arithmetic', '14'],
  ['(2 + 3) * 4', 'arithmetic', '20'],
  ['what is 7 x 8', 'arithmetic', '56'],
  ['100 - 37 - 21', 'arithmetic', '42'],
  ['144 ÷ 12', 'arithmetic', '12'],
  ['2^10', 'arithmetic', '1024'],
  ['3 squared plus 4 squared', 'arithmetic', '25'],
  ['12 divided by 5', 'arithmetic', '12/5'],
  ['2.5 * 4 + 0.1', 'arithmetic', '10.1'],
  ['1,200 + 300', 'arithmetic', '1500'],
  ['-3 * -2', 'arithmetic', '6'],
  ['2 - (3 - 5)', 'arithmetic', '4'],
  ['can you help me with 3/4 + 1/6', 'arithmetic', '11/12'],
  ['5/6 - 1/4', 'arithmetic', '7/12'],
  ['2/3 × 3/4', 'arithmetic', '1/2'],
  ['what is 2/3 divided by 4/5', 'arithmetic', '5/6'],
  ['1/2 + 1/3 + 1/6', 'arithmetic', '1'],
  ['what is 15% of 80?', 'percent', '12'],
  ['25 percent of 360', 'percent', '90'],
  ['12 is what percent of 80?', 'percent', '15'],
  ['what percent of 40 is 10', 'percent', '25'],
  ['Solve 2x + 3 = 11', 'equation', '4'],
  ['3(x - 2) = 12', 'equation', '6'],
  ['x/4 + 1 = 3', 'equation', '8'],
  ['5x - 2 = 3x + 8', 'equation', '5'],
  ['7 - y = 10', 'equation', '-3'],
  ['2n + 1 = 4', 'equation', '3/2'],
  ['0.5x = 3', 'equation', '6'],
];

describe('solveMaths', () => {
  it.each(CASES)('works out %s', (message, kind, answer) => {
    const solution = solveMaths(message);
    expect(solution?.kind).toBe(kind);
    if (!solution || solution.kind === 'unsolvable') throw new Error('no solution');
    expect(format(solution.value!, true) === answer || format(solution.value!) === answer).toBe(true);
    expect(solution.steps.length).toBeGreaterThan(0);
  });

  it('shows its working step by step, in order', () => {
    const text = formatSolution(solveMaths('2 + 3 × 4')!);
    expect(text).toBe(
      [
        "Let's work out 2 + 3 × 4 step by step.",
        '1. Multiply and divide before adding and subtracting: 3 × 4 = 12, so now we have 2 + 12.',
        '2. 2 + 12 = 14.',
        'So 2 + 3 × 4 = 14.',
      ].join('\n'),
    );
    expect(formatSolution(solveMaths('3/4 + 1/6')!)).toContain(
      'give them the same denominator, 12: 9/12 + 2/12 = 11/12',
    );
    const equation = formatSolution(solveMaths('Solve 2x + 3 = 11')!);
    expect(equation).toContain('Subtract 3 from both sides: 2x = 8.');
    expect(equation).toContain('Divide both sides by 2: x = 8 ÷ 2 = 4.');
    expect(equation).toContain('The left side is 11 and the right side is 11');
  });

  it('checks every equation answer by putting it back in', () => {
    for (const [message, kind] of CASES) {
      if (kind !== 'equation') continue;
      const solution = solveMaths(message)!;
      expect(formatSolution(solution)).toMatch(/Check: .* so it works\./);
    }
  });

  it.each([
    ['5 / 0', "can't divide by zero"],
    ['x^2 = 4', 'first power'],
    ['x + y = 4', '2 unknowns'],
  ])('explains what it cannot solve: %s', (message, reason) => {
    const solution = solveMaths(message);
    expect(solution?.kind).toBe('unsolvable');
    expect(formatSolution(solution!)).toContain(reason);
  });

  it.each([
    ['3 + 4 = 7', 'true'],
    ['2 × 5 = 12', 'false (the left side is 10)'],
  ])('checks a statement: %s', (message, answer) => {
    expect(solveMaths(message)).toMatchObject({ kind: 'check', answer });
  });

  it.each(['hello there', 'I have 3 apples', 'What is photosynthesis?', 'chapter 3'])(
    'finds no maths in %s',
    (message) => {
      expect(solveMaths(message)).toBeNull();
    },
  );

  it('agrees with floating-point arithmetic on random expressions', () => {
    const operand = fc.integer({ min: -50, max: 50 });
    const op = fc.constantFrom('+', '-', '*', '/');
    fc.assert(
      fc.property(operand, fc.array(fc.tuple(op, operand), { minLength: 1, maxLength: 5 }), (first, rest) => {
        const text = [String(first), ...rest.map(([o, n]) => `${o} (${n})`)].join(' ');
        // JavaScript evaluates the same text independently (same precedence rules): the oracle, not the code.
        // eslint-disable-next-line @typescript-eslint/no-implied-eval
        const expected = Function(`"use strict"; return (${text});`)() as number;
        const solution = solveMaths(text);
        if (!Number.isFinite(expected)) return solution?.kind === 'unsolvable';
        if (!solution || solution.kind === 'unsolvable') return false;
        return Math.abs(toNumber(solution.value!) - expected) <= 1e-9 * Math.max(1, Math.abs(expected));
      }),
      { numRuns: 300 },
    );
  });

  it('solves random linear equations exactly', () => {
    const small = fc.integer({ min: -20, max: 20 });
    fc.assert(
      fc.property(
        small.filter((a) => a !== 0),
        small,
        small,
        (a, x, b) => {
          // a·x + b = c with c built from a known solution x.
          const c = a * x + b;
          const solution = solveMaths(`${a}x + (${b}) = ${c}`);
          return solution?.kind === 'equation' && toNumber(solution.value!) === x;
        },
      ),
      { numRuns: 200 },
    );
  });
});
