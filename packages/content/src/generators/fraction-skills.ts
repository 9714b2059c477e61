import { decimalText, exampleOtherThan, gcd, integerText, lcm, simplify, withCommas } from './math-format.ts';
import type { GeneratedQuestion, MathDifficulty } from './math-item.ts';
import type { MathGenerator } from './number-skills.ts';
import type { Rng } from './prng.ts';

const steps = (...lines: string[]): string => lines.join('\n');
const FRACTION_EXAMPLES = [['3/4', '7/4'], ['2/3', '5/3']] as const;
/**
 * SPEC: the question states the form wanted; this sentence ends every fraction question. It shows a proper and an
 * improper example, never the answer itself.
 */
export function fractionFormNote(answer: string): string {
  const [proper, improper] = FRACTION_EXAMPLES.find((pair) => !(pair as readonly string[]).includes(answer)) ?? FRACTION_EXAMPLES[0];
  return `Write your answer as a fraction in simplest form, such as ${proper} or ${improper}.`;
}
const FRACTION = { kind: 'fraction' } as const;
type Fraction = [number, number];
const text = ([n, d]: Fraction): string => `${n}/${d}`;

/** A fraction in lowest terms with a denominator from `low` to `high` and numerator below it, each one equally likely. */
function properFraction(rng: Rng, low: number, high: number): Fraction {
  for (;;) {
    const d = rng.int(low, high);
    const n = rng.int(1, high - 1);
    if (n < d && gcd(n, d) === 1) return [n, d];
  }
}

function fractionsEquivalent(rng: Rng, difficulty: MathDifficulty): GeneratedQuestion {
  const [n, d] = properFraction(rng, 2, difficulty <= 2 ? 10 : 12);
  const k = rng.int(2, difficulty <= 2 ? 10 : difficulty === 3 ? 8 : 12);
  if (difficulty <= 2) {
    const missingTop = difficulty === 1;
    return {
      prompt: missingTop ? `Find the missing number: ${n}/${d} = ?/${d * k}.` : `Find the missing number: ${n}/${d} = ${n * k}/?.`,
      answer: integerText(missingTop ? n * k : d * k),
      explanation: steps(
        missingTop ? `${d} × ${k} = ${d * k}, so the bottom was multiplied by ${k}.` : `${n} × ${k} = ${n * k}, so the top was multiplied by ${k}.`,
        `Multiply the ${missingTop ? 'top' : 'bottom'} by ${k} too: ${missingTop ? n : d} × ${k} = ${missingTop ? n * k : d * k}.`,
      ),
      answerForm: { kind: 'integer' },
    };
  }
  const multiplier = difficulty === 5 ? k * rng.int(2, 4) : k;
  return {
    prompt: `Simplify ${n * multiplier}/${d * multiplier}. ${fractionFormNote(`${n}/${d}`)}`,
    answer: `${n}/${d}`,
    explanation: steps(
      `The highest common factor of ${n * multiplier} and ${d * multiplier} is ${multiplier}.`,
      `Divide the top and bottom by ${multiplier}: ${n * multiplier} ÷ ${multiplier} = ${n} and ${d * multiplier} ÷ ${multiplier} = ${d}.`,
      `So ${n * multiplier}/${d * multiplier} = ${n}/${d}.`,
    ),
    answerForm: FRACTION,
  };
}

function fractionsCompare(rng: Rng, difficulty: MathDifficulty): GeneratedQuestion {
  const count = difficulty >= 4 ? 3 : 2;
  for (;;) {
    let fractions: Fraction[];
    if (difficulty === 1) {
      const d = rng.int(5, 12);
      fractions = [properFraction(rng, d, d), properFraction(rng, d, d)];
    } else if (difficulty === 2) {
      const n = rng.int(1, 6);
      fractions = [[n, rng.int(n + 1, 12)], [n, rng.int(n + 1, 12)]];
    } else {
      fractions = Array.from({ length: count }, () => properFraction(rng, 3, difficulty === 5 ? 15 : 10));
    }
    fractions = fractions.map(([n, d]) => simplify(n, d));
    const values = fractions.map(([n, d]) => n / d);
    if (new Set(fractions.map(text)).size !== count || new Set(values).size !== count) continue;
    const common = fractions.reduce((acc, [, d]) => lcm(acc, d), 1);
    // Two fractions are compared either way round; three always for the largest.
    const isSmaller = count === 2 && rng.next() < 0.5;
    const best = fractions[values.indexOf(isSmaller ? Math.min(...values) : Math.max(...values))] as Fraction;
    const list = count === 2 ? `${text(fractions[0] as Fraction)} or ${text(fractions[1] as Fraction)}` : `${fractions.slice(0, -1).map(text).join(', ')} or ${text(fractions[2] as Fraction)}`;
    return {
      prompt: `Which is ${count === 3 ? 'the largest' : isSmaller ? 'smaller' : 'larger'}: ${list}? Write that fraction.`,
      answer: text(best),
      explanation: steps(
        fractions.every(([, d]) => d === common)
          ? `The denominators are already the same: ${common}.`
          : `Write them with the common denominator ${common}: ${fractions.map(([n, d]) => `${n}/${d} = ${(n * common) / d}/${common}`).join(', ')}.`,
        // Two fractions take "smaller" and "larger"; three take "largest".
        `The ${count === 3 ? 'largest' : isSmaller ? 'smaller' : 'larger'} top number is ${(best[0] * common) / best[1]}, so the ${count === 3 ? 'largest' : isSmaller ? 'smaller' : 'larger'} fraction is ${text(best)}.`,
      ),
      answerForm: FRACTION,
    };
  }
}

