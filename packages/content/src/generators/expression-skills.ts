import { integerText, signed, withCommas } from './math-format.ts';
import type { GeneratedQuestion, MathDifficulty } from './math-item.ts';
import type { MathGenerator } from './number-skills.ts';
import type { Rng } from './prng.ts';

const WHOLE = { kind: 'integer' } as const;
/** The equations ask "What is x?", so `x = 7` is an answer too. */
const SOLUTION = { kind: 'integer', variable: 'x' } as const;
const steps = (...lines: string[]): string => lines.join('\n');
const nonZero = (rng: Rng, low: number, high: number): number => {
  const value = rng.int(low, high);
  return value === 0 ? high : value;
};

function negativeNumbers(rng: Rng, difficulty: MathDifficulty): GeneratedQuestion {
  const a = nonZero(rng, -12, 12);
  const b = nonZero(rng, 2, 15);
  const c = nonZero(rng, -9, 9);
  switch (difficulty) {
    case 1: {
      const start = -rng.int(1, 20);
      const add = rng.int(2, 20);
      return { prompt: `Work out ${signed(start, false)} + ${add}.`, answer: integerText(start + add), explanation: steps(`Start at ${signed(start, false)} on the number line and move ${add} to the right.`, `You land on ${signed(start + add, false)}.`), answerForm: WHOLE };
    }
    case 2: {
      const start = rng.int(1, 20);
      const take = start + rng.int(1, 15);
      return { prompt: `Work out ${start} − ${take}.`, answer: integerText(start - take), explanation: steps(`Start at ${start} and move ${take} to the left on the number line.`, `You pass 0 and land on ${signed(start - take, false)}.`), answerForm: WHOLE };
    }
    case 3: {
      const d = -rng.int(1, 12);
      return { prompt: `Work out ${signed(a, false)} − ${signed(d)}.`, answer: integerText(a - d), explanation: steps(`Subtracting a negative number is the same as adding the positive number: ${signed(a, false)} − ${signed(d)} = ${signed(a, false)} + ${-d}.`, `${signed(a, false)} + ${-d} = ${signed(a - d, false)}.`), answerForm: WHOLE };
    }
    case 4: {
      const left = rng.int(-15, -2);
      const right = nonZero(rng, -12, 12);
      const product = left * right;
      return { prompt: `Work out ${signed(left, false)} × ${signed(right)}.`, answer: integerText(product), explanation: steps(`${-left} × ${Math.abs(right)} = ${Math.abs(product)}.`, right < 0 ? 'A negative times a negative is positive.' : 'A negative times a positive is negative.', `So the answer is ${signed(product, false)}.`), answerForm: WHOLE };
    }
    case 5: {
      const left = nonZero(rng, -9, -2);
      const right = nonZero(rng, -9, 9);
      const product = left * right;
      const sum = product + c * b;
      return {
        prompt: `Work out ${signed(left, false)} × ${signed(right)} + ${signed(c)} × ${b}.`,
        answer: integerText(sum),
        explanation: steps(`Multiply first: ${signed(left, false)} × ${signed(right)} = ${signed(product, false)} and ${signed(c)} × ${b} = ${signed(c * b, false)}.`, `Then add: ${signed(product, false)} + ${signed(c * b)} = ${signed(sum, false)}.`),
        answerForm: WHOLE,
      };
    }
  }
}

