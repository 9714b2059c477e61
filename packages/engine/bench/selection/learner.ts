// The simulated truth of bench:selection: what a learner really knows and how it changes. Only the informed
// references read it; the engine and the simple rules see answers alone.
import type { SimCourse, SimItem } from './course.ts';
import { normal, sigmoid } from './random.ts';
import type { Random } from './random.ts';

/** A skill is truly proficient when P(correct) on a medium item, answered without options, is at least this. */
export const PROFICIENT_P = 0.8;
/** Proficiency is judged this many days after the last answer (after a day's forgetting). */
export const JUDGED_AFTER_DAYS = 1;

/** The hidden state of one simulated learner. */
export interface TrueLearner {
  /** True P(correct) on `item` now (guessing, slips and remembered answers included). */
  successProbability(item: SimItem): number;
  /** Answers `item` (drawing from `random`), then learns from the practice and the feedback shown. */
  answer(item: SimItem, random: Random): boolean;
  /** Time passes (fractional days allowed); the learner forgets. */
  passDays(days: number): void;
  /** P(correct) on a medium item of `skill` answered without options, `afterDays` from now with no practice between. */
  proficiency(skill: string, afterDays: number): number;
  /** The learner's chance on `item` without guessing: the chance the learning sweet spot is defined on. */
  learningChance(item: SimItem): number;
  /** How ready the learner is to learn `skill` (1 = its prerequisites are in place, lower when they are not). */
  readiness(skill: string): number;
  /**
   * The learner model's own update applied to a right (`correct`) or wrong answer on `item` without changing the
   * learner: the expected min(`bar`, proficiency of the item's skill a day later) that would follow.
   */
  cappedProficiencyAfter(item: SimItem, correct: boolean, bar: number): number;
}

/** The learner families of the benchmark. */
export type LearnerModelName = 'binary' | 'continuous' | 'misconception';

/**
 * How a family's learners are changed from the benchmark's own (`--variant`): what practice teaches and how fast what
 * was learnt is forgotten, each as a factor on the family's own rate (1 = unchanged). For checking the engine on
 * learners it was not developed against.
 */
export interface LearnerScales {
  readonly learning: number;
  readonly forgetting: number;
}

/** The family's own learners. */
export const AS_BUILT: LearnerScales = { learning: 1, forgetting: 1 };

/** The learner variants `--variant` can ask for. */
export const LEARNER_VARIANTS = {
  'slow-learning': { learning: 0.5, forgetting: 1 },
  'fast-learning': { learning: 2, forgetting: 1 },
  'slow-forgetting': { learning: 1, forgetting: 0.2 },
  'fast-forgetting': { learning: 1, forgetting: 4 },
} as const satisfies Record<string, LearnerScales>;
export type LearnerVariant = keyof typeof LEARNER_VARIANTS;

/** A blind guess's chance on an item of a course (0 for free text). */
export function guessChance(course: SimCourse): number {
  return course.options > 0 ? 1 / course.options : 0;
}

const BINARY_BASE_LEARN = 0.12;
const BINARY_FORGET_PER_DAY = 0.005;
const BINARY_WITHOUT_PREREQUISITES = 0.15;
const BINARY_MAX_LEARN = 0.9;

/**
 * The binary family (the benchmark's original learner): each skill is known or not. An answer (with its feedback)
 * teaches an unknown skill with a fixed chance scaled by the learner's ability, far lower while a prerequisite is
 * unknown; a known skill is forgotten with 0.5% chance a day. Known: right unless a slip (more on hard items); unknown:
 * a blind guess, or on easy items some partial reasoning. The item chosen does not change how much is learnt.
 */
export class BinaryLearner implements TrueLearner {
  private readonly known = new Set<string>();
  private readonly learnScale: number;
  private readonly forgetPerDay: number;
  private readonly prerequisites: ReadonlyMap<string, readonly string[]>;
  private readonly medium: ReadonlyMap<string, number>;
  private readonly guess: number;

  constructor(
    course: SimCourse,
    private readonly random: Random,
    scales: LearnerScales = AS_BUILT,
  ) {
    this.learnScale = scales.learning * Math.exp(0.6 * normal(random));
    this.forgetPerDay = Math.min(1, BINARY_FORGET_PER_DAY * scales.forgetting);
    this.prerequisites = new Map(course.skills.map((s) => [s.key, s.prerequisites]));
    this.medium = new Map(course.skills.map((s) => [s.key, s.mediumDifficulty]));
    this.guess = guessChance(course);
    for (const skill of course.skills) {
      if (skill.prerequisites.length === 0 && random() < 0.3) this.known.add(skill.key);
    }
  }

  private static slip(difficulty: number): number {
    return 0.03 + 0.12 * sigmoid(difficulty);
  }

  private static partial(difficulty: number): number {
    return 0.35 * sigmoid(-1 - difficulty);
  }

  private learnChance(skill: string): number {
    return Math.min(BINARY_MAX_LEARN, BINARY_BASE_LEARN * this.learnScale * this.readiness(skill));
  }

  successProbability(item: SimItem): number {
    if (this.known.has(item.skill)) return 1 - BinaryLearner.slip(item.trueDifficulty);
    return this.guess + (1 - this.guess) * BinaryLearner.partial(item.trueDifficulty);
  }

  answer(item: SimItem, random: Random): boolean {
    const correct = random() < this.successProbability(item);
    if (!this.known.has(item.skill) && random() < this.learnChance(item.skill)) this.known.add(item.skill);
    return correct;
  }

  passDays(days: number): void {
    const forget = 1 - (1 - this.forgetPerDay) ** days;
    for (const skill of [...this.known]) if (this.random() < forget) this.known.delete(skill);
  }

  private knownProficiency(skill: string, afterDays: number): number {
    const medium = this.medium.get(skill)!;
    const kept = (1 - this.forgetPerDay) ** afterDays;
    return kept * (1 - BinaryLearner.slip(medium)) + (1 - kept) * BinaryLearner.partial(medium);
  }

  proficiency(skill: string, afterDays: number): number {
    if (this.known.has(skill)) return this.knownProficiency(skill, afterDays);
    return BinaryLearner.partial(this.medium.get(skill)!);
  }

  learningChance(item: SimItem): number {
    return this.known.has(item.skill)
      ? 1 - BinaryLearner.slip(item.trueDifficulty)
      : BinaryLearner.partial(item.trueDifficulty);
  }

  readiness(skill: string): number {
    const ready = this.prerequisites.get(skill)!.every((p) => this.known.has(p));
    return ready ? 1 : BINARY_WITHOUT_PREREQUISITES;
  }

  cappedProficiencyAfter(item: SimItem, _correct: boolean, bar: number): number {
    const known = Math.min(bar, this.knownProficiency(item.skill, JUDGED_AFTER_DAYS));
    if (this.known.has(item.skill)) return known;
    const learn = this.learnChance(item.skill);
    return learn * known + (1 - learn) * Math.min(bar, this.proficiency(item.skill, JUDGED_AFTER_DAYS));
  }
}