function fractionsAddSubtract(rng: Rng, difficulty: MathDifficulty): GeneratedQuestion {
  for (;;) {
    let terms: Fraction[];
    if (difficulty <= 2) {
      const d = rng.int(5, 15);
      terms = [[rng.int(1, d - 1), d], [rng.int(1, d - 1), d]];
    } else if (difficulty === 3) {
      const d = rng.int(2, 10);
      const multiple = d * rng.int(2, 4);
      terms = [properFraction(rng, d, d), properFraction(rng, multiple, multiple)];
    } else {
      terms = Array.from({ length: difficulty === 5 ? 3 : 2 }, () => properFraction(rng, 2, 12));
    }
    const signs = terms.map((_, i) => (i === 0 ? 1 : difficulty === 2 || (difficulty >= 4 && i === terms.length - 1) ? -1 : 1));
    if (difficulty === 4 && rng.next() < 0.5) signs[1] = 1;
    const common = terms.reduce((acc, [, d]) => lcm(acc, d), 1);
    const tops = terms.map(([n, d], i) => ((signs[i] ?? 1) * n * common) / d);
    const total = tops.reduce((a, b) => a + b, 0);
    const [n, d] = simplify(total, common);
    // Answers must be positive and not whole, so "a fraction in simplest form" always has one meaning.
    if (n <= 0 || d === 1) continue;
    const expression = terms.map((term, i) => `${i === 0 ? '' : (signs[i] ?? 1) < 0 ? ' − ' : ' + '}${text(term)}`).join('');
    return {
      prompt: `Work out ${expression}. ${fractionFormNote(`${n}/${d}`)}`,
      answer: `${n}/${d}`,
      explanation: steps(
        common === terms[0]?.[1] && terms.every(([, den]) => den === common) ? `The denominators are already the same: ${common}.` : `Use the common denominator ${common}: ${terms.map(([tn, td]) => `${tn}/${td} = ${(tn * common) / td}/${common}`).join(', ')}.`,
        `Work out the tops: ${tops.map((top, i) => (i === 0 ? `${top}` : top < 0 ? ` − ${-top}` : ` + ${top}`)).join('')} = ${total}, giving ${total}/${common}.`,
        gcd(total, common) > 1 ? `Divide the top and bottom by ${gcd(total, common)}: ${n}/${d}.` : `${n}/${d} is already in simplest form.`,
      ),
      answerForm: FRACTION,
    };
  }
}

function fractionsMultiply(rng: Rng, difficulty: MathDifficulty): GeneratedQuestion {
  for (;;) {
    let factors: Fraction[];
    if (difficulty === 1) factors = [[1, rng.int(2, 12)], [rng.int(2, 15), 1]];
    else if (difficulty === 2) factors = [properFraction(rng, 3, 12), [rng.int(2, 12), 1]];
    else if (difficulty === 3) factors = [properFraction(rng, 2, 9), properFraction(rng, 2, 9)];
    else factors = Array.from({ length: difficulty === 5 ? 3 : 2 }, () => properFraction(rng, 3, 12));
    const top = factors.reduce((acc, [n]) => acc * n, 1);
    const bottom = factors.reduce((acc, [, d]) => acc * d, 1);
    const [n, d] = simplify(top, bottom);
    if (d === 1) continue;
    // A whole number may come first or second: 1/4 × 3 and 3 × 1/4 are the same product.
    if (difficulty <= 2 && rng.next() < 0.5) factors.reverse();
    const shown = factors.map(([fn, fd]) => (fd === 1 ? `${fn}` : `${fn}/${fd}`)).join(' × ');
    return {
      prompt: `Work out ${shown}. ${fractionFormNote(`${n}/${d}`)}`,
      answer: `${n}/${d}`,
      explanation: steps(
        `Multiply the tops: ${factors.map(([fn]) => fn).join(' × ')} = ${top}. Multiply the bottoms: ${factors.map(([, fd]) => fd).join(' × ')} = ${bottom}.`,
        gcd(top, bottom) > 1 ? `Simplify ${top}/${bottom} by dividing the top and bottom by ${gcd(top, bottom)}: ${n}/${d}.` : `${n}/${d} is already in simplest form.`,
      ),
      answerForm: FRACTION,
    };
  }
}