function orderOfOperations(rng: Rng, difficulty: MathDifficulty): GeneratedQuestion {
  const n = (low: number, high: number): number => rng.int(low, high);
  for (;;) {
    let prompt: string;
    let work: string[];
    let value: number;
    if (difficulty === 1) {
      const [a, b, c] = [n(2, 20), n(2, 9), n(2, 9)];
      [prompt, value, work] = [`${a} + ${b} × ${c}`, a + b * c, [`Multiply first: ${b} × ${c} = ${b * c}.`, `Then add: ${a} + ${b * c} = ${a + b * c}.`]];
    } else if (difficulty === 2) {
      const [a, b, c, d] = [n(2, 12), n(2, 9), n(2, 9), n(2, 9)];
      [prompt, value, work] = [`${a} × ${b} − ${c} × ${d}`, a * b - c * d, [`Multiply first: ${a} × ${b} = ${a * b} and ${c} × ${d} = ${c * d}.`, `Then subtract: ${a * b} − ${c * d} = ${a * b - c * d}.`]];
    } else if (difficulty === 3) {
      const [a, b, c, d] = [n(2, 15), n(2, 15), n(2, 9), n(2, 30)];
      [prompt, value, work] = [`(${a} + ${b}) × ${c} − ${d}`, (a + b) * c - d, [`Brackets first: ${a} + ${b} = ${a + b}.`, `Then multiply: ${a + b} × ${c} = ${(a + b) * c}.`, `Then subtract: ${(a + b) * c} − ${d} = ${(a + b) * c - d}.`]];
    } else if (difficulty === 4) {
      const [e, q, d] = [n(2, 9), n(2, 9), n(1, 9)];
      const c = d + e * q;
      const a = n(2, 30);
      const b = n(2, 6);
      [prompt, value, work] = [`${a} + ${b} × (${c} − ${d}) ÷ ${e}`, a + (b * (c - d)) / e, [`Brackets first: ${c} − ${d} = ${c - d}.`, `Multiply and divide from left to right: ${b} × ${c - d} = ${b * (c - d)}, then ${b * (c - d)} ÷ ${e} = ${(b * (c - d)) / e}.`, `Then add: ${a} + ${(b * (c - d)) / e} = ${a + (b * (c - d)) / e}.`]];
    } else {
      const [a, b, c, d, e] = [n(6, 15), n(1, 5), n(2, 9), n(2, 9), n(2, 6)];
      const square = (a - b) ** 2;
      [prompt, value, work] = [
        `(${a} − ${b})² − ${c} × ${d} + ${e}²`,
        square - c * d + e * e,
        [`Brackets first: ${a} − ${b} = ${a - b}.`, `Powers next: ${a - b}² = ${square} and ${e}² = ${e * e}.`, `Multiply: ${c} × ${d} = ${c * d}.`, `Then from left to right: ${square} − ${c * d} + ${e * e} = ${square - c * d + e * e}.`],
      ];
    }
    // Keep answers whole and not negative, since this skill comes before negative numbers for some learners.
    if (!Number.isInteger(value) || value < 0) continue;
    return { prompt: `Work out ${prompt}.`, answer: integerText(value), explanation: steps('Use the order of operations: brackets, then powers, then × and ÷, then + and −.', ...work), answerForm: WHOLE };
  }
}

const SUPERSCRIPTS = ['⁰', '¹', '²', '³', '⁴', '⁵', '⁶', '⁷', '⁸', '⁹'];
const power = (base: number, exponent: number): string => `${base}${[...String(exponent)].map((digit) => SUPERSCRIPTS[Number(digit)]).join('')}`;

/** Two different numbers from `low` to `high`, larger first, every pair equally likely. */
function distinctPair(rng: Rng, low: number, high: number): [number, number] {
  for (;;) {
    const [a, b] = [rng.int(low, high), rng.int(low, high)];
    if (a !== b) return [Math.max(a, b), Math.min(a, b)];
  }
}

/** Picks one of several question shapes with the given weights (they need not add up to 1). */
function weighted<T>(rng: Rng, choices: readonly (readonly [number, () => T])[]): T {
  let roll = rng.next() * choices.reduce((sum, [weight]) => sum + weight, 0);
  for (const [weight, make] of choices) {
    roll -= weight;
    if (roll < 0) return make();
  }
  const last = choices[choices.length - 1];
  if (!last) throw new Error('no choices');
  return last[1]();
}

/** Powers a learner meets by level 2: cubes to 10³, fourth and fifth powers of small numbers, powers of 2 to 2¹⁰. */
const SMALL_POWERS: readonly (readonly [number, number])[] = [
  ...Array.from({ length: 9 }, (_, i) => [i + 2, 3] as const),
  ...[2, 3, 4, 5].map((base) => [base, 4] as const),
  ...[2, 3, 4].map((base) => [base, 5] as const),
  ...[6, 7, 8, 9, 10].map((exponent) => [2, exponent] as const),
];

