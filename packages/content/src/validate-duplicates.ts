import type { CatalogueError, CatalogueItem } from './catalogue-types.ts';

/**
 * A question stem reduced for comparison: lower case, punctuation gone, spacing collapsed. Two stems that read the
 * same after this are the same question, whatever course or file they are in.
 */
export function stemKey(prompt: string): string {
  return prompt
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Words that say nothing about which fact a question asks for. */
const STOP_WORDS = new Set(
  'a an the of to in on at by for from with and or is are was were be been it its this that these those which what who whom whose when where why how do does did can could will would should may might must as into than then there their they them we our us you your he she his her i me my not no'.split(' '),
);

/** A crude stem, enough to make `measures` and `measure`, `cities` and `city` one word. */
const stemWord = (word: string): string => word.replace(/ies$/, 'y').replace(/(?<=[^s])s$/, '').replace(/(ing|ed)$/, '');

const words = (prompt: string): string[] => [...new Set(stemKey(prompt).split(' ').filter((w) => w && !STOP_WORDS.has(w)).map(stemWord))];

/** An answer reduced for comparison: `A thermometer` and `thermometer.` are the same answer. */
const answerKey = (item: CatalogueItem): string => stemKey(item.choices[item.answer] ?? '').replace(/^(a|an|the) /, '');

/** Two stems this alike (shared content words ÷ all content words) with the same right answer ask the same thing. */
export const NEAR_DUPLICATE_SIMILARITY = 0.5;
/** A word in more stems than this share (and at least COMMON_WORD_MIN_STEMS) is stock wording ("fill in the blank"). */
const COMMON_WORD_SHARE = 0.02;
const COMMON_WORD_MIN_STEMS = 10;

/** Which namespace a stem must be unique in: all courses together, except passage questions, which may share stock stems across passages. */
const scopeOf = (item: CatalogueItem): string => (item.passageId === undefined ? '' : `passage:${item.passageId}`);

/**
 * Finds items that ask the same question: the same stem (after case, spacing and punctuation) anywhere in the catalogue,
 * or nearly the same stem with the same right answer; the second of each pair is reported. Passage questions are
 * compared only within their passage.
 */
export function findDuplicateQuestions(itemFiles: ReadonlyMap<CatalogueItem, string>): CatalogueError[] {
  const errors: CatalogueError[] = [];
  const items = [...itemFiles.keys()];
  const frequency = new Map<string, number>();
  for (const item of items) for (const word of words(item.prompt)) frequency.set(word, (frequency.get(word) ?? 0) + 1);
  const commonAbove = Math.max(COMMON_WORD_MIN_STEMS, items.length * COMMON_WORD_SHARE);
  const contentWords = (item: CatalogueItem): Set<string> => new Set(words(item.prompt).filter((w) => (frequency.get(w) ?? 0) <= commonAbove));

  const ids = new Set<string>();
  const stems = new Map<string, CatalogueItem>();
  const byAnswer = new Map<string, { item: CatalogueItem; words: Set<string> }[]>();
  for (const [item, file] of itemFiles) {
    const fail = (message: string): void => void errors.push({ file, itemId: item.id, rule: 'duplicate', message });
    if (ids.has(item.id)) fail('duplicate item id');
    ids.add(item.id);
    const scope = scopeOf(item);
    const stem = `${scope}|${stemKey(item.prompt)}`;
    const same = stems.get(stem);
    if (same) {
      fail(`same prompt as ${same.id}`);
      continue;
    }
    stems.set(stem, item);
    const answer = `${scope}|${answerKey(item)}`;
    const mine = contentWords(item);
    const earlier = byAnswer.get(answer) ?? [];
    const near = earlier.find(({ words: theirs }) => similarity(mine, theirs) >= NEAR_DUPLICATE_SIMILARITY);
    if (near) fail(`nearly the same question as ${near.item.id} (same answer "${near.item.choices[near.item.answer]}")`);
    byAnswer.set(answer, [...earlier, { item, words: mine }]);
  }
  return errors;
}

/** Jaccard similarity of two word sets; 0 when both are empty (nothing to compare beyond the exact stem). */
function similarity(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  const shared = [...a].filter((word) => b.has(word)).length;
  const all = a.size + b.size - shared;
  return all === 0 ? 0 : shared / all;
}