function decimals(rng: Rng, difficulty: MathDifficulty): GeneratedQuestion {
  // Values are kept as whole numbers of tenths or hundredths, so no floating-point error reaches an answer.
  const note = 'Write your answer as a decimal number.';
  const form = { kind: 'decimal' } as const;
  if (difficulty <= 2) {
    const places = difficulty;
    const [a, b] = [rng.int(11, 999), rng.int(11, 999)].sort((x, y) => y - x) as [number, number];
    const isAdd = difficulty === 1;
    const result = isAdd ? a + b : a - b;
    const [ta, tb, tr] = [decimalText(a, places), decimalText(b, places), decimalText(result, places)];
    return { prompt: `Work out ${ta} ${isAdd ? '+' : '−'} ${tb}. ${note}`, answer: tr, explanation: steps('Line up the decimal points, then work column by column as with whole numbers.', `${ta} ${isAdd ? '+' : '−'} ${tb} = ${tr}.`), answerForm: form };
  }
  if (difficulty === 3) {
    const value = rng.int(101, 9999);
    const scale = rng.pick([10, 100, 1000]);
    const shift = String(scale).length - 1;
    const answer = decimalText(value * scale, 2);
    return { prompt: `Work out ${decimalText(value, 2)} × ${withCommas(scale)}. ${note}`, answer, explanation: steps(`Multiplying by ${withCommas(scale)} moves every digit ${shift} place${shift > 1 ? 's' : ''} to the left.`, `${decimalText(value, 2)} × ${withCommas(scale)} = ${answer}.`), answerForm: form };
  }
  const bPlaces = difficulty === 4 ? 0 : 2;
  // A decimal factor ending in 0 would be shown without it (3.60 as 3.6), and the count of decimal places would not
  // match what the learner sees, so each decimal factor has a last digit that is not 0.
  const draw = (low: number, high: number): number => {
    for (;;) {
      const value = rng.int(low, high);
      if (value % 10 !== 0) return value;
    }
  };
  const a = difficulty === 4 ? draw(101, 9999) : draw(101, 999);
  const b = bPlaces === 0 ? rng.int(11, 99) : draw(11, 99);
  const places = 2 + bPlaces;
  const product = a * b;
  const answer = decimalText(product, places);
  const counted = `${String(product).slice(0, -places) || '0'}.${String(product).padStart(places, '0').slice(-places)}`;
  // Four decimal places is more than a child writes unasked: the prompt says the exact product is wanted.
  const productNote = places > 2 ? 'Write the exact answer as a decimal number.' : note;
  return {
    prompt: `Work out ${decimalText(a, 2)} × ${decimalText(b, bPlaces)}. ${productNote}`,
    answer,
    explanation: steps(
      `Ignore the decimal points: ${withCommas(a)} × ${b} = ${withCommas(product)}.`,
      `The numbers have ${places} decimal places between them, so the answer has ${places}: ${counted}${counted === answer ? '' : `, and ${/[1-9]0$/.test(counted) ? 'the 0' : 'the zeros'} at the end can be left off: ${answer}`}.`,
    ),
    answerForm: form,
  };
}

