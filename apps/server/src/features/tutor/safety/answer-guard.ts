import { parseExpression } from '../offline/math-parser.ts';
import { equals, fromDecimal, isTooLong, rational, type Rational } from '../offline/rational.ts';

/** A served quiz question the learner has not answered yet: its answer must not appear in any reply. */
export interface LiveQuestion {
  itemId: string;
  kind: 'choice' | 'free_text';
  prompt: string;
  choices: string[] | null;
  /** The stored answer: the correct index for choice items, the canonical text otherwise. */
  answer: string;
}

const LETTERS = ['a', 'b', 'c', 'd', 'e', 'f'];
const ORDINALS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth'];
const NUMBER_WORDS: Record<string, number> = {
  zero: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
  hundred: 100,
};

const normalise = (text: string) =>
  ` ${text
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .replace(/[^a-z0-9/.%'-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()} `;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The exact value of a numeric answer ("12", "3/4", "2.5", "12 cm", "-3"), or null for a word answer. */
function numericValue(answer: string): Rational | null {
  const core = answer
    .trim()
    .replace(/\s*(cm|mm|m|km|kg|g|l|ml|°|degrees|%|₹|rs\.?)\s*$/i, '')
    .replace(/^₹\s*/, '');
  if (!/^-?[\d.,/ ]+$/.test(core)) return null;
  const node = parseExpression(core);
  if (!node) return null;
  if (node.t === 'num') return node.v;
  if (node.t === 'bin' && node.op === '/' && node.l.t === 'num' && node.r.t === 'num' && node.r.v.n !== 0n) {
    return rational(node.l.v.n * node.r.v.d, node.l.v.d * node.r.v.n);
  }
  return null;
}

/** Every number written in a text, as exact values (digits, fractions, and number words up to a hundred). */
function numbersIn(text: string): Rational[] {
  const values: Rational[] = [];
  const lower = text.toLowerCase().replace(/(\d),(\d{3})/g, '$1$2');
  for (const match of lower.matchAll(/-?\d+(?:\.\d+)?(?:\s*\/\s*\d+(?:\.\d+)?)?/g)) {
    // A number too long to read cannot be an answer (answers are read within the same bound).
    if (isTooLong(match[0])) continue;
    const [top, bottom] = match[0].split('/').map((part) => part.trim());
    const value = fromDecimal(top!);
    if (!bottom) {
      values.push(value);
      continue;
    }
    const under = fromDecimal(bottom);
    if (under.n === 0n) continue;
    const fraction = rational(value.n * under.d, value.d * under.n);
    // "6/8" does not give away 3/4 (simplifying is the work); "3/4" or "0.75" does.
    if (fraction.n === value.n && fraction.d === under.n) values.push(fraction);
  }
  for (const match of lower.matchAll(/\b([a-z]+)(?:[ -]([a-z]+))?\b/g)) {
    const first = NUMBER_WORDS[match[1]!];
    if (first === undefined) continue;
    const second = match[2] ? NUMBER_WORDS[match[2]] : undefined;
    values.push(rational(BigInt(first + (second !== undefined && second < 10 && first >= 20 ? second : 0))));
  }
  return values;
}

/** The text with verbatim quotations of the question removed: repeating the question gives nothing away. */
function withoutPrompt(text: string, prompt: string): string {
  const cleanPrompt = normalise(prompt).trim();
  return cleanPrompt.length > 8 ? normalise(text).split(cleanPrompt).join(' ') : normalise(text);
}

/**
 * Whether a reply gives away a live question's answer: the correct choice's text or its letter/number/position,
 * or, for a free-text answer, the answer itself (numbers compared by value, so "0.5", "1/2" and "one half" all count
 * for 1/2). Quoting the whole question is allowed; any other mention of the answer's value counts, even one the
 * question shows as an example: a false alarm only swaps the reply for a hint.
 */
export function revealsAnswer(reply: string, question: LiveQuestion): boolean {
  const text = withoutPrompt(reply, question.prompt);
  if (question.kind === 'choice' && question.choices) {
    const index = Number(question.answer);
    const correct = normalise(question.choices[index] ?? '').trim();
    if (correct && new RegExp(`(^|[^a-z0-9])${escape(correct)}([^a-z0-9]|$)`).test(text)) return true;
    const letter = LETTERS[index]!;
    const ordinal = ORDINALS[index]!;
    const pointers = [
      `\\b(option|choice|answer|pick|choose|select)\\s+(is\\s+|number\\s+|no\\.?\\s*)?(${letter}|${index + 1})(\\s|$)`,
      `\\b(the\\s+)?${ordinal}\\s+(one|option|choice|answer)\\b`,
      ...(index === question.choices.length - 1 ? ['\\bthe last (one|option|choice|answer)\\b'] : []),
    ];
    return pointers.some((p) => new RegExp(p).test(text));
  }
  const value = numericValue(question.answer);
  if (value) {
    if (numbersIn(text).some((v) => equals(v, value))) return true;
    if (value.d === 2n && value.n === 1n && /\b(a|one) half\b/.test(text)) return true;
    return false;
  }
  const answer = normalise(question.answer).trim();
  return answer.length > 0 && new RegExp(`(^|[^a-z0-9])${escape(answer)}([^a-z0-9]|$)`).test(text);
}

/** The first of the live questions whose answer the reply gives away. */
export function leakedQuestion(reply: string, questions: readonly LiveQuestion[]): LiveQuestion | undefined {
  return questions.find((q) => revealsAnswer(reply, q));
}
