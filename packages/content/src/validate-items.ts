import { z } from 'zod';
import type { CatalogueError } from './catalogue-types.ts';
import { type ChoiceItem, ChoiceItemSchema, PassageFileSchema, SkillItemsFileSchema } from './schema.ts';
import { describeIssue } from './zod-issues.ts';

/** SPEC: reading passages are 80–250 words long. */
export const PASSAGE_MIN_WORDS = 80;
/** SPEC: reading passages are 80–250 words long. */
export const PASSAGE_MAX_WORDS = 250;
/** SPEC: each passage has 3–5 questions. */
export const PASSAGE_MIN_ITEMS = 3;
/** SPEC: each passage has 3–5 questions. */
export const PASSAGE_MAX_ITEMS = 5;

// The UI may shuffle choices, and a choice that points at other choices can make two of them correct.
const CHOICE_REFERS_TO_OTHERS = /\b(all|none|both|neither) of (the )?(above|these|them)\b|\bboth [a-d] and [a-d]\b|^[a-d] and [a-d]$/i;
// SPEC: no question that needs a picture.
const NEEDS_PICTURE =
  /\b(shown (below|above|here)|(in|on|look at|see) the (picture|diagram|figure|image|graph|map|photo)|the (picture|diagram|figure|image|photo) (shows|below|above))\b/i;

/** Collapses case and spacing so near-identical prompts and choices are caught as duplicates. */
export function normaliseText(text: string): string {
  return text.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** Counts the words of a passage the way a reader would (runs of non-space characters). */
export function countWords(text: string): number {
  return text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}

/** Where an item sits: its id must start with `prefix`; passage items must use one of `allowedSkills`. */
export interface ItemContext {
  file: string;
  idPrefix: string;
  /** For skill files, the one skill every item must have; for passages, the reading skills allowed. */
  allowedSkills: ReadonlySet<string>;
}

/** Validates one authored item; returns the parsed item (or undefined when its shape is wrong) and its problems. */
export function validateChoiceItem(raw: unknown, index: number, context: ItemContext): { item?: ChoiceItem; errors: CatalogueError[] } {
  const { file } = context;
  const rawId = (raw as { id?: unknown } | null)?.id;
  const itemId = typeof rawId === 'string' ? rawId : `#${index}`;
  const parsed = ChoiceItemSchema.safeParse(raw);
  if (!parsed.success) {
    return { errors: parsed.error.issues.map((issue) => ({ file, itemId, rule: 'schema', message: describeIssue(issue) })) };
  }
  const item = parsed.data;
  const errors: CatalogueError[] = [];
  const fail = (message: string): void => void errors.push({ file, itemId, rule: 'item', message });
  if (!item.id.startsWith(context.idPrefix)) fail(`id must start with "${context.idPrefix}"`);
  if (!context.allowedSkills.has(item.skill)) fail(`skill "${item.skill}" is not allowed here (expected ${[...context.allowedSkills].join(' or ') || 'a reading skill'})`);
  if (item.answer >= item.choices.length) fail(`answer index ${item.answer} is out of range for ${item.choices.length} choices`);
  const seen = new Set<string>();
  item.choices.forEach((choice, choiceIndex) => {
    const key = normaliseText(choice);
    if (seen.has(key)) fail(`choice ${choiceIndex} "${choice}" duplicates an earlier choice`);
    seen.add(key);
    if (CHOICE_REFERS_TO_OTHERS.test(choice.trim())) fail(`choice ${choiceIndex} "${choice}" refers to other choices`);
  });
  for (const [field, text] of [['prompt', item.prompt], ['explanation', item.explanation], ...item.choices.map((c, i) => [`choices.${i}`, c])] as const) {
    if (text !== text.trim()) fail(`${field} has leading or trailing spaces`);
  }
  if (NEEDS_PICTURE.test(item.prompt)) fail('prompt seems to need a picture');
  if (normaliseText(item.explanation) === normaliseText(item.prompt)) fail('explanation only repeats the prompt');
  return { item, errors };
}

const SkillEnvelopeSchema = SkillItemsFileSchema.extend({ items: z.array(z.unknown()).min(1) });
const PassageEnvelopeSchema = PassageFileSchema.extend({ items: z.array(z.unknown()) });

/** Checks the outer shape of an items file; returns its skill and raw items, or errors. */
export function parseSkillItemsEnvelope(file: string, data: unknown): { skill?: string; items: unknown[]; errors: CatalogueError[] } {
  const parsed = SkillEnvelopeSchema.safeParse(data);
  if (!parsed.success) return { items: [], errors: parsed.error.issues.map((issue) => ({ file, rule: 'schema', message: describeIssue(issue) })) };
  return { skill: parsed.data.skill, items: parsed.data.items, errors: [] };
}

/** Checks a passage file apart from its items: shape, word count and the number of questions. */
export function parsePassageEnvelope(
  file: string,
  data: unknown,
): { passage?: z.infer<typeof PassageEnvelopeSchema>; errors: CatalogueError[] } {
  const parsed = PassageEnvelopeSchema.safeParse(data);
  if (!parsed.success) return { errors: parsed.error.issues.map((issue) => ({ file, rule: 'schema', message: describeIssue(issue) })) };
  const passage = parsed.data;
  const errors: CatalogueError[] = [];
  const words = countWords(passage.text);
  if (words < PASSAGE_MIN_WORDS || words > PASSAGE_MAX_WORDS) {
    errors.push({ file, rule: 'passage', message: `passage has ${words} words; it must have ${PASSAGE_MIN_WORDS}–${PASSAGE_MAX_WORDS}` });
  }
  if (passage.items.length < PASSAGE_MIN_ITEMS || passage.items.length > PASSAGE_MAX_ITEMS) {
    const range = `${PASSAGE_MIN_ITEMS}–${PASSAGE_MAX_ITEMS}`;
    errors.push({ file, rule: 'passage', message: `passage has ${passage.items.length} questions; it must have ${range}` });
  }
  return { passage, errors };
}
