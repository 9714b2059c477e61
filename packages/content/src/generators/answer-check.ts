import { gcd } from './math-format.ts';
import type { AnswerForm, AnswerUnit } from './math-item.ts';

// What a learner may type for each unit, written after the number (or, for rupees, before it). Longer spellings come
// before the shorter ones they end with, so `sq. cm` is removed whole rather than leaving `24 sq.` behind.
const UNIT_ALIASES: Record<AnswerUnit, readonly string[]> = {
  cm: ['centimetres', 'centimeters', 'cms', 'cm'],
  'cm²': [
    'square centimetres',
    'square centimeters',
    'square cms',
    'square cm',
    'sq. cms',
    'sq. cm',
    'sq.cms',
    'sq.cm',
    'sq cms',
    'sq cm',
    'cm²',
    'cm2',
    'cm^2',
  ],
  '°': ['°', 'degrees', 'degree', 'deg'],
  '%': ['%', 'percent', 'per cent'],
  minutes: ['minutes', 'minute', 'mins', 'min'],
  '₹': ['₹', 'rs.', 'rs', 'inr', 'rupees'],
};

/** A whole number with no grouping, international grouping (124,550) or Indian grouping (1,24,550). */
const GROUPED_DIGITS = String.raw`(0|[1-9]\d*|[1-9]\d{0,2}(,\d{3})+|[1-9]\d?(,\d{2})*,\d{3})`;
const INTEGER = new RegExp(`^[+-]?${GROUPED_DIGITS}$`);
const DECIMAL = new RegExp(String.raw`^[+-]?(${GROUPED_DIGITS}(\.\d+)?|\.\d+)$`);
const UNSIGNED = new RegExp(`^${GROUPED_DIGITS}$`);

/**
 * Trims, lower-cases and collapses inner spaces; maps the true minus sign and en dash to `-`, and the ordinal sign
 * `º` and ring `˚` (which many keyboards give for the degree sign) to `°`.
 */
function normalise(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/[\u2212\u2013]/g, '-')
    .replace(/[\u00ba\u02da]/g, '°')
    .replace(/\s+/g, ' ');
}

/** Removes `x =` (any spacing) before the value when the question asks for that letter. */
function stripVariable(text: string, variable: string | undefined): string {
  if (!variable) return text;
  const prefix = `${variable.toLowerCase()} `;
  const bare = text.startsWith(prefix) ? text.slice(prefix.length) : text.startsWith(variable.toLowerCase()) ? text.slice(variable.length) : undefined;
  if (bare === undefined) return text;
  return bare.startsWith('=') ? bare.slice(1).trim() : text;
}

/** Removes one optional unit (suffix, or prefix for rupees) the question names. */
function stripUnit(text: string, unit: AnswerUnit | undefined): string {
  if (!unit) return text;
  for (const alias of UNIT_ALIASES[unit]) {
    if (unit === '₹' && text.startsWith(alias)) return text.slice(alias.length).trim();
    if (unit === '₹' && text.endsWith(` ${alias}`)) return text.slice(0, -alias.length).trim();
    if (unit !== '₹' && text.endsWith(alias)) return text.slice(0, -alias.length).trim();
  }
  return text;
}

/** Joins a sign written apart from its number: `- 35` → `-35`. */
const joinSign = (text: string): string => text.replace(/^([+-]) (?=[\d.])/, '$1');

/** Drops the `/-` that closes a rupee amount on Indian bills and cheques: `₹600/-`. */
const dropRupeeDash = (text: string, unit: AnswerUnit | undefined): string => (unit === '₹' ? text.replace(/ ?\/-$/, '') : text);

/** An exact decimal as a sign, digit string and number of places; undefined if the text is not one. */
function parseDecimal(text: string): { units: bigint; places: number } | undefined {
  if (!DECIMAL.test(text)) return undefined;
  const plain = text.replace(/,/g, '');
  const [whole = '', fraction = ''] = plain.replace(/^[+-]/, '').split('.');
  const units = BigInt(`${whole || '0'}${fraction}`) * (plain.startsWith('-') ? -1n : 1n);
  return { units, places: fraction.length };
}

