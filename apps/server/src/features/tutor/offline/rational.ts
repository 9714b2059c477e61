/** An exact fraction n/d with d > 0, in lowest terms: arithmetic never rounds, so 1/3 + 1/6 is exactly 1/2. */
export interface Rational {
  n: bigint;
  d: bigint;
}

/**
 * The largest numbers the tutor works with: numerators and denominators below 10^MAX_DIGITS. Every Rational is
 * checked when it is made, so each operation works on small numbers and one message cannot hold the event loop
 * (issue 20: `((((((9^12)^12)^12)^12)^12)^12)` once froze the server for seconds).
 */
export const MAX_DIGITS = 40;
const LIMIT = 10n ** BigInt(MAX_DIGITS);
// Two bounded fractions add or multiply to less than this before they are reduced, so the gcd stays cheap too.
const WORK_LIMIT = 2n * LIMIT * LIMIT;
/** The largest whole exponent a power may have. */
export const MAX_EXPONENT = 12;

/** A number (an operand or a result) beyond MAX_DIGITS digits. */
export class NumberTooLargeError extends RangeError {
  constructor() {
    super('too large');
  }
}

const abs = (x: bigint) => (x < 0n ? -x : x);
const digits = (x: bigint) => abs(x).toString().length;

function gcd(a: bigint, b: bigint): bigint {
  let x = abs(a);
  let y = abs(b);
  while (y) [x, y] = [y, x % y];
  return x || 1n;
}

/** The fraction n/d in lowest terms; throws on a zero denominator. */
/** The fraction n/d in lowest terms; throws on a zero denominator and NumberTooLargeError beyond MAX_DIGITS. */
export function rational(n: bigint, d = 1n): Rational {
  if (d === 0n) throw new RangeError('division by zero');
  if (abs(n) >= WORK_LIMIT || abs(d) >= WORK_LIMIT) throw new NumberTooLargeError();
  const sign = d < 0n ? -1n : 1n;
  const g = gcd(n, d);
  const reduced = { n: (sign * n) / g, d: (sign * d) / g };
  if (abs(reduced.n) >= LIMIT || reduced.d >= LIMIT) throw new NumberTooLargeError();
  return reduced;
}

/** Whether a written number (`1,200`, `0.75`) has too many digits to work with, judged before it is read. */
export function isTooLong(text: string): boolean {
  return text.replace(/[^0-9]/g, '').length > MAX_DIGITS;
}

/** Parses `12`, `2.5` or `-0.75` exactly; NumberTooLargeError beyond MAX_DIGITS digits. */
export function fromDecimal(text: string): Rational {
  if (isTooLong(text)) throw new NumberTooLargeError();
  const [whole = '0', fraction = ''] = text.replace(/,/g, '').split('.');
  const scale = 10n ** BigInt(fraction.length);
  return rational(BigInt(whole + fraction || '0'), scale);
}

export const add = (a: Rational, b: Rational) => rational(a.n * b.d + b.n * a.d, a.d * b.d);
export const sub = (a: Rational, b: Rational) => rational(a.n * b.d - b.n * a.d, a.d * b.d);
export const mul = (a: Rational, b: Rational) => rational(a.n * b.n, a.d * b.d);
export const div = (a: Rational, b: Rational) => rational(a.n * b.d, a.d * b.n);
export const neg = (a: Rational): Rational => ({ n: -a.n, d: a.d });
export const isZero = (a: Rational) => a.n === 0n;
export const isInteger = (a: Rational) => a.d === 1n;
export const equals = (a: Rational, b: Rational) => a.n === b.n && a.d === b.d;
export const lcm = (a: bigint, b: bigint) => abs(a * b) / gcd(a, b);

/** a^e for a whole exponent (|e| ≤ MAX_EXPONENT); a result beyond MAX_DIGITS is refused before it is computed. */
export function power(a: Rational, e: Rational): Rational {
  if (!isInteger(e) || abs(e.n) > BigInt(MAX_EXPONENT)) throw new RangeError('exponent');
  const k = e.n < 0n ? -e.n : e.n;
  // x^k has at least (digits(x) − 1)·k + 1 digits: refuse what must be too large, compute only what may fit.
  if ((digits(a.n) - 1) * Number(k) >= MAX_DIGITS || (digits(a.d) - 1) * Number(k) >= MAX_DIGITS)
    throw new NumberTooLargeError();
  const raised = rational(a.n ** k, a.d ** k);
  return e.n < 0n ? div(rational(1n), raised) : raised;
}

/** Whether the fraction has a finite decimal form (its denominator has no prime factors but 2 and 5). */
function terminates(a: Rational): boolean {
  let d = a.d;
  while (d % 2n === 0n) d /= 2n;
  while (d % 5n === 0n) d /= 5n;
  return d === 1n;
}

/** The exact decimal form of a terminating fraction, e.g. 5/4 → "1.25". */
function toDecimal(a: Rational): string {
  // d = 2^twos · 5^fives, so a = n · (10^places / d) / 10^places with places = max(twos, fives).
  let twos = 0;
  let fives = 0;
  for (let d = a.d; d % 2n === 0n; d /= 2n) twos += 1;
  for (let d = a.d; d % 5n === 0n; d /= 5n) fives += 1;
  const places = Math.max(twos, fives);
  const scaled = abs(a.n) * (10n ** BigInt(places) / a.d);
  const written = scaled.toString().padStart(places + 1, '0');
  const text = `${written.slice(0, written.length - places)}.${written.slice(written.length - places)}`;
  return a.n < 0n ? `-${text}` : text;
}

/** "12", "3/4", or "2.5" when `decimal` is preferred and the fraction terminates. */
export function format(a: Rational, decimal = false): string {
  if (isInteger(a)) return a.n.toString();
  if (decimal && terminates(a)) return toDecimal(a);
  return `${a.n}/${a.d}`;
}

/** A friendly reading of a fraction that is not whole: "3 1/2" and, when it ends, "3.5". */
export function describe(a: Rational): string | null {
  if (isInteger(a)) return null;
  const parts: string[] = [];
  if (abs(a.n) > a.d) {
    const whole = abs(a.n) / a.d;
    parts.push(`${a.n < 0n ? '-' : ''}${whole} ${abs(a.n) % a.d}/${a.d}`);
  }
  if (terminates(a)) parts.push(toDecimal(a));
  return parts.length ? parts.join(', or ') : null;
}

/** A plain number for comparisons (tests, leak checks). */
export const toNumber = (a: Rational) => Number(a.n) / Number(a.d);