function powersRoots(rng: Rng, difficulty: MathDifficulty): GeneratedQuestion {
  const question = (expression: string, value: number, ...work: string[]): GeneratedQuestion => ({
    prompt: `Work out ${expression}.`,
    answer: integerText(value),
    explanation: steps(...work, `So ${expression} = ${withCommas(value)}.`),
    answerForm: WHOLE,
  });
  const square = (n: number): string => `${power(n, 2)} = ${n} × ${n} = ${n * n}`;
  const squareRoot = (n: number): string => `√${n * n} = ${n}, because ${n} × ${n} = ${n * n}`;
  const cubeRoot = (n: number): string => `∛${withCommas(n ** 3)} = ${n}, because ${n} × ${n} × ${n} = ${withCommas(n ** 3)}`;
  switch (difficulty) {
    case 1:
      return weighted(rng, [
        [1, () => { const a = rng.int(2, 25); return question(power(a, 2), a * a, `${power(a, 2)} means ${a} × ${a}.`); }],
        [5, () => { const [a, b] = [rng.int(2, 12), rng.int(2, 12)]; return question(`${power(a, 2)} + ${power(b, 2)}`, a * a + b * b, `${square(a)} and ${square(b)}.`, `Add: ${a * a} + ${b * b} = ${a * a + b * b}.`); }],
        [4, () => { const [a, b] = distinctPair(rng, 2, 15); return question(`${power(a, 2)} − ${power(b, 2)}`, a * a - b * b, `${square(a)} and ${square(b)}.`, `Subtract: ${a * a} − ${b * b} = ${a * a - b * b}.`); }],
      ]);
    case 2:
      return weighted(rng, [
        [1, () => { const [a, m] = rng.pick(SMALL_POWERS); return question(power(a, m), a ** m, `${power(a, m)} means ${Array.from({ length: m }, () => a).join(' × ')}.`); }],
        [4.5, () => { const [a, b] = [rng.int(2, 9), rng.int(2, 15)]; return question(`${power(a, 3)} + ${power(b, 2)}`, a ** 3 + b * b, `${power(a, 3)} = ${a} × ${a} × ${a} = ${a ** 3} and ${square(b)}.`, `Add: ${a ** 3} + ${b * b} = ${a ** 3 + b * b}.`); }],
        [4.5, () => {
          for (;;) {
            const [a, m] = rng.pick(SMALL_POWERS);
            const b = rng.int(2, 9);
            if (a ** m <= b * b) continue;
            return question(`${power(a, m)} − ${power(b, 2)}`, a ** m - b * b, `${power(a, m)} = ${withCommas(a ** m)} and ${square(b)}.`, `Subtract: ${withCommas(a ** m)} − ${b * b} = ${withCommas(a ** m - b * b)}.`);
          }
        }],
      ]);
    // A root is written after its multiplier (3 × √144): in plain text √144 × 3 could be read as √(144 × 3).
    case 3:
      return weighted(rng, [
        [2, () => { const r = rng.int(4, 30); return question(`√${r * r}`, r, `√${r * r} is the number that times itself makes ${r * r}.`, `${squareRoot(r)}.`); }],
        [4, () => { const [r, t] = [rng.int(2, 15), rng.int(2, 15)]; return question(`√${r * r} + √${t * t}`, r + t, `${squareRoot(r)}.`, `${squareRoot(t)}.`, `Add: ${r} + ${t} = ${r + t}.`); }],
        [4, () => { const [r, k] = [rng.int(2, 15), rng.int(2, 9)]; return question(`${k} × √${r * r}`, r * k, `${squareRoot(r)}.`, `Multiply: ${k} × ${r} = ${r * k}.`); }],
      ]);
    case 4:
      return weighted(rng, [
        [2.5, () => { const r = rng.int(2, 40); return question(`∛${withCommas(r ** 3)}`, r, `∛${withCommas(r ** 3)} is the number that, used three times in a product, makes ${withCommas(r ** 3)}.`, `${cubeRoot(r)}.`); }],
        [4, () => { const [r, t] = [rng.int(2, 12), rng.int(2, 15)]; return question(`∛${withCommas(r ** 3)} + √${t * t}`, r + t, `${cubeRoot(r)}.`, `${squareRoot(t)}.`, `Add: ${r} + ${t} = ${r + t}.`); }],
        [3.5, () => { const [r, k] = [rng.int(2, 12), rng.int(2, 9)]; return question(`${k} × ∛${withCommas(r ** 3)}`, r * k, `${cubeRoot(r)}.`, `Multiply: ${k} × ${r} = ${r * k}.`); }],
      ]);
    case 5: {
      const [a, m] = [rng.int(2, 3), rng.int(3, 5)];
      const [b, k] = [rng.int(3, 7), 2];
      const root = rng.int(4, 15);
      const value = a ** m * b ** k - root;
      return {
        prompt: `Work out ${power(a, m)} × ${power(b, k)} − √${root * root}.`,
        answer: integerText(value),
        explanation: steps(`${power(a, m)} = ${a ** m} and ${power(b, k)} = ${b ** k}.`, `√${root * root} = ${root}, because ${root} × ${root} = ${root * root}.`, `${a ** m} × ${b ** k} = ${withCommas(a ** m * b ** k)}, and ${withCommas(a ** m * b ** k)} − ${root} = ${withCommas(value)}.`),
        answerForm: WHOLE,
      };
    }
  }
}

/** Writes `coefficient·x` the way a textbook does: `x`, `4x`. */
const term = (coefficient: number): string => (coefficient === 1 ? 'x' : `${coefficient}x`);
const plusMinus = (value: number): string => (value < 0 ? `− ${-value}` : `+ ${value}`);

