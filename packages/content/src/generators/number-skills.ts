import { exampleOtherThan, integerText, withCommas } from './math-format.ts';
import type { GeneratedQuestion, MathDifficulty } from './math-item.ts';
import type { Rng } from './prng.ts';

/** Renders one question of a skill at a difficulty from a seeded source. */
export type MathGenerator = (rng: Rng, difficulty: MathDifficulty) => GeneratedQuestion;

// Indian place names: after ten thousands come lakhs and ten lakhs.
const PLACE_NAMES = ['ones', 'tens', 'hundreds', 'thousands', 'ten thousands', 'lakhs', 'ten lakhs'];
const WHOLE = { kind: 'integer' } as const;

/** A random whole number with exactly `digits` digits. */
export const numberWithDigits = (rng: Rng, digits: number): number => rng.int(10 ** (digits - 1), 10 ** digits - 1);

const steps = (...lines: string[]): string => lines.join('\n');

function placeValue(rng: Rng, difficulty: MathDifficulty): GeneratedQuestion {
  const digits = difficulty + 2;
  for (;;) {
    const value = numberWithDigits(rng, digits);
    const text = String(value);
    const position = rng.int(0, digits - 1);
    const digit = text[position] ?? '0';
    // The digit must be non-zero and appear once, or "the digit 7" would be ambiguous.
    if (digit === '0' || text.split(digit).length !== 2) continue;
    const place = digits - 1 - position;
    const worth = Number(digit) * 10 ** place;
    return {
      prompt: `What is the value of the digit ${digit} in ${withCommas(value)}?`,
      answer: integerText(worth),
      explanation: steps(
        `In ${withCommas(value)} the digit ${digit} is in the ${PLACE_NAMES[place]} place.`,
        `So it is worth ${digit} × ${withCommas(10 ** place)} = ${withCommas(worth)}.`,
      ),
      answerForm: WHOLE,
    };
  }
}

const ROUND_TO: Record<MathDifficulty, { digits: [number, number]; places: number[] }> = {
  1: { digits: [2, 3], places: [1] },
  2: { digits: [3, 4], places: [1, 2] },
  3: { digits: [4, 4], places: [2, 3] },
  4: { digits: [5, 6], places: [3, 4] },
  5: { digits: [6, 7], places: [4, 5] },
};
const ROUND_NAMES = ['one', 'ten', 'hundred', 'thousand', 'ten thousand', 'lakh'];

function rounding(rng: Rng, difficulty: MathDifficulty): GeneratedQuestion {
  const { digits, places } = ROUND_TO[difficulty];
  const place = rng.pick(places);
  const unit = 10 ** place;
  let value = numberWithDigits(rng, Math.max(rng.int(digits[0], digits[1]), place + 1));
  // A number that is already round would make the question trivial.
  while (value % unit === 0) value += rng.int(1, unit - 1);
  const rest = value % unit;
  const down = value - rest;
  const rounded = rest * 2 >= unit ? down + unit : down;
  const deciding = Math.floor(rest / (unit / 10));
  return {
    prompt: `Round ${withCommas(value)} to the nearest ${ROUND_NAMES[place]}.`,
    answer: integerText(rounded),
    explanation: steps(
      `The number lies between ${withCommas(down)} and ${withCommas(down + unit)}.`,
      `Look at the digit after the ${ROUND_NAMES[place]}s place: it is ${deciding}.`,
      deciding >= 5 ? `${deciding} is 5 or more, so round up to ${withCommas(rounded)}.` : `${deciding} is less than 5, so round down to ${withCommas(rounded)}.`,
    ),
    answerForm: WHOLE,
  };
}

/** True when adding the numbers column by column never makes ten or more. */
const noCarry = (numbers: readonly number[]): boolean => {
  for (let unit = 1; unit <= 1e6; unit *= 10) {
    if (numbers.reduce((sum, n) => sum + (Math.floor(n / unit) % 10), 0) >= 10) return false;
  }
  return true;
};

