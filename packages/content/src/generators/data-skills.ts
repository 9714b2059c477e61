import { decimalText, gcd, integerText, simplify } from './math-format.ts';
import type { GeneratedQuestion, MathDifficulty } from './math-item.ts';
import type { MathGenerator } from './number-skills.ts';
import type { Rng } from './prng.ts';

const steps = (...lines: string[]): string => lines.join('\n');
const NUMBER_NOTE = 'Write a whole number or a decimal.';
/** Decimal places a mean is rounded to when it has more: a child writes money-like answers, not 34.125. */
const MEAN_PLACES = 2;
const ROUNDED_NOTE = `Write a whole number or a decimal, rounded to ${MEAN_PLACES} decimal places if it has more.`;

/** `numerator / denominator` rounded half up to `places` decimal places, as a count of 10^-places (both positive). */
const roundHalfUp = (numerator: number, denominator: number, places: number): number =>
  Math.floor((2 * numerator * 10 ** places + denominator) / (2 * denominator));

/** Explains rounding `exact` to MEAN_PLACES decimal places by the digit after the last one kept. */
function roundingStep(exact: string, rounded: string): string {
  const next = Number(exact.split('.')[1]?.[MEAN_PLACES] ?? '0');
  const rule = next >= 5 ? `${next} is 5 or more, so round up` : `${next} is less than 5, so round down`;
  return `Round to ${MEAN_PLACES} decimal places: the next digit is ${next}; ${rule}: ${exact} becomes ${rounded}.`;
}

function meanMedianMode(rng: Rng, difficulty: MathDifficulty): GeneratedQuestion {
  const kind = ({ 1: 'mode', 2: 'median', 3: 'mean', 4: 'median', 5: 'mean' } as const)[difficulty];
  const count = ({ 1: 6, 2: 5, 3: 5, 4: 6, 5: 8 } as const)[difficulty];
  const high = difficulty <= 2 ? 20 : 60;
  for (;;) {
    const values = Array.from({ length: count }, () => rng.int(1, high));
    const sorted = [...values].sort((a, b) => a - b);
    const list = values.join(', ');
    if (kind === 'mode') {
      const tally = new Map<number, number>();
      for (const value of values) tally.set(value, (tally.get(value) ?? 0) + 1);
      const most = Math.max(...tally.values());
      const modes = [...tally].filter(([, n]) => n === most).map(([value]) => value);
      // A set with no repeats or a tie has no single mode, so the question would have no one answer.
      if (most < 2 || modes.length !== 1) continue;
      return { prompt: `What is the mode of these numbers: ${list}?`, answer: integerText(modes[0] ?? 0), explanation: steps('The mode is the number that appears most often.', `${modes[0]} appears ${most} times, more than any other number.`), answerForm: { kind: 'integer' } };
    }
    if (kind === 'median') {
      const middle = count % 2 === 1 ? [sorted[(count - 1) / 2] ?? 0] : [sorted[count / 2 - 1] ?? 0, sorted[count / 2] ?? 0];
      const twice = middle.length === 1 ? 2 * (middle[0] ?? 0) : (middle[0] ?? 0) + (middle[1] ?? 0);
      const answer = decimalText(twice * 5, 1);
      return {
        prompt: `What is the median of these numbers: ${list}? ${NUMBER_NOTE}`,
        answer,
        explanation: steps(`Put them in order: ${sorted.join(', ')}.`, middle.length === 1 ? `The middle number is ${answer}.` : `The two middle numbers are ${middle[0]} and ${middle[1]}; halfway between them is (${middle[0]} + ${middle[1]}) ÷ 2 = ${answer}.`),
        answerForm: { kind: 'decimal' },
      };
    }
    const sum = values.reduce((a, b) => a + b, 0);
    // Level 3 keeps the mean whole; level 5 may need rounding (the count is 8, so the exact mean has up to 3 places).
    if (difficulty === 3 && sum % count !== 0) continue;
    const exact = decimalText((sum * 1000) / count, 3);
    const isRounded = difficulty === 5;
    const answer = isRounded ? decimalText(roundHalfUp(sum, count, MEAN_PLACES), MEAN_PLACES) : exact;
    const needsRounding = answer !== exact;
    return {
      prompt: `What is the mean of these numbers: ${list}? ${isRounded ? ROUNDED_NOTE : NUMBER_NOTE}`,
      answer,
      explanation: steps(
        'The mean is the total divided by how many numbers there are.',
        `Total: ${values.join(' + ')} = ${sum}.`,
        `${sum} ÷ ${count} = ${exact}.`,
        ...(needsRounding ? [roundingStep(exact, answer)] : []),
      ),
      answerForm: isRounded ? { kind: 'decimal', places: MEAN_PLACES } : { kind: 'decimal' },
    };
  }
}

const PROBABILITY_EXAMPLES = ['2/5', '3/10'] as const;
/** The form sentence of a probability question: its example is a probability (at most 1) and never the answer. */
export function probabilityFormNote(answer: string): string {
  return `Write the probability as a fraction in simplest form, such as ${PROBABILITY_EXAMPLES.find((example) => example !== answer) ?? '2/5'}.`;
}

const COLOURS = ['red', 'blue', 'green', 'yellow'] as const;
type Event = readonly [label: string, test: (n: number) => boolean];
const isPrime = (n: number): boolean => n > 1 && Array.from({ length: n - 2 }, (_, i) => i + 2).every((d) => n % d !== 0);

