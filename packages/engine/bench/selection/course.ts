// The two course shapes of bench:selection, with the simulated truth about every item's difficulty. The engine sees
// only what the server sees: skills, prerequisites, item ids and content difficulty labels (priors), never the truth.
import { mixSeed, normal, seededRandom, uniform } from './random.ts';
import type { Random } from './random.ts';

/** Authored multiple choice (a bank of about 20 items per skill) or generated mathematics (fresh free-text items). */
export type CourseShape = 'authored' | 'generated';

/** A skill with its prerequisites and the true logit difficulty of a medium item of it. */
export interface SimSkill {
  readonly key: string;
  readonly prerequisites: readonly string[];
  /** True logit difficulty of a medium item (the item proficiency is judged on). */
  readonly mediumDifficulty: number;
}

/** An item as the simulation knows it: its content label (`level`) and its true difficulty. */
export interface SimItem {
  readonly id: string;
  readonly skill: string;
  /** Content difficulty label, 1 = easiest (the prior the engine is given). */
  readonly level: number;
  /** True logit difficulty on the simulated learners' scale (hidden from every policy but the references). */
  readonly trueDifficulty: number;
  /** The key its statistics are kept under (the item, or for generated items its skill and level, as on the server). */
  readonly statsKey: string;
}

/** A simulated course of one shape. */
export interface SimCourse {
  readonly shape: CourseShape;
  /** Skills in course order (a topological order of the prerequisite graph). */
  readonly skills: readonly SimSkill[];
  readonly maxLevel: number;
  /** Answer options per item (a blind guess is right 1 in `options`); 0 for free text (no guessing). */
  readonly options: number;
  /** The open items of `skill` at one quiz position (the bank, or one freshly generated item per level). */
  itemsAt(skill: string, quizKey: string, position: number): readonly SimItem[];
  /** Every statistics key with its true (mean) difficulty and level, for the calibration figures. */
  readonly statsKeys: ReadonlyArray<{
    readonly key: string;
    readonly level: number;
    readonly trueDifficulty: number;
  }>;
}

const AUTHORED_LEVEL_LOGIT = [-1, 0, 1];
/** Authored difficulty labels are only roughly right: true = label + this much normal noise (in logits). */
const AUTHORED_LABEL_NOISE = 0.7;
const GENERATED_LEVEL_LOGIT = [-1.6, -0.8, 0, 0.8, 1.6];
/** Generated items of a level differ a little from seed to seed. */
const GENERATED_ITEM_NOISE = 0.2;

/** A prerequisite graph in course order: two entry skills, then one or two prerequisites among the 4 skills before. */
function buildSkills(random: Random, count: number, prefix: string, mediumSpread: number) {
  return Array.from({ length: count }, (_, k) => {
    const prerequisites = new Set<string>();
    if (k >= 2) {
      const wanted = random() < 0.6 ? 1 : 2;
      const lowest = Math.max(0, k - 4);
      while (prerequisites.size < wanted) {
        prerequisites.add(`${prefix}-${lowest + Math.floor(random() * (k - lowest))}`);
      }
    }
    return {
      key: `${prefix}-${k}`,
      prerequisites: [...prerequisites].sort(),
      mediumDifficulty: normal(random) * mediumSpread,
    };
  });
}

/** Authored multiple choice: 12–16 skills, 18–22 four-option items per skill labelled 1–3, labels only roughly right. */
export function buildAuthoredCourse(seed: number): SimCourse {
  const random = seededRandom(mixSeed('authored course', seed));
  const skills = buildSkills(random, 12 + Math.floor(random() * 5), 'a', 0.5);
  const bank = new Map<string, SimItem[]>();
  for (const skill of skills) {
    const count = 18 + Math.floor(random() * 5);
    bank.set(
      skill.key,
      Array.from({ length: count }, (_, i) => {
        const level = 1 + Math.floor((3 * i) / count);
        const id = `${skill.key}-i${i}`;
        const trueDifficulty =
          skill.mediumDifficulty + AUTHORED_LEVEL_LOGIT[level - 1]! + AUTHORED_LABEL_NOISE * normal(random);
        return { id, skill: skill.key, level, trueDifficulty, statsKey: id };
      }),
    );
  }
  return {
    shape: 'authored',
    skills,
    maxLevel: 3,
    options: 4,
    itemsAt: (skill) => bank.get(skill) ?? [],
    statsKeys: [...bank.values()].flat().map((i) => ({
      key: i.statsKey,
      level: i.level,
      trueDifficulty: i.trueDifficulty,
    })),
  };
}

/** Generated mathematics: 26 skills, unlimited free-text items at levels 1–5 whose spacing differs by skill. */
export function buildGeneratedCourse(seed: number): SimCourse {
  const random = seededRandom(mixSeed('generated course', seed));
  const skills = buildSkills(random, 26, 'm', 0.5);
  // Level labels are right in order, but how much harder a level is than the one below differs by skill.
  const spacing = new Map(skills.map((s) => [s.key, uniform(random, 0.6, 1.4)]));
  const levelDifficulty = (skill: SimSkill, level: number): number =>
    skill.mediumDifficulty + spacing.get(skill.key)! * GENERATED_LEVEL_LOGIT[level - 1]!;
  const byKey = new Map(skills.map((s) => [s.key, s]));
  const levels = [1, 2, 3, 4, 5];
  return {
    shape: 'generated',
    skills,
    maxLevel: 5,
    options: 0,
    itemsAt: (skillKey, quizKey, position) => {
      const skill = byKey.get(skillKey);
      if (skill === undefined) return [];
      return levels.map((level) => {
        const itemSeed = mixSeed(quizKey, position, skillKey, level);
        const noise = normal(seededRandom(itemSeed)) * GENERATED_ITEM_NOISE;
        return {
          id: `${skillKey}~${level}~${itemSeed}`,
          skill: skillKey,
          level,
          trueDifficulty: levelDifficulty(skill, level) + noise,
          statsKey: `math:${skillKey}:${level}`,
        };
      });
    },
    statsKeys: skills.flatMap((s) =>
      levels.map((level) => ({
        key: `math:${s.key}:${level}`,
        level,
        trueDifficulty: levelDifficulty(s, level),
      })),
    ),
  };
}

/** The course of a shape for a seed. */
export function buildCourse(shape: CourseShape, seed: number): SimCourse {
  return shape === 'authored' ? buildAuthoredCourse(seed) : buildGeneratedCourse(seed);
}
