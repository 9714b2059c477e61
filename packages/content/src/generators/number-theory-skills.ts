import { gcd, integerText, lcm, ordinal, withCommas } from './math-format.ts';
import type { GeneratedQuestion, MathDifficulty } from './math-item.ts';
import type { MathGenerator } from './number-skills.ts';
import type { Rng } from './prng.ts';

const WHOLE = { kind: 'integer' } as const;
const steps = (...lines: string[]): string => lines.join('\n');

/** Every factor of n in increasing order. */
export function factorsOf(n: number): number[] {
  const small: number[] = [];
  const large: number[] = [];
  for (let d = 1; d * d <= n; d += 1) {
    if (n % d !== 0) continue;
    small.push(d);
    if (d * d !== n) large.unshift(n / d);
  }
  return [...small, ...large];
}

const isPrime = (n: number): boolean => n > 1 && factorsOf(n).length === 2;

/** A whole number from `low` to `high` that is not prime (drawn again, not stepped, so every one is equally likely). */
function composite(rng: Rng, low: number, high: number): number {
  for (;;) {
    const n = rng.int(low, high);
    if (!isPrime(n)) return n;
  }
}

function factorsMultiples(rng: Rng, difficulty: MathDifficulty): GeneratedQuestion {
  if (difficulty <= 2) {
    const base = difficulty === 1 ? rng.int(2, 12) : rng.int(11, 25);
    const position = difficulty === 1 ? rng.int(2, 20) : rng.int(6, 20);
    return {
      prompt: `What is the ${ordinal(position)} multiple of ${base}?`,
      answer: integerText(base * position),
      explanation: steps(`The multiples of ${base} are ${base}, ${base * 2}, ${base * 3}, and so on: the ${ordinal(position)} one is ${position} × ${base}.`, `${position} × ${base} = ${withCommas(base * position)}.`),
      answerForm: WHOLE,
    };
  }
  if (difficulty === 3 && rng.next() < 0.5) {
    const base = rng.int(3, 12);
    const limit = rng.int(30, 100);
    const count = Math.floor(limit / base);
    return {
      prompt: `How many multiples of ${base} are there from 1 to ${limit}?`,
      answer: integerText(count),
      explanation: steps(`The multiples of ${base} are ${base}, ${base * 2}, ${base * 3}, …; the last one that is not more than ${limit} is ${count} × ${base} = ${count * base}.`, `So there are ${count} of them.`),
      answerForm: WHOLE,
    };
  }
  const limits: Record<3 | 4 | 5, [number, number]> = { 3: [12, 99], 4: [100, 400], 5: [400, 2000] };
  const [low, high] = limits[difficulty as 3 | 4 | 5];
  const n = composite(rng, low, high);
  const factors = factorsOf(n);
  const pairs = factors.filter((f) => f * f <= n).map((f) => `${f} × ${n / f}`);
  return {
    prompt: `How many factors does ${withCommas(n)} have?`,
    answer: integerText(factors.length),
    explanation: steps(
      `Find the factor pairs of ${withCommas(n)}: ${pairs.join(', ')}.`,
      `The factors are ${factors.map(withCommas).join(', ')}.`,
      `That is ${factors.length} factors.`,
    ),
    answerForm: WHOLE,
  };
}

