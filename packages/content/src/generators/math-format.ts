/** Greatest common divisor of two non-negative integers. */
export function gcd(a: number, b: number): number {
  let [x, y] = [Math.abs(a), Math.abs(b)];
  while (y !== 0) [x, y] = [y, x % y];
  return x;
}

/** Lowest common multiple of two positive integers. */
export function lcm(a: number, b: number): number {
  return (a / gcd(a, b)) * b;
}

/**
 * Writes an integer with Indian digit grouping for prompts and explanations: the last three digits, then pairs,
 * e.g. 47382 → `47,382`, 1234567 → `12,34,567` (12 lakh 34 thousand 567).
 */
export function withCommas(value: number): string {
  const plain = String(Math.abs(value));
  const digits = plain.length <= 3 ? plain : `${plain.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',')},${plain.slice(-3)}`;
  return value < 0 ? `-${digits}` : digits;
}

/** Writes an integer for an answer: plain digits, ASCII minus, never `-0`. */
export function integerText(value: number): string {
  if (!Number.isSafeInteger(value)) throw new Error(`not a safe integer: ${value}`);
  return value === 0 ? '0' : String(value);
}

/** Writes a number in a prompt, with a true minus sign and brackets when negative, e.g. `(−4)`. */
export function signed(value: number, bracket = true): string {
  if (value >= 0) return withCommas(value);
  return bracket ? `(−${withCommas(-value)})` : `−${withCommas(-value)}`;
}

/** Writes `units / 10^places` as a decimal without trailing zeros, e.g. (250, 2) → `2.5`; exact, no floats. */
export function decimalText(units: number, places: number): string {
  if (!Number.isSafeInteger(units)) throw new Error(`not a safe integer: ${units}`);
  if (units === 0) return '0';
  const sign = units < 0 ? '-' : '';
  const digits = String(Math.abs(units)).padStart(places + 1, '0');
  const whole = digits.slice(0, digits.length - places);
  const fraction = digits.slice(digits.length - places).replace(/0+$/, '');
  return fraction ? `${sign}${whole}.${fraction}` : `${sign}${whole}`;
}

/** Writes rupees and paise given in paise, always with two decimals when there are paise, e.g. 450 → `₹4.50`. */
export function rupees(paise: number): string {
  const whole = Math.floor(paise / 100);
  const rest = paise % 100;
  return rest === 0 ? `₹${withCommas(whole)}` : `₹${withCommas(whole)}.${String(rest).padStart(2, '0')}`;
}

/** A fraction reduced to lowest terms, with a positive denominator. */
export function simplify(numerator: number, denominator: number): [number, number] {
  if (denominator === 0) throw new Error('zero denominator');
  const divisor = gcd(numerator, denominator) || 1;
  const sign = denominator < 0 ? -1 : 1;
  return [(sign * numerator) / divisor, (sign * denominator) / divisor];
}

/** Writes `1st`, `2nd`, `3rd`, `4th`, … `11th`, `12th`, `13th`, `21st`. */
export function ordinal(value: number): string {
  const lastTwo = value % 100;
  const suffix = lastTwo >= 11 && lastTwo <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][value % 10] ?? 'th');
  return `${value}${suffix}`;
}

/** Writes minutes after midnight on a 12-hour clock face, e.g. 605 → `10:05`. */
export function clockText(minutes: number): string {
  const hour = Math.floor(minutes / 60);
  return `${hour}:${String(minutes % 60).padStart(2, '0')}`;
}

/**
 * The example a form sentence shows ("Write the time like 4:05."): the first of `examples` that is not the answer,
 * so an example never gives the answer away.
 */
export function exampleOtherThan(answer: string, examples: readonly [string, string, ...string[]]): string {
  return examples.find((example) => example !== answer) ?? examples[0];
}

/** Names for word problems, from India and around the world. */
export const NAMES = ['Asha', 'Ravi', 'Meera', 'Arjun', 'Sam', 'Lena', 'Omar', 'Priya', 'Kofi', 'Mei', 'Farhan', 'Anita'] as const;
