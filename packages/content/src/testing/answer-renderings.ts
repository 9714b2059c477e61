// How a child may type a value in the form a generated question asks for: written here apart from the matcher, from
// the forms docs/content.md promises, so the property tests can hold the matcher to them in both directions.
import type { AnswerForm, AnswerUnit } from '../generators/math-item.ts';

/** A value in the shape of an answer form; a decimal is `units / 10^places`. */
export type FormValue =
  | { kind: 'integer'; value: number }
  | { kind: 'decimal'; units: number; places: number }
  | { kind: 'pair'; first: number; second: number }
  | { kind: 'time'; hours: number; minutes: number };

const gcd = (a: number, b: number): number => (b === 0 ? Math.abs(a) : gcd(b, a % b));

/** Reads a canonical answer text (`₹1,200.50`, `-35`, `7 r 2`, `24 cm²`) back into a value. */
export function readCanonical(answer: string, form: AnswerForm): FormValue {
  const bare = answer.replace(/^₹/, '').replace(/( cm²| cm|°|%| minutes)$/, '').replace(/,/g, '');
  switch (form.kind) {
    case 'integer':
      return { kind: 'integer', value: Number(bare) };
    case 'decimal': {
      const [whole = '', fraction = ''] = bare.replace('-', '').split('.');
      const sign = bare.startsWith('-') ? -1 : 1;
      return { kind: 'decimal', units: sign * Number(`${whole}${fraction}`), places: fraction.length };
    }
    case 'fraction':
    case 'ratio':
    case 'remainder': {
      const [first = 0, second = 0] = bare.split(/\/|:| r /).map(Number);
      return { kind: 'pair', first, second };
    }
    case 'time': {
      const [hours = 0, minutes = 0] = bare.split(':').map(Number);
      return { kind: 'time', hours, minutes };
    }
  }
}

/** Values of the same kind that are not the right one (and are still well formed: simplest fractions, valid times). */
export function wrongValues(right: FormValue, form: AnswerForm): FormValue[] {
  switch (right.kind) {
    case 'integer':
      return [1, -1, 10, -100].map((delta) => ({ kind: 'integer', value: right.value + delta }));
    case 'decimal': {
      const places = form.kind === 'decimal' && form.places !== undefined ? Math.max(form.places, right.places) : right.places;
      const units = right.units * 10 ** (places - right.places);
      return [1, -1, 10 ** places].map((delta) => ({ kind: 'decimal', units: units + delta, places }));
    }
    case 'pair': {
      const candidates: [number, number][] = [
        [right.first + 1, right.second],
        [right.first, right.second + 1],
        [right.first + 1, right.second + 1],
        [Math.max(right.first - 1, 1), right.second],
      ];
      // A fraction or ratio that is not in simplest form is refused for that reason alone: test values that are.
      const wellFormed = candidates.filter(([a, b]) => (a !== right.first || b !== right.second) && (form.kind === 'remainder' || gcd(a, b) === 1));
      return wellFormed.map(([first, second]) => ({ kind: 'pair', first, second }));
    }
    case 'time':
      return [5, 60, -5].map((delta) => {
        const total = (right.hours * 60 + right.minutes + delta + 720) % 720;
        const hours = Math.floor(total / 60) || 12;
        return { kind: 'time', hours, minutes: total % 60 };
      });
  }
}

/** Digits with Indian grouping (12,34,567). */
const indian = (digits: string): string => {
  if (digits.length <= 3) return digits;
  const head = digits.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',');
  return `${head},${digits.slice(-3)}`;
};
/** Digits with international grouping (1,234,567). */
const international = (digits: string): string => digits.replace(/\B(?=(\d{3})+$)/g, ',');

/** A whole number as a child may write it: plain, grouped either way, with `+`, or a minus apart from the digits. */
function wholeTexts(value: number): string[] {
  const digits = String(Math.abs(value));
  const bodies = [...new Set([digits, indian(digits), international(digits)])];
  if (value < 0) return bodies.flatMap((body) => [`-${body}`, `- ${body}`, `−${body}`, `− ${body}`]);
  return value > 0 ? [...bodies, `+${digits}`] : bodies;
}