function equationsOneStep(rng: Rng, difficulty: MathDifficulty): GeneratedQuestion {
  // Later levels use bigger numbers, and level 5 has a negative solution.
  const x = difficulty === 5 ? -rng.int(11, 99) : rng.int(2, ([20, 30, 25, 25] as const)[difficulty - 1] ?? 20);
  const a = difficulty === 5 ? rng.int(20, 99) : rng.int(2, difficulty <= 2 ? 30 : 12);
  const cases: Record<MathDifficulty, () => [string, string]> = {
    1: () => [`x + ${a} = ${x + a}`, `Take ${a} from both sides: x = ${x + a} − ${a} = ${x}.`],
    2: () => [`x − ${a} = ${x - a < 0 ? `−${a - x}` : x - a}`, `Add ${a} to both sides: x = ${x - a < 0 ? `−${a - x}` : x - a} + ${a} = ${x}.`],
    3: () => [`${a}x = ${a * x}`, `Divide both sides by ${a}: x = ${a * x} ÷ ${a} = ${x}.`],
    4: () => [`x ÷ ${a} = ${x}`, `Multiply both sides by ${a}: x = ${x} × ${a} = ${a * x}.`],
    5: () => [`x + ${a} = ${signed(x + a, false)}`, `Take ${a} from both sides: x = ${signed(x + a, false)} − ${a} = ${signed(x, false)}.`],
  };
  const [equation, work] = cases[difficulty]();
  const solution = difficulty === 4 ? a * x : x;
  return {
    prompt: `Solve ${equation}. What is x?`,
    answer: integerText(solution),
    explanation: steps(
      'Do the same to both sides to get x on its own.',
      ...(difficulty >= 4 ? [difficulty === 4 ? `Dividing by ${a} is undone by multiplying by ${a}.` : `Adding ${a} is undone by taking ${a} away.`] : []),
      work,
      `Check: put x = ${signed(solution, false)} back into ${equation}.`,
    ),
    answerForm: SOLUTION,
  };
}

function equationsTwoStep(rng: Rng, difficulty: MathDifficulty): GeneratedQuestion {
  const x = difficulty >= 4 ? nonZero(rng, -12, 12) : rng.int(1, 12);
  const a = rng.int(2, 9);
  const b = nonZero(rng, difficulty === 1 ? 1 : -20, 20);
  if (difficulty <= 2 || difficulty === 4) {
    const right = a * x + b;
    const equation = `${term(a)} ${plusMinus(b)} = ${signed(right, false)}`;
    return {
      prompt: `Solve ${equation}. What is x?`,
      answer: integerText(x),
      explanation: steps(`${b > 0 ? 'Take' : 'Add'} ${Math.abs(b)} ${b > 0 ? 'from' : 'to'} both sides: ${term(a)} = ${signed(right - b, false)}.`, `Divide both sides by ${a}: x = ${signed(right - b, false)} ÷ ${a} = ${signed(x, false)}.`),
      answerForm: SOLUTION,
    };
  }
  if (difficulty === 3) {
    const c = rng.int(1, 15);
    const quotient = rng.int(Math.floor(c / a) + 1, Math.floor(c / a) + 9);
    const total = quotient * a;
    return {
      prompt: `Solve (x + ${c}) ÷ ${a} = ${quotient}. What is x?`,
      answer: integerText(total - c),
      explanation: steps(
        `Undo the division first: multiply both sides by ${a} to get x + ${c} = ${total}.`,
        `Take ${c} from both sides: x = ${total} − ${c} = ${total - c}.`,
        `Check: (${total - c} + ${c}) ÷ ${a} = ${total} ÷ ${a} = ${quotient}.`,
      ),
      answerForm: SOLUTION,
    };
  }
  const bigA = rng.int(4, 9);
  const c = rng.int(1, bigA - 2);
  const d = bigA * x + b - c * x;
  const equation = `${term(bigA)} ${plusMinus(b)} = ${d === 0 ? term(c) : `${term(c)} ${plusMinus(d)}`}`;
  return {
    prompt: `Solve ${equation}. What is x?`,
    answer: integerText(x),
    explanation: steps(`Take ${term(c)} from both sides: ${term(bigA - c)} ${plusMinus(b)} = ${signed(d, false)}.`, `${b > 0 ? 'Take' : 'Add'} ${Math.abs(b)} ${b > 0 ? 'from' : 'to'} both sides: ${term(bigA - c)} = ${signed(d - b, false)}.`, `Divide both sides by ${bigA - c}: x = ${signed(x, false)}.`),
    answerForm: SOLUTION,
  };
}

/** Generators for negative numbers, order of operations, powers and roots, and linear equations. */
export const EXPRESSION_GENERATORS: Record<string, MathGenerator> = {
  'negative-numbers': negativeNumbers,
  'order-of-operations': orderOfOperations,
  'powers-roots': powersRoots,
  'equations-one-step': equationsOneStep,
  'equations-two-step': equationsTwoStep,
};
