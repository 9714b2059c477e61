import type { CatalogueError, CatalogueItem, CataloguePassage, CatalogueSkill } from './catalogue-types.ts';
import { COURSES } from './courses.ts';
import type { CourseKey } from './schema.ts';

/** SPEC: at least 24 mathematics skills and 12 for every other course. */
export const MIN_SKILLS_PER_COURSE: Record<CourseKey, number> = { mathematics: 24, science: 12, english: 12, social_science: 12 };
/** SPEC: at least 240 authored questions per course. */
export const MIN_ITEMS_PER_COURSE = 240;
/** SPEC: at least 15 authored questions per skill. */
export const MIN_ITEMS_PER_SKILL = 15;
/** SPEC: at least 24 English reading passages. */
export const MIN_PASSAGES = 24;
/** SPEC asks for a spread over three difficulty levels; each level must hold at least this share of a course. */
export const MIN_DIFFICULTY_SHARE = 0.15;

/** Checks the size rules (skills, items per course and skill, difficulty spread, passages); every error has rule `count`. */
export function validateCounts(
  skills: readonly CatalogueSkill[],
  items: readonly CatalogueItem[],
  passages: readonly CataloguePassage[],
): CatalogueError[] {
  const errors: CatalogueError[] = [];
  for (const { key, source } of COURSES) {
    const file = `${key}/skills.json`;
    const courseSkills = skills.filter((skill) => skill.course === key);
    if (courseSkills.length < MIN_SKILLS_PER_COURSE[key]) {
      errors.push({ file, rule: 'count', message: `${courseSkills.length} skills; at least ${MIN_SKILLS_PER_COURSE[key]} needed` });
    }
    if (source === 'generated') continue;
    const courseItems = items.filter((item) => item.course === key);
    if (courseItems.length < MIN_ITEMS_PER_COURSE) {
      errors.push({ file: `${key}/items`, rule: 'count', message: `${courseItems.length} items; at least ${MIN_ITEMS_PER_COURSE} needed` });
    }
    for (const skill of courseSkills) {
      const count = courseItems.filter((item) => item.skill === skill.id).length;
      if (count < MIN_ITEMS_PER_SKILL) {
        errors.push({ file: `${key}/items/${skill.id}.json`, rule: 'count', message: `skill "${skill.id}" has ${count} items; at least ${MIN_ITEMS_PER_SKILL} needed` });
      }
    }
    for (const difficulty of [1, 2, 3] as const) {
      const count = courseItems.filter((item) => item.difficulty === difficulty).length;
      const needed = Math.ceil(MIN_DIFFICULTY_SHARE * Math.max(courseItems.length, MIN_ITEMS_PER_COURSE));
      if (count < needed) {
        errors.push({ file: `${key}/items`, rule: 'count', message: `${count} items at difficulty ${difficulty}; at least ${needed} needed for a spread over three levels` });
      }
    }
  }
  if (passages.length < MIN_PASSAGES) {
    errors.push({ file: 'english/passages', rule: 'count', message: `${passages.length} passages; at least ${MIN_PASSAGES} needed` });
  }
  return errors;
}