/** Events on one number from 1 to `size`, with the numbers they name drawn from `rng`. */
function numberEvents(rng: Rng, size: number): Event[] {
  const k = rng.int(3, 6);
  const m = rng.int(2, size - 1);
  const f = rng.pick([12, 18, 20, 24, 30, 36].filter((n) => n <= size * 2));
  return [
    ['an even number', (n) => n % 2 === 0],
    ['an odd number', (n) => n % 2 === 1],
    ['a prime number', isPrime],
    [`a multiple of ${k}`, (n) => n % k === 0],
    [`a number greater than ${m}`, (n) => n > m],
    [`a number less than ${m}`, (n) => n < m],
    [`a factor of ${f}`, (n) => f % n === 0],
  ];
}

function probability(rng: Rng, difficulty: MathDifficulty): GeneratedQuestion {
  const fraction = (favourable: number, total: number, question: string, why: string): GeneratedQuestion => {
    const [n, d] = simplify(favourable, total);
    return {
      prompt: `${question} ${probabilityFormNote(`${n}/${d}`)}`,
      answer: `${n}/${d}`,
      explanation: steps(why, `Probability = ${favourable}/${total}${gcd(favourable, total) > 1 ? ` = ${n}/${d} in simplest form` : ''}.`),
      answerForm: { kind: 'fraction' },
    };
  };
  for (;;) {
    if (difficulty <= 2 || difficulty === 5) {
      const colours = COLOURS.slice(0, difficulty === 1 ? 2 : 3);
      const counts = colours.map(() => rng.int(difficulty === 5 ? 2 : 1, difficulty === 1 ? 12 : 9));
      const total = counts.reduce((a, b) => a + b, 0);
      const target = rng.int(0, colours.length - 1);
      const parts = colours.map((colour, i) => `${counts[i]} ${colour}`);
      const bag = `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
      const wanted = counts[target] ?? 1;
      if (difficulty === 5) {
        return fraction(
          wanted * (wanted - 1),
          total * (total - 1),
          `A bag has ${bag} marbles. Two marbles are taken out one after the other, without putting the first one back. What is the probability that both are ${colours[target]}?`,
          `First ${colours[target]}: ${wanted}/${total}. Then ${wanted - 1} of the ${total - 1} left are ${colours[target]}: ${wanted - 1}/${total - 1}. Multiply: ${wanted} × ${wanted - 1} = ${wanted * (wanted - 1)} out of ${total} × ${total - 1} = ${total * (total - 1)}.`,
        );
      }
      return fraction(wanted, total, `A bag has ${bag} marbles. One marble is taken out without looking. What is the probability that it is ${colours[target]}?`, `There are ${total} marbles and ${wanted} of them ${wanted === 1 ? 'is' : 'are'} ${colours[target]}.`);
    }
    if (difficulty === 3) {
      // One fair dice, or number cards 1 to N: the same reasoning over more outcomes.
      const isDice = rng.next() < 0.15;
      const size = isDice ? 6 : rng.int(10, 30);
      const [label, test] = rng.pick(numberEvents(rng, size));
      const outcomes = Array.from({ length: size }, (_, i) => i + 1).filter(test);
      // Certain and impossible events would make the answer 1 or 0, not a fraction.
      if (outcomes.length === 0 || outcomes.length === size) continue;
      const question = isDice
        ? `A fair dice numbered 1 to 6 is rolled. What is the probability of getting ${label}?`
        : `Cards numbered 1 to ${size} are shuffled, and one is picked without looking. What is the probability that it shows ${label}?`;
      const listed = outcomes.length <= 12 ? `: ${outcomes.join(', ')}` : '';
      const verb = isDice ? (outcomes.length === 1 ? 'gives' : 'give') : outcomes.length === 1 ? 'shows' : 'show';
      return fraction(outcomes.length, size, question, `There are ${size} equally likely numbers, and ${outcomes.length} of them ${verb} ${label}${listed}.`);
    }
    // Two dice, or two spinners with different numbers of equal parts: count the equally likely pairs.
    const isDice = rng.next() < 0.2;
    const [a, b] = isDice ? [6, 6] : [rng.int(3, 8), rng.int(3, 8)];
    // Two spinners of the same size would read oddly as "one … and the other"; the two dice are that case.
    if (a === b && !isDice) continue;
    const relation = rng.pick(['', 'more than ', 'less than '] as const);
    const target = rng.int(3, a + b - 1);
    const pairs = Array.from({ length: a }, (_, i) => Array.from({ length: b }, (_, j) => i + j + 2)).flat();
    const ways = pairs.filter((total) => (relation === '' ? total === target : relation === 'more than ' ? total > target : total < target)).length;
    if (ways === 0 || ways === pairs.length) continue;
    const question = isDice
      ? `Two fair dice numbered 1 to 6 are rolled and the two numbers are added. What is the probability that the total is ${relation}${target}?`
      : `Two fair spinners with equal parts are spun: one is numbered 1 to ${a} and the other 1 to ${b}. The two numbers are added. What is the probability that the total is ${relation}${target}?`;
    return fraction(ways, pairs.length, question, `There are ${a} × ${b} = ${pairs.length} equally likely pairs, and ${ways} of them ${ways === 1 ? 'gives' : 'give'} a total ${relation === '' ? 'of ' : relation}${target}.`);
  }
}

/** Generators for averages and probability. */
export const DATA_GENERATORS: Record<string, MathGenerator> = {
  'mean-median-mode': meanMedianMode,
  probability,
};
