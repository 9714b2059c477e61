/** An exact fraction n/d with d > 0, in lowest terms: arithmetic never rounds, so 1/3 + 1/6 is exactly 1/2. */
export interface Rational {
  n: bigint;
  d: bigint;
}

const abs = (x: bigint) => (x < 0n ? -x : x);

function gcd(a: bigint, b: bigint): bigint {
  let x = abs(a);
  let y = abs(b);
  while (y) [x, y] = [y, x % y];
  return x || 1n;
}

/** The fraction n/d in lowest terms; throws on a zero denominator. */
export function rational(n: bigint, d = 1n): Rational {
  if (d === 0n) throw new RangeError('division by zero');
  const sign = d < 0n ? -1n : 1n;
  const g = gcd(n, d);
  return { n: (sign * n) / g, d: (sign * d) / g };
}

/** Parses `12`, `2.5` or `-0.75` exactly. */
export function fromDecimal(text: string): Rational {
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

/** a^e for a whole exponent (|e| ≤ 12, so numbers stay readable). */
export function power(a: Rational, e: Rational): Rational {
  if (!isInteger(e) || abs(e.n) > 12n) throw new RangeError('exponent');
  const k = e.n < 0n ? -e.n : e.n;
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
  let places = 0;
  let scaled = a;
  while (!isInteger(scaled)) {
    scaled = mul(scaled, rational(10n));
    places += 1;
  }
  const digits = abs(scaled.n)
    .toString()
    .padStart(places + 1, '0');
  const text = `${digits.slice(0, digits.length - places)}.${digits.slice(digits.length - places)}`;
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
