import { parseExpression } from '../offline/math-parser.ts';
import {
  equals,
  fromDecimal,
  isTooLong,
  NumberTooLargeError,
  rational,
  type Rational,
} from '../offline/rational.ts';

/** A served quiz question the learner has not answered yet: its answer must not appear in any reply. */
export interface LiveQuestion {
  itemId: string;
  courseKey: string;
  kind: 'choice' | 'free_text';
  prompt: string;
  choices: string[] | null;
  /** The stored answer: the correct index for choice items, the canonical text otherwise. */
  answer: string;
}

const LETTERS = ['a', 'b', 'c', 'd', 'e', 'f'];
const ORDINALS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth'];
const SUFFIXES = ['st', 'nd', 'rd', 'th', 'th', 'th'];
const DIGIT_WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];
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
  try {
    return readNumber(answer);
  } catch (error) {
    // A number beyond the tutor's bounds is matched as text instead.
    if (error instanceof NumberTooLargeError) return null;
    throw error;
  }
}

function readNumber(answer: string): Rational | null {
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
 * What a normalised text spells out one character at a time, joined up: "4 2", "four, two" and "4-2" give "42",
 * "three point five" gives "3.5", "e v a p" and "e-v-a-p" give "evap". Only runs of two or more.
 */
function spelledOut(text: string): string[] {
  const runs: string[] = [];
  let run = '';
  let count = 0;
  const flush = () => {
    if (count >= 2) runs.push(run);
    run = '';
    count = 0;
  };
  for (const raw of text.split(/[\s,;]+/)) {
    const token = raw === '.' ? 'point' : raw.replace(/^[^a-z0-9]+|[^a-z0-9]+$/g, '');
    for (const piece of /^([a-z0-9]-)+[a-z0-9]$/.test(token) ? token.split('-') : [token]) {
      const digit = DIGIT_WORDS.indexOf(piece);
      const character =
        piece.length === 1 ? piece : digit >= 0 ? String(digit) : piece === 'point' ? '.' : '';
      if (!character) {
        flush();
        continue;
      }
      run += character;
      count += 1;
    }
  }
  flush();
  return runs;
}

/** A regular-expression source matching the words in upper or lower case, letter by letter. */
const anyCase = (words: string) =>
  words.replace(/[a-z]/g, (c) => `[${c}${c.toUpperCase()}]`).replace(/ /g, '\\s+');

const compact = (text: string) => normalise(text).replace(/[^a-z0-9]/g, '');

/** Whether a word answer appears in the text whole, spelled out letter by letter, or backwards. */
function mentionsWords(text: string, answer: string): boolean {
  const clean = normalise(answer).trim();
  if (!clean) return false;
  const whole = (phrase: string) => new RegExp(`(^|[^a-z0-9])${escape(phrase)}([^a-z0-9]|$)`).test(text);
  if (whole(clean)) return true;
  const letters = compact(answer);
  if (letters.length < 3) return false;
  const backwards = [...letters].reverse().join('');
  if (spelledOut(text).some((run) => run.includes(letters) || run.includes(backwards))) return true;
  return letters.length >= 4 && whole([...clean].reverse().join(''));
}

/** Whether the text points at choice `index` by its letter, number or position. */
function pointsAtChoice(reply: string, text: string, index: number, count: number): boolean {
  const letter = LETTERS[index]!;
  const n = index + 1;
  // "a" is also a word ("the answer is a number"), so a bare lower-case "a" is not read as the letter.
  const bareLetter = letter === 'a' ? '' : `|${letter}`;
  const pointers = [
    `\\b(option|choice|letter)\\s+(is\\s+)?(${letter}|${n})(?![a-z0-9])`,
    `\\b(answer|pick|choose|select|go with|go for)\\s+(is\\s+)?(number\\s+|no\\.?\\s*)?(${n}${bareLetter})(?![a-z0-9])`,
    `\\b(it's|its|it is|that's|that is)\\s+(number\\s+|no\\.?\\s*)?(${n}${bareLetter})(?![a-z0-9])`,
    `\\b(the\\s+)?${ORDINALS[index]}\\s+(one|option|choice|answer)\\b`,
    `\\b(it's|its|it is|is)\\s+the\\s+${ORDINALS[index]}\\b`,
    `\\b${n}${SUFFIXES[index]}\\s+(one|option|choice|answer)\\b`,
    ...(index === count - 1 ? ['\\bthe last (one|option|choice|answer)\\b'] : []),
  ];
  if (pointers.some((p) => new RegExp(p).test(text))) return true;
  // The capital letter as a reply writes a choice ("It's D", "The answer is (D).", "D is correct"): the words before
  // it in any case, the letter itself only as a capital.
  const capital = letter.toUpperCase();
  const raw = reply.replace(/[’‘]/g, "'");
  const lead = anyCase(
    "it's|its|it is|that's|that is|answer is|answer|option|choice|letter|pick|choose|select|go with|go for|is",
  );
  return [
    `\\b(?:${lead})\\s*[:\\-–—]?\\s*[("“']?${capital}[)"”']?(?![\\p{L}\\p{N}'])`,
    `\\(${capital}\\)`,
    // "the 4th" on its own ("It's the 4th.", "the 4th, I think"), not "the 4th century".
    `\\b${anyCase('the')}\\s+${n}${anyCase(SUFFIXES[index]!)}\\b(?![ \\t]*\\p{L})`,
    `(?:^|[^\\p{L}\\p{N}])[("“']?${capital}[)"”']?\\s+(?:${anyCase('is')})\\s+(?:${anyCase('the')}\\s+)?(?:${anyCase('correct|right|true|answer')})\\b`,
  ].some((p) => new RegExp(p, 'u').test(raw));
}

/**
 * Whether a reply gives away a live question's answer: the correct choice's text or its letter/number/position
 * ("option C", "It's C", "The answer is C.", "the third one", "the 3rd"), or, for a free-text answer, the answer
 * itself (numbers compared by value, so "0.5", "1/2" and "one half" all count for 1/2); also spelled out one
 * character at a time ("4 2", "four, two", "e-v-a-p…") or backwards. Quoting the whole question is allowed; any other
 * mention of the answer's value counts, even one the question shows as an example: a false alarm only swaps the reply
 * for a hint.
 */
export function revealsAnswer(reply: string, question: LiveQuestion): boolean {
  const text = withoutPrompt(reply, question.prompt);
  if (question.kind === 'choice' && question.choices) {
    const index = Number(question.answer);
    const correct = question.choices[index] ?? '';
    return mentionsWords(text, correct) || pointsAtChoice(reply, text, index, question.choices.length);
  }
  const value = numericValue(question.answer);
  if (value) {
    if (numbersIn(text).some((v) => equals(v, value))) return true;
    if (value.d === 2n && value.n === 1n && /\b(a|one) half\b/.test(text)) return true;
    // Digits spelled out one by one: "4 2", "four, two", "three point five".
    return spelledOut(text).some(
      (run) => /^\d+(\.\d+)?$/.test(run) && !isTooLong(run) && equals(fromDecimal(run), value),
    );
  }
  return mentionsWords(text, question.answer);
}

/** The first of the live questions whose answer the reply gives away. */
export function leakedQuestion(reply: string, questions: readonly LiveQuestion[]): LiveQuestion | undefined {
  return questions.find((q) => revealsAnswer(reply, q));
}