function addition(rng: Rng, difficulty: MathDifficulty): GeneratedQuestion {
  const shape: Record<MathDifficulty, { digits: number; count: number }> = {
    1: { digits: 2, count: 2 }, 2: { digits: 2, count: 2 }, 3: { digits: 3, count: 2 }, 4: { digits: 4, count: 2 }, 5: { digits: 5, count: 3 },
  };
  const { digits, count } = shape[difficulty];
  for (;;) {
    const numbers = Array.from({ length: count }, () => numberWithDigits(rng, digits));
    // Level 1 is the no-carrying case; every other level needs at least one carry.
    if (noCarry(numbers) !== (difficulty === 1)) continue;
    const total = numbers.reduce((a, b) => a + b, 0);
    return {
      prompt: `Work out ${numbers.map(withCommas).join(' + ')}.`,
      answer: integerText(total),
      explanation: steps(
        'Line the numbers up by place value and add each column, starting with the ones.',
        difficulty === 1 ? 'No column makes ten or more, so there is nothing to carry.' : 'When a column makes ten or more, write the ones digit and carry the ten to the next column.',
        `${numbers.map(withCommas).join(' + ')} = ${withCommas(total)}.`,
      ),
      answerForm: WHOLE,
    };
  }
}

function subtraction(rng: Rng, difficulty: MathDifficulty): GeneratedQuestion {
  const digits: Record<MathDifficulty, number> = { 1: 2, 2: 2, 3: 3, 4: 4, 5: 5 };
  for (;;) {
    let top = numberWithDigits(rng, digits[difficulty]);
    // Level 4 practises borrowing across zeros, as in 5,003 − 1,768.
    if (difficulty === 4) top = Math.floor(top / 1000) * 1000 + rng.int(1, 9);
    const bottom = rng.int(10 ** (digits[difficulty] - 1), top - 1);
    if (bottom <= 0 || bottom >= top) continue;
    const needsBorrow = !noCarry([top - bottom, bottom]);
    if (needsBorrow !== (difficulty > 1)) continue;
    return {
      prompt: `Work out ${withCommas(top)} − ${withCommas(bottom)}.`,
      answer: integerText(top - bottom),
      explanation: steps(
        'Line the numbers up by place value and subtract each column, starting with the ones.',
        needsBorrow ? 'When the top digit is smaller, borrow 1 from the next column: it is worth 10 in this column.' : 'Every top digit is at least as big as the one below it, so there is no borrowing.',
        `${withCommas(top)} − ${withCommas(bottom)} = ${withCommas(top - bottom)}.`,
        `Check: ${withCommas(top - bottom)} + ${withCommas(bottom)} = ${withCommas(top)}.`,
      ),
      answerForm: WHOLE,
    };
  }
}

/** Word-problem settings for a times-table fact: [groups, group, things]. */
const GROUPS = [
  ['boxes', 'box', 'pencils'],
  ['bags', 'bag', 'mangoes'],
  ['rows', 'row', 'chairs'],
  ['plates', 'plate', 'idlis'],
  ['packets', 'packet', 'biscuits'],
  ['jars', 'jar', 'marbles'],
] as const;

function timesTables(rng: Rng, difficulty: MathDifficulty): GeneratedQuestion {
  const tables: Record<MathDifficulty, number[]> = { 1: [2, 5, 10], 2: [2, 3, 4, 5, 10], 3: [3, 4, 6, 7, 8, 9], 4: [6, 7, 8, 9, 11, 12], 5: [6, 7, 8, 9, 11, 12] };
  const table = rng.pick(tables[difficulty]);
  const times = difficulty === 4 ? rng.int(6, 12) : rng.int(2, 12);
  const product = table * times;
  // A third of the questions are bare facts; the rest put the same fact in a setting, so a level holds hundreds of questions.
  const isWords = rng.next() < 2 / 3;
  const [groups, group, things] = rng.pick(GROUPS);
  if (difficulty === 5) {
    if (isWords) {
      return {
        prompt: `${product} ${things} are shared equally among ${table} ${groups}. How many ${things} go in each ${group}?`,
        answer: integerText(times),
        explanation: steps(`Share ${product} into ${table} equal groups: ${product} ÷ ${table}.`, `${times} × ${table} = ${product}, so each ${group} gets ${times}.`),
        answerForm: WHOLE,
      };
    }
    const form = rng.pick([`? × ${table} = ${product}`, `${table} × ? = ${product}`, `${product} ÷ ${table} = ?`]);
    return {
      prompt: `Find the missing number: ${form}.`,
      answer: integerText(times),
      explanation: steps(`Which number times ${table} makes ${product}? Count up the ${table} times table.`, `${times} × ${table} = ${product}, so the missing number is ${times}.`),
      answerForm: WHOLE,
    };
  }
  if (isWords) {
    return {
      prompt: `There are ${times} ${groups} with ${table} ${things} in each ${group}. How many ${things} are there altogether?`,
      answer: integerText(product),
      explanation: steps(`${times} ${groups} of ${table} is ${times} × ${table}. Use the ${table} times table.`, `${times} × ${table} = ${product} ${things}.`),
      answerForm: WHOLE,
    };
  }
  const [left, right] = rng.next() < 0.5 ? [times, table] : [table, times];
  return {
    prompt: `Work out ${left} × ${right}.`,
    answer: integerText(product),
    explanation: steps(`Use the ${table} times table.`, `${left} × ${right} = ${product}.`),
    answerForm: WHOLE,
  };
}