function sameDecimal(a: { units: bigint; places: number }, b: { units: bigint; places: number }): boolean {
  const places = Math.max(a.places, b.places);
  return a.units * 10n ** BigInt(places - a.places) === b.units * 10n ** BigInt(places - b.places);
}

/** Reads `<a><separator><b>` where both parts are whole numbers (commas allowed when correctly grouped). */
function pairOf(text: string, separator: RegExp): [number, number] | undefined {
  const match = new RegExp(`^([\\d,]+) ?${separator.source} ?([\\d,]+)$`).exec(text);
  if (!match) return undefined;
  const [, first = '', second = ''] = match;
  if (!UNSIGNED.test(first) || !UNSIGNED.test(second)) return undefined;
  return [Number(first.replace(/,/g, '')), Number(second.replace(/,/g, ''))];
}

const samePair = (a: [number, number] | undefined, b: [number, number] | undefined): boolean => !!a && !!b && a[0] === b[0] && a[1] === b[1];

/**
 * Checks a typed answer against a generated item; accepts exactly the forms its question allows.
 * SPEC: free-text answers compare trimmed and ignoring case. Spacing is free around `/`, `:`, `r`, `=`, a sign and
 * units (`7r2`, `7 r 2`, `3 / 4`, `24cm`, `x=7`, `- 35`); thousands commas are accepted when correctly grouped
 * (international or Indian).
 */
export function checkFreeTextAnswer(item: { answer: string; answerForm: AnswerForm }, given: string): boolean {
  const form = item.answerForm;
  const unit = 'unit' in form ? form.unit : undefined;
  const variable = form.kind === 'integer' ? form.variable : undefined;
  const read = (text: string): string => joinSign(stripUnit(dropRupeeDash(stripVariable(normalise(text), variable), unit), unit));
  const typed = read(given);
  const expected = read(item.answer);
  switch (form.kind) {
    case 'integer': {
      // Whole rupees may be written with paise, as on a bill: ₹600.00.
      const whole = unit === '₹' ? typed.replace(/\.0{1,2}$/, '') : typed;
      return INTEGER.test(whole) && INTEGER.test(expected) && Number(whole.replace(/,/g, '')) === Number(expected.replace(/,/g, ''));
    }
    case 'decimal': {
      const [a, b] = [parseDecimal(typed), parseDecimal(expected)];
      if (!a || !b) return false;
      // "To 1 decimal place" forbids more places; fewer are fine when the dropped digits are zeros (3.0 typed as 3).
      if (form.places !== undefined && a.places > form.places) return false;
      return sameDecimal(a, b);
    }
    case 'fraction': {
      // SPEC: "in simplest form" means 3/4 is right and 6/8 is not.
      const [a, b] = [pairOf(typed, /\//), pairOf(expected, /\//)];
      return samePair(a, b) && !!a && gcd(a[0], a[1]) === 1;
    }
    case 'remainder':
      // The quotient may carry thousands commas, as the dividend in the prompt does: 1,136 r 2.
      return samePair(pairOf(typed, /r/), pairOf(expected, /r/));
    case 'ratio':
      return samePair(pairOf(typed, /:/), pairOf(expected, /:/));
    case 'time': {
      // Both 4:05 and 4.05 are common ways to write a clock time; a leading zero (04:05) is fine.
      const pattern = /^(\d{1,2})[:.](\d{2})$/;
      const [a, b] = [pattern.exec(typed), pattern.exec(expected)];
      return !!a && !!b && Number(a[1]) === Number(b[1]) && Number(a[2]) === Number(b[2]);
    }
  }
}

/** Checks a multiple-choice answer: right only when the index is the item's correct choice. */
export function checkChoiceAnswer(item: { answer: number; choices: readonly string[] }, index: number): boolean {
  return Number.isInteger(index) && index >= 0 && index < item.choices.length && index === item.answer;
}
