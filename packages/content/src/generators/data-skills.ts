import { decimalText, gcd, integerText, simplify } from './math-format.ts';
import type { GeneratedQuestion, MathDifficulty } from './math-item.ts';
import type { MathGenerator } from './number-skills.ts';
import type { Rng } from './prng.ts';
import { FRACTION_FORM_NOTE } from './fraction-skills.ts';

const steps = (...lines: string[]): string => lines.join('\n');
const NUMBER_NOTE = 'Write a whole number or a decimal.';

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
    // Level 3 keeps the mean whole; level 5 allows a terminating decimal (the count is 8, so at most 3 places).
    if (difficulty === 3 && sum % count !== 0) continue;
    const answer = decimalText((sum * 1000) / count, 3);
    return {
      prompt: `What is the mean of these numbers: ${list}? ${NUMBER_NOTE}`,
      answer,
      explanation: steps('The mean is the total divided by how many numbers there are.', `Total: ${values.join(' + ')} = ${sum}.`, `${sum} ÷ ${count} = ${answer}.`),
      answerForm: { kind: 'decimal' },
    };
  }
}

const COLOURS = ['red', 'blue', 'green', 'yellow'] as const;
const DICE_EVENTS = [
  ['an even number', (n: number) => n % 2 === 0],
  ['a number greater than 4', (n: number) => n > 4],
  ['a prime number', (n: number) => [2, 3, 5].includes(n)],
  ['a multiple of 3', (n: number) => n % 3 === 0],
  ['a number less than 3', (n: number) => n < 3],
  ['a factor of 6', (n: number) => 6 % n === 0],
] as const;

function probability(rng: Rng, difficulty: MathDifficulty): GeneratedQuestion {
  const fraction = (favourable: number, total: number, why: string): GeneratedQuestion => {
    const [n, d] = simplify(favourable, total);
    return {
      prompt: '',
      answer: `${n}/${d}`,
      explanation: steps(why, `Probability = ${favourable}/${total}${gcd(favourable, total) > 1 ? ` = ${n}/${d} in simplest form` : ''}.`),
      answerForm: { kind: 'fraction' },
    };
  };
  if (difficulty <= 2 || difficulty === 5) {
    const colours = COLOURS.slice(0, difficulty === 1 ? 2 : 3);
    const counts = colours.map(() => rng.int(difficulty === 5 ? 2 : 1, 9));
    const total = counts.reduce((a, b) => a + b, 0);
    const target = rng.int(0, colours.length - 1);
    const parts = colours.map((colour, i) => `${counts[i]} ${colour}`);
    const bag = `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
    const wanted = counts[target] ?? 1;
    if (difficulty === 5) {
      const item = fraction(wanted * (wanted - 1), total * (total - 1), `First ${colours[target]}: ${wanted}/${total}. Then ${wanted - 1} of the ${total - 1} left are ${colours[target]}: ${wanted - 1}/${total - 1}. Multiply: ${wanted} × ${wanted - 1} = ${wanted * (wanted - 1)} out of ${total} × ${total - 1} = ${total * (total - 1)}.`);
      return { ...item, prompt: `A bag has ${bag} marbles. Two marbles are taken out one after the other, without putting the first one back. What is the probability that both are ${colours[target]}? ${FRACTION_FORM_NOTE}` };
    }
    const item = fraction(wanted, total, `There are ${total} marbles and ${wanted} of them ${wanted === 1 ? 'is' : 'are'} ${colours[target]}.`);
    return { ...item, prompt: `A bag has ${bag} marbles. One marble is taken out without looking. What is the probability that it is ${colours[target]}? ${FRACTION_FORM_NOTE}` };
  }
  if (difficulty === 3) {
    const [label, test] = rng.pick(DICE_EVENTS);
    const outcomes = [1, 2, 3, 4, 5, 6].filter(test);
    const item = fraction(outcomes.length, 6, `The dice can land on 6 numbers, and ${outcomes.length} of them (${outcomes.join(', ')}) are ${label}.`);
    return { ...item, prompt: `A fair dice numbered 1 to 6 is rolled. What is the probability of getting ${label}? ${FRACTION_FORM_NOTE}` };
  }
  const target = rng.int(2, 12);
  const ways = 6 - Math.abs(7 - target);
  const item = fraction(ways, 36, `There are 6 × 6 = 36 equally likely pairs, and ${ways} of them ${ways === 1 ? 'adds' : 'add'} up to ${target}.`);
  return { ...item, prompt: `Two fair dice numbered 1 to 6 are rolled and the two numbers are added. What is the probability that the total is ${target}? ${FRACTION_FORM_NOTE}` };
}

/** Generators for averages and probability. */
export const DATA_GENERATORS: Record<string, MathGenerator> = {
  'mean-median-mode': meanMedianMode,
  probability,
};