function multiplication(rng: Rng, difficulty: MathDifficulty): GeneratedQuestion {
  const shape: Record<MathDifficulty, [number, number]> = { 1: [2, 1], 2: [3, 1], 3: [2, 2], 4: [3, 2], 5: [4, 2] };
  const [topDigits, bottomDigits] = shape[difficulty];
  const top = numberWithDigits(rng, topDigits);
  let bottom = bottomDigits === 1 ? rng.int(3, 9) : numberWithDigits(rng, bottomDigits);
  // A round multiplier (20, 30) would turn the column method into a one-line sum.
  if (bottom % 10 === 0) bottom += rng.int(1, 9);
  const tens = Math.floor(bottom / 10) * 10;
  const ones = bottom % 10;
  return {
    prompt: `Work out ${withCommas(top)} × ${withCommas(bottom)}.`,
    answer: integerText(top * bottom),
    explanation:
      bottomDigits === 1
        ? steps(`Multiply each digit of ${withCommas(top)} by ${bottom}, starting with the ones and carrying as you go.`, `${withCommas(top)} × ${bottom} = ${withCommas(top * bottom)}.`)
        : steps(
            `Split ${bottom} into ${tens} + ${ones}.`,
            `${withCommas(top)} × ${tens} = ${withCommas(top * tens)} and ${withCommas(top)} × ${ones} = ${withCommas(top * ones)}.`,
            `Add them: ${withCommas(top * tens)} + ${withCommas(top * ones)} = ${withCommas(top * bottom)}.`,
          ),
    answerForm: WHOLE,
  };
}

function longDivision(rng: Rng, difficulty: MathDifficulty): GeneratedQuestion {
  const shape: Record<MathDifficulty, { digits: number; divisor: [number, number] }> = {
    1: { digits: 2, divisor: [2, 5] }, 2: { digits: 2, divisor: [6, 9] }, 3: { digits: 3, divisor: [3, 9] }, 4: { digits: 4, divisor: [3, 9] }, 5: { digits: 4, divisor: [11, 25] },
  };
  const { digits, divisor: range } = shape[difficulty];
  for (;;) {
    const divisor = rng.int(range[0], range[1]);
    const dividend = numberWithDigits(rng, digits);
    const quotient = Math.floor(dividend / divisor);
    const remainder = dividend % divisor;
    // A remainder of 0 would make "write the remainder as r" a trick question.
    if (remainder === 0 || quotient === 0) continue;
    const answer = `${quotient} r ${remainder}`;
    return {
      prompt: `Work out ${withCommas(dividend)} ÷ ${divisor}. Write the remainder as r, for example ${exampleOtherThan(answer, ['7 r 2', '5 r 3'])}.`,
      answer,
      explanation: steps(
        `Divide ${withCommas(dividend)} by ${divisor} one place at a time, from the left.`,
        `${divisor} goes into ${withCommas(dividend)} ${withCommas(quotient)} times: ${withCommas(quotient)} × ${divisor} = ${withCommas(quotient * divisor)}.`,
        `${withCommas(dividend)} − ${withCommas(quotient * divisor)} = ${remainder} is left over, and ${remainder} is less than ${divisor}.`,
        `So the answer is ${quotient} r ${remainder}.`,
      ),
      answerForm: { kind: 'remainder' },
    };
  }
}

/** Generators for place value, rounding and the four operations on whole numbers. */
export const NUMBER_GENERATORS: Record<string, MathGenerator> = {
  'place-value': placeValue,
  rounding,
  addition,
  subtraction,
  'times-tables': timesTables,
  multiplication,
  'long-division': longDivision,
};
