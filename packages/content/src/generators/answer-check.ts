import { gcd } from './math-format.ts';
import type { AnswerForm, AnswerUnit } from './math-item.ts';

// What a learner may type for each unit, written after the number (or, for rupees, before it).
const UNIT_ALIASES: Record<AnswerUnit, readonly string[]> = {
  cm: ['cm', 'centimetres', 'centimeters'],
  'cm²': ['cm²', 'cm2', 'cm^2', 'sq cm', 'square cm', 'square centimetres', 'square centimeters'],
  '°': ['°', 'degrees', 'degree', 'deg'],
  '%': ['%', 'percent', 'per cent'],
  minutes: ['minutes', 'minute', 'mins', 'min'],
  '₹': ['₹', 'rs.', 'rs', 'inr', 'rupees'],
};

const INTEGER = /^[+-]?(0|[1-9]\d*|[1-9]\d{0,2}(,\d{3})+|[1-9]\d?(,\d{2})*,\d{3})$/;
const DECIMAL = /^[+-]?((0|[1-9]\d*|[1-9]\d{0,2}(,\d{3})+|[1-9]\d?(,\d{2})*,\d{3})(\.\d+)?|\.\d+)$/;

/** Trims, lower-cases, maps the true minus sign to `-` and collapses inner spaces. */
function normalise(text: string): string {
  return text.trim().toLowerCase().replace(/[\u2212\u2013]/g, '-').replace(/\s+/g, ' ');
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

function pairOf(text: string, pattern: RegExp): [number, number] | undefined {
  const match = pattern.exec(text);
  return match ? [Number(match[1]), Number(match[2])] : undefined;
}

/**
 * Checks a typed answer against a generated item; accepts exactly the forms its question allows.
 * SPEC: free-text answers compare trimmed and ignoring case. Spacing is free around `/`, `:`, `r` and units
 * (`7r2`, `7 r 2`, `3 / 4`, `24cm`); thousands commas are accepted when correctly grouped (international or Indian).
 */
export function checkFreeTextAnswer(item: { answer: string; answerForm: AnswerForm }, given: string): boolean {
  const form = item.answerForm;
  const unit = 'unit' in form ? form.unit : undefined;
  const typed = stripUnit(normalise(given), unit);
  const expected = stripUnit(normalise(item.answer), unit);
  switch (form.kind) {
    case 'integer':
      return INTEGER.test(typed) && INTEGER.test(expected) && Number(typed.replace(/,/g, '')) === Number(expected.replace(/,/g, ''));
    case 'decimal': {
      const [a, b] = [parseDecimal(typed), parseDecimal(expected)];
      if (!a || !b) return false;
      // "To 1 decimal place" forbids more places; fewer are fine when the dropped digits are zeros (3.0 typed as 3).
      if (form.places !== undefined && a.places > form.places) return false;
      return sameDecimal(a, b);
    }
    case 'fraction': {
      // SPEC: "in simplest form" means 3/4 is right and 6/8 is not.
      const pattern = /^(\d+) ?\/ ?(\d+)$/;
      const [a, b] = [pairOf(typed, pattern), pairOf(expected, pattern)];
      return !!a && !!b && a[0] === b[0] && a[1] === b[1] && gcd(a[0], a[1]) === 1;
    }
    case 'remainder': {
      const pattern = /^(\d+) ?r ?(\d+)$/;
      const [a, b] = [pairOf(typed, pattern), pairOf(expected, pattern)];
      return !!a && !!b && a[0] === b[0] && a[1] === b[1];
    }
    case 'ratio': {
      const pattern = /^(\d+) ?: ?(\d+)$/;
      const [a, b] = [pairOf(typed, pattern), pairOf(expected, pattern)];
      return !!a && !!b && a[0] === b[0] && a[1] === b[1];
    }
    case 'time': {
      // Both 4:05 and 4.05 are common ways to write a clock time; a leading zero (04:05) is fine.
      const pattern = /^(\d{1,2})[:.](\d{2})$/;
      const [a, b] = [pairOf(typed, pattern), pairOf(expected, pattern)];
      return !!a && !!b && a[0] === b[0] && a[1] === b[1];
    }
  }
}

/** Checks a multiple-choice answer: right only when the index is the item's correct choice. */
export function checkChoiceAnswer(item: { answer: number; choices: readonly string[] }, index: number): boolean {
  return Number.isInteger(index) && index >= 0 && index < item.choices.length && index === item.answer;
}
