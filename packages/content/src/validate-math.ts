import type { CatalogueError, CatalogueSkill } from './catalogue-types.ts';
import { checkFreeTextAnswer } from './generators/answer-check.ts';
import { generateMathItem, MATH_GENERATOR_SKILLS, parseMathItemId } from './generators/generate-math-item.ts';
import { MATH_DIFFICULTIES } from './generators/math-item.ts';
import { wordingProblems } from './generators/wording-rules.ts';

/** Seeds content:check renders per skill and difficulty; the property tests cover thousands more. */
const SMOKE_SEEDS = 25;
const FILE = 'mathematics/skills.json';

/**
 * Checks every mathematics skill has a generator (and vice versa) whose items render, accept their own answer and keep
 * the wording rules (`wordingProblems`).
 */
export function validateMathSkills(skills: readonly CatalogueSkill[]): CatalogueError[] {
  const errors: CatalogueError[] = [];
  const known = new Set(skills.map((skill) => skill.id));
  for (const skill of skills) {
    if (!MATH_GENERATOR_SKILLS.includes(skill.id)) errors.push({ file: FILE, itemId: skill.id, rule: 'generator', message: 'skill has no generator' });
  }
  for (const skill of MATH_GENERATOR_SKILLS) {
    if (!known.has(skill)) errors.push({ file: FILE, itemId: skill, rule: 'generator', message: 'generator has no skill in skills.json' });
  }
  for (const skill of MATH_GENERATOR_SKILLS.filter((id) => known.has(id))) {
    for (const difficulty of MATH_DIFFICULTIES) {
      for (let seed = 0; seed < SMOKE_SEEDS; seed += 1) {
        const id = `math:${skill}:${difficulty}:${seed}`;
        try {
          const item = generateMathItem(skill, difficulty, seed);
          if (!checkFreeTextAnswer(item, item.answer)) errors.push({ file: FILE, itemId: id, rule: 'generator', message: `its own answer "${item.answer}" is rejected` });
          if (parseMathItemId(item.id)?.seed !== seed) errors.push({ file: FILE, itemId: id, rule: 'generator', message: 'id does not parse back' });
          for (const problem of wordingProblems(item)) errors.push({ file: FILE, itemId: id, rule: 'generator', message: problem });
        } catch (error) {
          errors.push({ file: FILE, itemId: id, rule: 'generator', message: `generator threw: ${(error as Error).message}` });
        }
      }
    }
  }
  return errors;
}