function primeNumbers(rng: Rng, difficulty: MathDifficulty): GeneratedQuestion {
  if (difficulty <= 2) {
    const [low, high] = difficulty === 1 ? [3, 100] : [101, 300];
    const start = rng.int(low, high);
    const isAbove = rng.next() < 0.5;
    const step = isAbove ? 1 : -1;
    let next = start + step;
    while (!isPrime(next)) next += step;
    const skipped = Array.from({ length: Math.abs(next - start) - 1 }, (_, i) => start + step * (i + 1));
    return {
      prompt: isAbove ? `What is the smallest prime number greater than ${start}?` : `What is the largest prime number less than ${start}?`,
      answer: integerText(next),
      explanation: steps(
        'A prime number has exactly two factors: 1 and itself.',
        ...skipped.map((n) => `${n} is not prime: it divides by ${factorsOf(n)[1]}.`),
        `${next} is prime, so the answer is ${next}.`,
      ),
      answerForm: WHOLE,
    };
  }
  if (difficulty === 3) {
    const from = rng.int(2, 60);
    const to = from + rng.int(10, 25);
    const primes = Array.from({ length: to - from + 1 }, (_, i) => from + i).filter(isPrime);
    return {
      prompt: `How many prime numbers are there from ${from} to ${to}, including both?`,
      answer: integerText(primes.length),
      explanation: steps('A prime number has exactly two factors: 1 and itself.', `The primes from ${from} to ${to} are ${primes.join(', ') || 'none'}.`, `That is ${primes.length}.`),
      answerForm: WHOLE,
    };
  }
  const n = difficulty === 4 ? composite(rng, 20, 400) : composite(rng, 400, 2000);
  const primeFactors: number[] = [];
  const divisions: string[] = [];
  let rest = n;
  for (let p = 2; rest > 1; p += 1) {
    while (rest % p === 0) {
      primeFactors.push(p);
      divisions.push(`${withCommas(rest)} ÷ ${p} = ${withCommas(rest / p)}.`);
      rest /= p;
    }
  }
  const largest = primeFactors[primeFactors.length - 1] ?? n;
  return {
    prompt: `What is the largest prime factor of ${withCommas(n)}?`,
    answer: integerText(largest),
    explanation: steps('Divide by the smallest prime that goes in exactly, again and again, until you reach 1.', ...divisions, `So ${withCommas(n)} = ${primeFactors.join(' × ')}.`, `The largest prime factor is ${largest}.`),
    answerForm: WHOLE,
  };
}

/** Works out an LCM pair by pair with LCM(a, b) = a × b ÷ HCF(a, b). */
function lcmSteps(numbers: readonly number[]): string[] {
  const lines: string[] = [];
  let running = numbers[0] ?? 1;
  for (const next of numbers.slice(1)) {
    const result = lcm(running, next);
    lines.push(`HCF(${running}, ${next}) = ${gcd(running, next)}, so LCM(${running}, ${next}) = ${running} × ${next} ÷ ${gcd(running, next)} = ${result}.`);
    running = result;
  }
  return lines;
}

function lcmHcf(rng: Rng, difficulty: MathDifficulty): GeneratedQuestion {
  const isHcf = difficulty === 5 ? rng.next() < 0.5 : difficulty % 2 === 1;
  const count = difficulty === 5 ? 3 : 2;
  for (;;) {
    let numbers: number[];
    if (isHcf) {
      // Build numbers from a shared factor so the HCF is more than 1.
      const common = difficulty === 1 ? rng.int(2, 10) : rng.int(3, 15);
      const reach = difficulty === 1 ? 7 : 9;
      numbers = Array.from({ length: count }, () => common * rng.int(2, reach));
    } else {
      const high: Record<MathDifficulty, number> = { 1: 10, 2: 18, 3: 20, 4: 30, 5: 15 };
      numbers = Array.from({ length: count }, () => rng.int(2, high[difficulty]));
    }
    if (new Set(numbers).size !== count) continue;
    const hcf = numbers.reduce(gcd);
    const multiple = numbers.reduce(lcm);
    if (isHcf && hcf === 1) continue;
    // An LCM that equals one of the numbers (4 and 8) is too easy to count as practice.
    if (!isHcf && numbers.includes(multiple)) continue;
    const list = `${numbers.slice(0, -1).join(', ')} and ${numbers[numbers.length - 1]}`;
    return isHcf
      ? {
          prompt: `What is the highest common factor (HCF) of ${list}?`,
          answer: integerText(hcf),
          explanation: steps(...numbers.map((n) => `Factors of ${n}: ${factorsOf(n).join(', ')}.`), `The largest factor they all share is ${hcf}.`),
          answerForm: WHOLE,
        }
      : {
          prompt: `What is the lowest common multiple (LCM) of ${list}?`,
          answer: integerText(multiple),
          explanation: steps(...lcmSteps(numbers), `The LCM is ${multiple}.`),
          answerForm: WHOLE,
        };
  }
}

/** Generators for factors, multiples, primes, LCM and HCF. */
export const NUMBER_THEORY_GENERATORS: Record<string, MathGenerator> = {
  'factors-multiples': factorsMultiples,
  'prime-numbers': primeNumbers,
  'lcm-hcf': lcmHcf,
};