function decimalTexts(units: number, places: number, maxPlaces: number | undefined): string[] {
  const sign = units < 0 ? '-' : '';
  const digits = String(Math.abs(units)).padStart(places + 1, '0');
  const whole = digits.slice(0, digits.length - places);
  const fraction = digits.slice(digits.length - places);
  const padded = maxPlaces === undefined ? `${fraction}0` : fraction.padEnd(Math.max(maxPlaces, places), '0');
  const fractions = [...new Set([fraction, padded])];
  const wholes = [...new Set([whole, indian(whole), international(whole)])];
  const texts = wholes.flatMap((w) => fractions.map((f) => (f ? `${sign}${w}.${f}` : `${sign}${w}`)));
  if (whole === '0' && places > 0) texts.push(`${sign}.${fraction}`);
  if (sign) texts.push(...texts.map((text) => text.replace('-', '- ')));
  return texts;
}

// The unit spellings docs/content.md promises, after the number (rupees also before it).
const UNIT_SUFFIXES: Record<Exclude<AnswerUnit, '₹'>, readonly string[]> = {
  cm: [' cm', 'cm', ' cms', ' centimetres'],
  'cm²': [' cm²', 'cm2', ' sq cm', ' sq. cm', ' sq.cm', '  square cm'],
  '°': ['°', 'º', ' degrees'],
  '%': ['%', ' %', ' percent'],
  minutes: [' minutes', ' mins', 'min'],
};

function withUnit(numbers: readonly string[], unit: AnswerUnit | undefined): string[] {
  if (!unit) return [...numbers];
  if (unit === '₹') return numbers.flatMap((n) => [n, `₹${n}`, `₹ ${n}`, `Rs. ${n}`, `rs${n}`, `${n} rupees`, `₹${n}/-`]);
  return numbers.flatMap((n) => [n, ...UNIT_SUFFIXES[unit].map((suffix) => `${n}${suffix}`)]);
}

/** Every way the docs say a child may type `value` for a question of this form; each must be accepted for the right value. */
export function renderings(value: FormValue, form: AnswerForm): string[] {
  let texts: string[];
  if (value.kind === 'integer' && form.kind === 'integer') {
    // Whole rupees may be written with paise, as the money questions' answers are: ₹600.00.
    const numbers = wholeTexts(value.value).flatMap((n) => (form.unit === '₹' ? [n, `${n}.00`, `${n}.0`] : [n]));
    texts = withUnit(numbers, form.unit);
    if (form.variable) texts = texts.flatMap((text) => [text, `${form.variable} = ${text}`, `${form.variable}=${text}`, `${form.variable?.toUpperCase()} =${text}`]);
  } else if (value.kind === 'decimal' && form.kind === 'decimal') {
    texts = withUnit(decimalTexts(value.units, value.places, form.places), form.unit);
  } else if (value.kind === 'pair') {
    const [a, b] = [value.first, value.second];
    if (form.kind === 'remainder') texts = wholeTexts(a).flatMap((q) => [`${q} r ${b}`, `${q}r${b}`, `${q} R ${b}`, `${q}  r${b}`]).filter((text) => !/^[+]/.test(text));
    else if (form.kind === 'ratio') texts = [`${a}:${b}`, `${a} : ${b}`];
    else texts = [`${a}/${b}`, `${a} / ${b}`];
  } else if (value.kind === 'time') {
    const mm = String(value.minutes).padStart(2, '0');
    texts = [`${value.hours}:${mm}`, `${value.hours}.${mm}`, `${String(value.hours).padStart(2, '0')}:${mm}`];
  } else {
    throw new Error(`a ${value.kind} value cannot answer a ${form.kind} question`);
  }
  // SPEC: compared trimmed and ignoring case.
  return [...texts, ...texts.map((text) => ` ${text.toUpperCase()} `)];
}