function percentages(rng: Rng, difficulty: MathDifficulty): GeneratedQuestion {
  for (;;) {
    if (difficulty <= 3) {
      const percent = difficulty === 1 ? rng.pick([10, 50]) : difficulty === 2 ? rng.pick([20, 25, 75]) : rng.int(2, 19) * 5;
      const whole = difficulty === 3 ? rng.int(2, 60) * 20 : rng.int(2, difficulty === 1 ? 99 : 199) * 10;
      const part = (whole * percent) / 100;
      if (!Number.isInteger(part)) continue;
      return {
        prompt: `What is ${percent}% of ${withCommas(whole)}?`,
        answer: integerText(part),
        explanation: steps(`${percent}% means ${percent} out of every 100, so find ${withCommas(whole)} × ${percent} ÷ 100.`, `${withCommas(whole)} × ${percent} = ${withCommas(whole * percent)}, and ${withCommas(whole * percent)} ÷ 100 = ${withCommas(part)}.`),
        answerForm: { kind: 'integer' },
      };
    }
    if (difficulty === 4) {
      const whole = rng.pick([20, 25, 40, 50, 80, 100, 125, 160, 200, 250, 400, 500]);
      const part = rng.int(1, whole - 1);
      const percent = (part * 100) / whole;
      if (!Number.isInteger(percent)) continue;
      return {
        prompt: `What percentage of ${whole} is ${part}?`,
        answer: `${percent}%`,
        explanation: steps(`Write it as a fraction: ${part}/${whole}.`, `Multiply by 100: ${part} × 100 ÷ ${whole} = ${percent}.`, `So ${part} is ${percent}% of ${whole}.`),
        answerForm: { kind: 'integer', unit: '%' },
      };
    }
    const price = rng.int(4, 400) * 25;
    const percent = rng.int(1, 30);
    const change = (price * percent) / 100;
    if (!Number.isInteger(change)) continue;
    const isRise = rng.next() < 0.5;
    const result = isRise ? price + change : price - change;
    return {
      prompt: `A price of ₹${withCommas(price)} goes ${isRise ? 'up' : 'down'} by ${percent}%. What is the new price in rupees?`,
      answer: `₹${integerText(result)}`,
      explanation: steps(`${percent}% of ₹${withCommas(price)} is ${withCommas(price)} × ${percent} ÷ 100 = ₹${withCommas(change)}.`, `${isRise ? 'Add' : 'Subtract'} it: ₹${withCommas(price)} ${isRise ? '+' : '−'} ₹${withCommas(change)} = ₹${withCommas(result)}.`),
      answerForm: { kind: 'integer', unit: '₹' },
    };
  }
}

function ratio(rng: Rng, difficulty: MathDifficulty): GeneratedQuestion {
  const [a, b] = (() => {
    for (;;) {
      const pair: [number, number] = [rng.int(1, 9), rng.int(1, 9)];
      if (gcd(...pair) === 1 && pair[0] !== pair[1]) return pair;
    }
  })();
  if (difficulty <= 2) {
    const k = difficulty === 1 ? rng.int(2, 5) : rng.int(6, 15);
    return {
      prompt: `Write the ratio ${a * k}:${b * k} in simplest form. Write it like ${exampleOtherThan(`${a}:${b}`, ['2:3', '3:4'])}.`,
      answer: `${a}:${b}`,
      explanation: steps(`The highest common factor of ${a * k} and ${b * k} is ${k}.`, `Divide both parts by ${k}: ${a * k} ÷ ${k} = ${a} and ${b * k} ÷ ${k} = ${b}, so the ratio is ${a}:${b}.`),
      answerForm: { kind: 'ratio' },
    };
  }
  if (difficulty <= 4) {
    const parts = difficulty === 3 ? [a, b] : [a, b, rng.int(1, 9)];
    const sum = parts.reduce((x, y) => x + y, 0);
    const each = rng.int(2, 20);
    const total = sum * each;
    const largest = Math.max(...parts) * each;
    return {
      prompt: `Share ₹${withCommas(total)} in the ratio ${parts.join(':')}. How many rupees is the largest share?`,
      answer: `₹${integerText(largest)}`,
      explanation: steps(`There are ${parts.join(' + ')} = ${sum} parts in all.`, `One part is ₹${withCommas(total)} ÷ ${sum} = ₹${each}.`, `The largest share is ${Math.max(...parts)} parts: ${Math.max(...parts)} × ₹${each} = ₹${withCommas(largest)}.`),
      answerForm: { kind: 'integer', unit: '₹' },
    };
  }
  const k = rng.int(2, 12);
  return {
    prompt: `In a class the ratio of boys to girls is ${a}:${b}. There are ${a * k} boys. How many girls are there?`,
    answer: integerText(b * k),
    explanation: steps(`${a} parts are ${a * k} boys, so one part is ${a * k} ÷ ${a} = ${k}.`, `The girls are ${b} parts: ${b} × ${k} = ${b * k}.`),
    answerForm: { kind: 'integer' },
  };
}

/** Generators for fractions, decimals, percentages and ratio. */
export const FRACTION_GENERATORS: Record<string, MathGenerator> = {
  'fractions-equivalent': fractionsEquivalent,
  'fractions-compare': fractionsCompare,
  'fractions-add-subtract': fractionsAddSubtract,
  'fractions-multiply': fractionsMultiply,
  decimals,
  percentages,
  ratio,
};
