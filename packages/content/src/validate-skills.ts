import type { CatalogueError, CatalogueSkill } from './catalogue-types.ts';
import { type CourseKey, SkillSchema } from './schema.ts';
import { describeIssue } from './zod-issues.ts';

/** SPEC: content is aimed at school learners of grades 3–10. */
export const MIN_GRADE = 3;
/** SPEC: content is aimed at school learners of grades 3–10. */
export const MAX_GRADE = 10;

/** Validates one course's skills.json and returns the skills that passed, with every problem found. */
export function validateSkillsFile(
  course: CourseKey,
  file: string,
  data: unknown,
): { skills: CatalogueSkill[]; errors: CatalogueError[] } {
  const errors: CatalogueError[] = [];
  const skills: CatalogueSkill[] = [];
  if (!Array.isArray(data) || data.length === 0) {
    return { skills, errors: [{ file, rule: 'schema', message: 'skills.json must be a non-empty array of skills' }] };
  }
  const seen = new Set<string>();
  data.forEach((raw: unknown, index) => {
    const parsed = SkillSchema.safeParse(raw);
    const rawId = (raw as { id?: unknown } | null)?.id;
    const itemId = typeof rawId === 'string' ? rawId : `#${index}`;
    if (!parsed.success) {
      for (const issue of parsed.error.issues) errors.push({ file, itemId, rule: 'schema', message: describeIssue(issue) });
      return;
    }
    const skill = parsed.data;
    if (seen.has(skill.id)) {
      errors.push({ file, itemId, rule: 'duplicate', message: `duplicate skill id "${skill.id}"` });
      return;
    }
    seen.add(skill.id);
    const [low, high] = skill.grades;
    if (low > high) errors.push({ file, itemId, rule: 'skill', message: `grade band ${low}–${high} is reversed` });
    if (low < MIN_GRADE || high > MAX_GRADE) {
      errors.push({ file, itemId, rule: 'skill', message: `grade band ${low}–${high} is outside grades ${MIN_GRADE}–${MAX_GRADE}` });
    }
    skills.push({ ...skill, course });
  });
  for (const skill of skills) {
    for (const prerequisite of skill.prerequisites) {
      if (prerequisite === skill.id) {
        errors.push({ file, itemId: skill.id, rule: 'skill', message: 'a skill cannot be its own prerequisite' });
      } else if (!seen.has(prerequisite)) {
        errors.push({ file, itemId: skill.id, rule: 'skill', message: `unknown prerequisite "${prerequisite}"` });
      }
    }
  }
  const cycle = findCycle(skills);
  if (cycle) errors.push({ file, itemId: cycle[0], rule: 'skill', message: `prerequisites form a cycle: ${cycle.join(' → ')}` });
  return { skills, errors };
}

/** Returns one prerequisite cycle (first id repeated at the end), or undefined when the graph is a DAG. */
export function findCycle(skills: readonly { id: string; prerequisites: readonly string[] }[]): string[] | undefined {
  const prerequisitesOf = new Map(skills.map((skill) => [skill.id, skill.prerequisites]));
  const state = new Map<string, 'visiting' | 'done'>();
  const stack: string[] = [];
  const visit = (id: string): string[] | undefined => {
    if (state.get(id) === 'done') return undefined;
    if (state.get(id) === 'visiting') return [...stack.slice(stack.indexOf(id)), id];
    state.set(id, 'visiting');
    stack.push(id);
    for (const next of prerequisitesOf.get(id) ?? []) {
      if (!prerequisitesOf.has(next)) continue;
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    stack.pop();
    state.set(id, 'done');
    return undefined;
  };
  for (const skill of skills) {
    const cycle = visit(skill.id);
    if (cycle) return cycle;
  }
  return undefined;
}
