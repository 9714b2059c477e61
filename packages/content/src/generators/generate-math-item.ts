import { DATA_GENERATORS } from './data-skills.ts';
import { EXPRESSION_GENERATORS } from './expression-skills.ts';
import { FRACTION_GENERATORS } from './fraction-skills.ts';
import type { MathDifficulty, MathItem } from './math-item.ts';
import { MEASURE_GENERATORS } from './measure-skills.ts';
import { NUMBER_GENERATORS, type MathGenerator } from './number-skills.ts';
import { NUMBER_THEORY_GENERATORS } from './number-theory-skills.ts';
import { createRng } from './prng.ts';

const GENERATORS: ReadonlyMap<string, MathGenerator> = new Map(
  Object.entries({
    ...NUMBER_GENERATORS,
    ...NUMBER_THEORY_GENERATORS,
    ...FRACTION_GENERATORS,
    ...EXPRESSION_GENERATORS,
    ...MEASURE_GENERATORS,
    ...DATA_GENERATORS,
  }),
);

/** Skill ids that have a generator; each must be a skill in courses/mathematics/skills.json and vice versa. */
export const MATH_GENERATOR_SKILLS: readonly string[] = [...GENERATORS.keys()];

const MAX_SEED = 0xffffffff;
const ITEM_ID = /^math:([a-z0-9]+(?:-[a-z0-9]+)*):([1-5]):(0|[1-9]\d{0,9})$/;

/** Builds the stable id of a generated item. */
export function mathItemId(skill: string, difficulty: MathDifficulty, seed: number): string {
  return `math:${skill}:${difficulty}:${seed}`;
}

/** Reads a generated item id back into its parts; undefined when it is not a canonical id of a known skill. */
export function parseMathItemId(id: string): { skill: string; difficulty: MathDifficulty; seed: number } | undefined {
  const match = ITEM_ID.exec(id);
  if (!match) return undefined;
  const [, skill = '', level, seedText] = match;
  const seed = Number(seedText);
  if (!GENERATORS.has(skill) || seed > MAX_SEED) return undefined;
  return { skill, difficulty: Number(level) as MathDifficulty, seed };
}

/** Renders the question for a skill, difficulty (1–5) and uint32 seed; the same arguments always give the same item. */
export function generateMathItem(skill: string, difficulty: MathDifficulty, seed: number): MathItem {
  const generator = GENERATORS.get(skill);
  if (!generator) throw new RangeError(`no mathematics generator for skill "${skill}"`);
  if (!Number.isInteger(difficulty) || difficulty < 1 || difficulty > 5) throw new RangeError(`difficulty must be 1–5, got ${difficulty}`);
  if (!Number.isInteger(seed) || seed < 0 || seed > MAX_SEED) throw new RangeError(`seed must be a uint32, got ${seed}`);
  const question = generator(createRng(seed), difficulty);
  return { id: mathItemId(skill, difficulty, seed), skill, difficulty, seed, ...question };
}
