// A generative learner for bench:selection that is none of the engine's models: binary knowledge per skill,
// learning that needs prerequisites, forgetting per day, guessing and slipping.

/** A seeded uniform random source in [0, 1) (mulberry32). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A simulated course: skills in a prerequisite graph and an item bank with difficulties 1–5. */
export interface SimulatedCourse {
  readonly skills: ReadonlyArray<{ readonly key: string; readonly prerequisites: readonly string[] }>;
  readonly items: ReadonlyArray<{ readonly id: string; readonly skill: string; readonly difficulty: number }>;
}

/** Builds a course of `skillCount` skills in two chains from one entry skill, with `perLevel` items per difficulty. */
export function buildCourse(skillCount: number, perLevel: number): SimulatedCourse {
  const skills = Array.from({ length: skillCount }, (_, k) => ({
    key: `skill-${k}`,
    prerequisites: k === 0 ? [] : k <= 2 ? ['skill-0'] : [`skill-${k - 2}`],
  }));
  const items = skills.flatMap((skill) =>
    [1, 2, 3, 4, 5].flatMap((difficulty) =>
      Array.from({ length: perLevel }, (_, i) => ({
        id: `${skill.key}-d${difficulty}-${i}`,
        skill: skill.key,
        difficulty,
      })),
    ),
  );
  return { skills, items };
}

const GUESS_BY_DIFFICULTY = [0.45, 0.35, 0.25, 0.18, 0.12];
const SLIP_BY_DIFFICULTY = [0.04, 0.07, 0.1, 0.14, 0.2];
const BASE_LEARN = 0.12;
const FORGET_PER_DAY = 0.01;
const WITHOUT_PREREQUISITES = 0.15;

/** One simulated learner: hidden knowledge per skill and an ability that scales learning. */
export class SimulatedLearner {
  private readonly known = new Set<string>();
  private readonly learnScale: number;

  constructor(
    private readonly course: SimulatedCourse,
    private readonly random: () => number,
  ) {
    const ability = (random() + random() + random() - 1.5) * 1.2;
    this.learnScale = Math.exp(ability);
    // Some learners arrive already knowing the entry skill.
    if (random() < 0.3) this.known.add(course.skills[0]!.key);
  }

  /** Whether the learner truly knows a skill. */
  knows(skill: string): boolean {
    return this.known.has(skill);
  }

  /** The share of the course's skills the learner truly knows. */
  knownShare(): number {
    return this.known.size / this.course.skills.length;
  }

  /** The true P(correct) on an item. */
  successProbability(skill: string, difficulty: number): number {
    return this.known.has(skill)
      ? 1 - SLIP_BY_DIFFICULTY[difficulty - 1]!
      : GUESS_BY_DIFFICULTY[difficulty - 1]!;
  }

  /** Answers an item (sampling guess or slip) and may learn the skill from the practice and feedback. */
  answer(skill: string, difficulty: number): boolean {
    const correct = this.random() < this.successProbability(skill, difficulty);
    if (!this.known.has(skill)) {
      const prerequisites = this.course.skills.find((s) => s.key === skill)!.prerequisites;
      const ready = prerequisites.every((p) => this.known.has(p)) ? 1 : WITHOUT_PREREQUISITES;
      const learn = Math.min(0.9, BASE_LEARN * this.learnScale * ready);
      if (this.random() < learn) this.known.add(skill);
    }
    return correct;
  }

  /** One day passes: each known skill may be forgotten. */
  passDay(): void {
    for (const skill of [...this.known]) if (this.random() < FORGET_PER_DAY) this.known.delete(skill);
  }
}
