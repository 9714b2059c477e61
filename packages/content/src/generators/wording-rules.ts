import type { GeneratedQuestion } from './math-item.ts';
import { THINGS } from './measure-skills.ts';

/** Rupee notes in circulation: ₹10 to ₹500 (the ₹2,000 note was withdrawn from circulation in 2023). */
const NOTES_IN_CIRCULATION = new Set([10, 20, 50, 100, 200, 500]);
/** The earliest clock hour that reads as "morning" in a question. */
const MORNING_FROM_HOUR = 5;
/** A child writes at most this many decimal places unasked (money has two). */
const PLACES_A_CHILD_WRITES = 2;

const COUNT_WORDS = ['a', 'two', 'three', 'four', 'five', 'six'];
const PRICE_RANGE = new Map<string, readonly [number, number]>(THINGS.flatMap(([one, many, lowest, highest]) => [[one, [lowest, highest]], [many, [lowest, highest]]] as const));

const INDIAN_GROUPED = /^[1-9]\d?(,\d{2})*,\d{3}$/;

/** Every example a form sentence shows: `like 4:05`, `like ₹12.50`, `for example 7 r 2`, `such as 3/4 or 7/4`. */
const EXAMPLE = /\b(?:like|for example|such as) (₹?\d[\d,]*(?:[.:/]\d+)?(?: r \d+)?)(?: or (₹?\d[\d,]*(?:[.:/]\d+)?))?/g;
const shownExamples = (prompt: string): string[] => [...prompt.matchAll(EXAMPLE)].flatMap(([, first = '', second]) => (second === undefined ? [first] : [first, second]));

/** The words of a question that say how to write the answer: `such as 3/4 or 7/4`. */
const formExamples = (prompt: string): string[] => {
  const examples = /such as ([^.]+)\./.exec(prompt)?.[1] ?? '';
  return examples.match(/\d+\/\d+/g) ?? [];
};

/**
 * Checks the wording of a generated question against the rules in docs/content.md (issue 20): Indian digit grouping,
 * notes in circulation, morning times that are morning, form examples that are not the answer (and are probabilities
 * in a probability question), a stated rounding rule or "exact" whenever the answer has more decimals than a child
 * writes, and corner cut-outs that fit their rectangle. Returns one message per broken rule.
 */
export function wordingProblems(item: GeneratedQuestion): string[] {
  const problems: string[] = [];
  const { prompt, explanation, answer, answerForm } = item;
  for (const [where, text] of [['prompt', prompt], ['explanation', explanation]] as const) {
    for (const grouped of text.match(/\d+(,\d+)+/g) ?? []) {
      if (!INDIAN_GROUPED.test(grouped)) problems.push(`${where}: "${grouped}" is not grouped the Indian way (12,34,567)`);
    }
    for (const run of text.match(/(?<![\d.,])\d{6,}/g) ?? []) problems.push(`${where}: "${run}" needs Indian digit grouping`);
    if (/\bmillions?\b|hundred thousand/i.test(text)) problems.push(`${where}: names a place the Indian way (lakh, ten lakh), not millions`);
    for (const [, value = ''] of text.matchAll(/₹([\d,]+) notes?\b/g)) {
      if (!NOTES_IN_CIRCULATION.has(Number(value.replace(/,/g, '')))) problems.push(`${where}: a ₹${value} note is not in circulation`);
    }
  }
  if (/\bmorning\b|\ba\.m\./.test(prompt)) {
    const clocks = prompt.replace(/like \d{1,2}:\d{2}/, '').match(/\b\d{1,2}:\d{2}\b/g) ?? [];
    for (const clock of clocks) {
      const hour = Number(clock.split(':')[0]);
      if (hour < MORNING_FROM_HOUR || hour > 11) problems.push(`prompt: ${clock} is not a morning time`);
    }
  }
  for (const example of shownExamples(prompt)) {
    if (example === answer) problems.push(`prompt: its example ${example} is the answer`);
  }
  for (const example of formExamples(prompt)) {
    const [top = 0, bottom = 1] = example.split('/').map(Number);
    if (/probability/.test(prompt) && top > bottom) problems.push(`prompt: its example ${example} is not a probability`);
  }
  const places = /\.(\d+)/.exec(answer.replace(/[^\d.]/g, ''))?.[1]?.length ?? 0;
  if (places > PLACES_A_CHILD_WRITES && !/\bexact\b/.test(prompt)) problems.push(`prompt: the answer ${answer} has ${places} decimal places but the prompt asks for neither rounding nor the exact value`);
  const stated = /rounded to (\d+) decimal places?/.exec(prompt)?.[1];
  if (stated !== undefined && (answerForm.kind !== 'decimal' || answerForm.places !== Number(stated))) problems.push(`prompt: says ${stated} decimal places but the answer form does not hold to it`);
  const between = /have (\d+) decimal places between them/.exec(explanation)?.[1];
  const factors = /Work out (\d+(?:\.\d+)?) × (\d+(?:\.\d+)?)\./.exec(prompt);
  if (between !== undefined && factors) {
    const shown = factors.slice(1).reduce((sum, factor) => sum + (factor.split('.')[1]?.length ?? 0), 0);
    if (shown !== Number(between)) problems.push(`explanation: counts ${between} decimal places but the numbers shown have ${shown}`);
  }
  const bought = /(?:A (\w+) costs|buys \d+ (\w+) at) ₹([\d,.]+)/.exec(prompt);
  if (bought) {
    const [, single, plural, price = ''] = bought;
    const range = PRICE_RANGE.get(single ?? plural ?? '');
    const rupees = Number(price.replace(/,/g, ''));
    if (!range) problems.push(`prompt: ${single ?? plural} has no usual price range in THINGS`);
    else if (rupees < range[0] || rupees > range[1]) problems.push(`prompt: ₹${price} is not a usual price for ${single ?? plural} (₹${range[0]}–₹${range[1]})`);
  }
  const change = /buys (\d+) \w+ at ₹([\d,.]+) each and pays with (\w+) ₹([\d,]+) notes?/.exec(prompt);
  if (change) {
    const [, count = '', price = '', notes = '', note = ''] = change;
    const cost = Number(count) * Number(price.replace(/,/g, ''));
    const fewer = (COUNT_WORDS.indexOf(notes) + 1 - 1) * Number(note.replace(/,/g, ''));
    if (fewer >= cost) problems.push(`prompt: one note fewer already pays ₹${cost}`);
  }
  if (/Which is (?:smaller|larger):/.test(prompt) && /\b(?:smallest|largest)\b/.test(explanation)) problems.push('explanation: compares two things with a superlative (smallest, largest) instead of smaller, larger');
  if (/[√∛][\d,]+ ×/.test(prompt)) problems.push('prompt: a root followed by × can be read as the root of the whole product; write the multiplier first (3 × √144)');
  const cut = /rectangle (\d+) cm long and (\d+) cm wide has a smaller rectangle (\d+) cm long and (\d+) cm wide/.exec(prompt);
  if (cut) {
    const [length, width, cutLength, cutWidth] = cut.slice(1).map(Number) as [number, number, number, number];
    if (!(cutLength < length && cutWidth < width && cutWidth <= cutLength && width < length)) problems.push(`prompt: a ${cutLength} × ${cutWidth} cut-out does not fit a ${length} × ${width} rectangle with room to spare`);
  }
  return problems;
}
