import type { Catalogue, CatalogueError, CatalogueItem, CataloguePassage, CatalogueSkill, SourceFile } from './catalogue-types.ts';
import { contentVersion } from './content-version.ts';
import { COURSES } from './courses.ts';
import { COURSE_KEYS, type CourseKey } from './schema.ts';
import { validateCounts } from './validate-counts.ts';
import { findDuplicateQuestions } from './validate-duplicates.ts';
import { parsePassageEnvelope, parseSkillItemsEnvelope, validateChoiceItem } from './validate-items.ts';
import { validateMathSkills } from './validate-math.ts';
import { validateSkillsFile } from './validate-skills.ts';

/** English skills whose id starts with this are reading skills, the only ones passage questions may use. */
export const READING_SKILL_PREFIX = 'reading-';

type Layout =
  | { kind: 'skills'; course: CourseKey }
  | { kind: 'items' | 'passage'; course: CourseKey; name: string }
  | { kind: 'unknown'; message: string };

function classify(path: string): Layout {
  const parts = path.split('/');
  const course = COURSE_KEYS.find((key) => key === parts[0]);
  if (!course) return { kind: 'unknown', message: `"${parts[0]}" is not a course key (${COURSE_KEYS.join(', ')})` };
  if (parts.length === 2 && parts[1] === 'skills.json') return { kind: 'skills', course };
  const name = parts[2]?.endsWith('.json') ? parts[2].slice(0, -'.json'.length) : undefined;
  if (parts.length === 3 && name !== undefined) {
    if (parts[1] === 'items' && course !== 'mathematics') return { kind: 'items', course, name };
    if (parts[1] === 'passages' && course === 'english') return { kind: 'passage', course, name };
  }
  return {
    kind: 'unknown',
    message: 'unexpected file: use <course>/skills.json, <course>/items/<skill-id>.json (not mathematics) or english/passages/<passage-id>.json',
  };
}

/** Validates every data file and builds the catalogue from what passed; pure, so tests and tools can feed it any files. */
export function analyseCatalogue(files: readonly SourceFile[]): { catalogue: Catalogue; errors: CatalogueError[] } {
  const errors: CatalogueError[] = [];
  const parsed = new Map<string, { layout: Layout; data: unknown }>();
  for (const { path, text } of [...files].sort((a, b) => (a.path < b.path ? -1 : 1))) {
    const layout = classify(path);
    if (layout.kind === 'unknown') {
      errors.push({ file: path, rule: 'layout', message: layout.message });
      continue;
    }
    try {
      parsed.set(path, { layout, data: JSON.parse(text) as unknown });
    } catch (error) {
      errors.push({ file: path, rule: 'parse', message: `invalid JSON: ${(error as Error).message}` });
    }
  }

  const skills: CatalogueSkill[] = [];
  for (const course of COURSE_KEYS) {
    const file = `${course}/skills.json`;
    const entry = parsed.get(file);
    if (!entry) {
      errors.push({ file, rule: 'layout', message: 'missing skills.json' });
      continue;
    }
    const result = validateSkillsFile(course, file, entry.data);
    skills.push(...result.skills);
    errors.push(...result.errors);
  }
  const skillIds = new Map(COURSE_KEYS.map((course) => [course, new Set(skills.filter((s) => s.course === course).map((s) => s.id))]));
  const readingSkills = new Set([...(skillIds.get('english') ?? [])].filter((id) => id.startsWith(READING_SKILL_PREFIX)));
  if (readingSkills.size === 0) errors.push({ file: 'english/skills.json', rule: 'skill', message: `no reading skills (ids starting "${READING_SKILL_PREFIX}")` });
  if (![...(skillIds.get('english') ?? [])].some((id) => id.startsWith('tense'))) {
    errors.push({ file: 'english/skills.json', rule: 'skill', message: 'no tense skills (ids starting "tense")' });
  }

  const items: CatalogueItem[] = [];
  const itemFiles = new Map<CatalogueItem, string>();
  const passages: CataloguePassage[] = [];
  for (const [file, { layout, data }] of parsed) {
    if (layout.kind === 'items') {
      const envelope = parseSkillItemsEnvelope(file, data);
      errors.push(...envelope.errors);
      if (envelope.skill === undefined) continue;
      if (envelope.skill !== layout.name) errors.push({ file, rule: 'layout', message: `file name must be the skill id "${envelope.skill}.json"` });
      if (!skillIds.get(layout.course)?.has(envelope.skill)) errors.push({ file, rule: 'item', message: `unknown skill "${envelope.skill}"` });
      const context = { file, idPrefix: `${layout.course}:${envelope.skill}:`, allowedSkills: new Set([envelope.skill]) };
      envelope.items.forEach((raw, index) => {
        const result = validateChoiceItem(raw, index, context);
        errors.push(...result.errors);
        if (!result.item) return;
        const item: CatalogueItem = { ...result.item, course: layout.course, version: contentVersion(result.item) };
        items.push(item);
        itemFiles.set(item, file);
      });
    } else if (layout.kind === 'passage') {
      const { passage, errors: passageErrors } = parsePassageEnvelope(file, data);
      errors.push(...passageErrors);
      if (!passage) continue;
      if (passage.id !== layout.name) errors.push({ file, rule: 'layout', message: `file name must be the passage id "${passage.id}.json"` });
      if (skillIds.get('english')?.has(passage.id)) errors.push({ file, rule: 'passage', message: `passage id "${passage.id}" is also a skill id` });
      const { items: rawItems, ...rest } = passage;
      const passageVersion = contentVersion(rest);
      const context = { file, idPrefix: `english:${passage.id}:`, allowedSkills: readingSkills };
      const itemIds: string[] = [];
      rawItems.forEach((raw, index) => {
        const result = validateChoiceItem(raw, index, context);
        errors.push(...result.errors);
        if (!result.item) return;
        // The passage text is part of what a reading question asks, so editing it re-versions the questions.
        const version = contentVersion({ item: result.item, passageVersion });
        const item: CatalogueItem = { ...result.item, course: 'english', passageId: passage.id, version };
        items.push(item);
        itemFiles.set(item, file);
        itemIds.push(result.item.id);
      });
      passages.push({ ...rest, course: 'english', itemIds, version: passageVersion });
    }
  }
  errors.push(...findDuplicateQuestions(itemFiles));
  errors.push(...validateMathSkills(skills.filter((skill) => skill.course === 'mathematics')));
  errors.push(...validateCounts(skills, items, passages));
  return { catalogue: { courses: COURSES, skills, items, passages }, errors };
}

/** Validates the data files and returns every problem found (an empty list means the content is good). */
export function validateCatalogue(files: readonly SourceFile[]): CatalogueError[] {
  return analyseCatalogue(files).errors;
}
