// The continuous learner family of bench:selection: gradual learning with diminishing returns, a learning sweet
// spot by difficulty, forgetting with a spacing effect, guessing, slips, remembered answers and prerequisites.
import type { SimCourse, SimItem } from './course.ts';
import { AS_BUILT, guessChance, JUDGED_AFTER_DAYS } from './learner.ts';
import type { LearnerScales, TrueLearner } from './learner.ts';
import { clamp, normal, sigmoid, uniform } from './random.ts';
import type { Random } from './random.ts';

/** Logits gained by an average learner from one answer at the sweet spot, on a fresh skill, prerequisites in place. */
const BASE_GAIN = 1.1;
/** The chance (without guessing) at which an item teaches most, and the width of that peak in logits. */
const SWEET_SPOT_CHANCE = 0.6;
const SWEET_SPOT_WIDTH = 1.2;
/** Share of the peak gain that an item far too hard or far too easy still teaches (from its worked explanation). */
const FAR_FROM_SWEET_SPOT_GAIN = 0.1;
/** A wrong answer followed by its explanation teaches this share of what a right one does. */
const WRONG_ANSWER_GAIN = 0.7;
/** Learning speed left when the prerequisites are not known at all. */
const UNREADY_GAIN = 0.25;
/** A remembered answer to a repeated item: recall chance just after seeing it, and its decay in days. */
const ITEM_RECALL = 0.5;
const ITEM_RECALL_DAYS = 7;
/** Learning slows (diminishing returns) within this many logits below the learner's ceiling on a skill. */
const ROOM_SPAN = 4;
/** Stability (days until 10% of what was learnt is lost) before and beyond practice. */
const MAX_STABILITY_DAYS = 365;
const MASSED_STABILITY_GAIN_DAYS = 0.05;

/** What the learner holds of one skill. */
interface SkillMemory {
  /** Prior knowledge that is never forgotten (logit ability on a medium item = floor − medium difficulty). */
  readonly floor: number;
  /** Level reached at the last practice; what lies above the floor fades with time. */
  readonly level: number;
  readonly stability: number;
  readonly lastDay: number | undefined;
}

const logit = (p: number): number => Math.log(p / (1 - p));

/**
 * A learner with a latent logit proficiency per skill. P(correct) = (1 − slip)·k + (1 − k)·guess with
 * k = σ(proficiency − item difficulty), raised on an item seen before by the chance of recalling its answer.
 * An answer raises the proficiency by BASE_GAIN × the learner's speed × a sweet-spot factor (largest where the chance
 * without guessing is 0.6) × readiness (prerequisites' proficiency) × the room left below the learner's ceiling
 * (diminishing returns) × (1 − recall of a repeated item), less after a wrong answer. What was learnt fades as
 * (1 + t / (9·stability))⁻¹; stability grows with each practice by more the more had been forgotten (spacing
 * effect), and hardly at all from massed practice.
 */
export class ContinuousLearner implements TrueLearner {
  protected readonly course: SimCourse;
  protected readonly slip: number;
  private readonly guess: number;
  private readonly speed: number;
  private readonly spacingGain: number;
  /** The variant's factors on what practice teaches and on the pace of forgetting (`LearnerScales`). */
  private readonly scales: LearnerScales;
  private readonly memory = new Map<string, SkillMemory>();
  private readonly ceiling = new Map<string, number>();
  private readonly medium: ReadonlyMap<string, number>;
  private readonly prerequisites: ReadonlyMap<string, readonly string[]>;
  private readonly seen = new Map<string, number>();
  private now = 0;

  constructor(course: SimCourse, random: Random, scales: LearnerScales = AS_BUILT) {
    this.course = course;
    this.scales = scales;
    const ability = 0.7 * normal(random);
    this.speed = Math.exp(0.35 * normal(random));
    this.slip = uniform(random, 0.02, 0.08);
    this.spacingGain = uniform(random, 2, 5);
    this.guess = guessChance(course);
    this.medium = new Map(course.skills.map((s) => [s.key, s.mediumDifficulty]));
    this.prerequisites = new Map(course.skills.map((s) => [s.key, s.prerequisites]));
    for (const skill of course.skills) {
      const head = skill.prerequisites.length === 0 ? 1.0 : 1.3;
      const floor = skill.mediumDifficulty + ability + 0.5 * normal(random) - head;
      this.ceiling.set(skill.key, skill.mediumDifficulty + 4 + 0.5 * ability);
      this.memory.set(skill.key, {
        floor,
        level: floor,
        stability: uniform(random, 0.5, 2),
        lastDay: undefined,
      });
    }
  }

  private retention(memory: SkillMemory, day: number): number {
    if (memory.lastDay === undefined) return 1;
    return 1 / (1 + (this.scales.forgetting * (day - memory.lastDay)) / (9 * memory.stability));
  }

  private effective(memory: SkillMemory, day: number): number {
    return memory.floor + (memory.level - memory.floor) * this.retention(memory, day);
  }

  private knowledge(item: SimItem): number {
    return sigmoid(this.effective(this.memory.get(item.skill)!, this.now) - item.trueDifficulty);
  }

  /** The chance of recalling the answer of an item seen before. */
  protected recall(item: SimItem): number {
    const seenDay = this.seen.get(item.id);
    return seenDay === undefined ? 0 : ITEM_RECALL * Math.exp(-(this.now - seenDay) / ITEM_RECALL_DAYS);
  }

  /** P(correct) from knowledge alone: guessing and slips, without remembered answers. */
  protected knowledgeSuccess(item: SimItem): number {
    const k = this.knowledge(item);
    return (1 - this.slip) * k + (1 - k) * this.guess;
  }

  successProbability(item: SimItem): number {
    const recall = this.recall(item);
    return recall * (1 - this.slip) + (1 - recall) * this.knowledgeSuccess(item);
  }

  /** A factor on what an answer to `item` teaches (1 here; families built on this one may lower it). */
  protected gainFactor(_item: SimItem): number {
    return 1;
  }

  /** The skill's memory after an answer to `item` (pure: the learner is unchanged). */
  private updated(item: SimItem, correct: boolean): SkillMemory {
    const memory = this.memory.get(item.skill)!;
    const effective = this.effective(memory, this.now);
    const retention = this.retention(memory, this.now);
    const chance = clamp(this.learningChance(item), 1e-6, 1 - 1e-6);
    const peak = Math.exp(-((logit(chance) - logit(SWEET_SPOT_CHANCE)) ** 2) / (2 * SWEET_SPOT_WIDTH ** 2));
    const sweet = FAR_FROM_SWEET_SPOT_GAIN + (1 - FAR_FROM_SWEET_SPOT_GAIN) * peak;
    const ceiling = this.ceiling.get(item.skill)!;
    const room = clamp((ceiling - effective) / ROOM_SPAN, 0, 1);
    const gain =
      BASE_GAIN *
      this.scales.learning *
      this.speed *
      sweet *
      this.readiness(item.skill) *
      room *
      (1 - this.recall(item)) *
      this.gainFactor(item) *
      (correct ? 1 : WRONG_ANSWER_GAIN);
    const growth = this.spacingGain * (1 - retention) * (correct ? 1 : 0.5);
    return {
      floor: memory.floor,
      level: effective + gain,
      stability: Math.min(MAX_STABILITY_DAYS, memory.stability * (1 + growth) + MASSED_STABILITY_GAIN_DAYS),
      lastDay: this.now,
    };
  }

  /** What else an answer changes in a family built on this one (nothing here). */
  protected afterAnswer(_item: SimItem, _correct: boolean, _random: Random): void {}

  answer(item: SimItem, random: Random): boolean {
    const correct = random() < this.successProbability(item);
    this.memory.set(item.skill, this.updated(item, correct));
    this.seen.set(item.id, this.now);
    this.afterAnswer(item, correct, random);
    return correct;
  }

  passDays(days: number): void {
    this.now += days;
  }

  /** Proficiency from the skill's memory alone, `afterDays` from now. */
  protected memoryProficiency(skill: string, memory: SkillMemory, afterDays: number): number {
    const effective = this.effective(memory, this.now + afterDays);
    return (1 - this.slip) * sigmoid(effective - this.medium.get(skill)!);
  }

  proficiency(skill: string, afterDays: number): number {
    return this.memoryProficiency(skill, this.memory.get(skill)!, afterDays);
  }

  learningChance(item: SimItem): number {
    return (1 - this.slip) * this.knowledge(item);
  }

  readiness(skill: string): number {
    let least = 1;
    for (const p of this.prerequisites.get(skill)!) {
      least = Math.min(least, clamp((this.proficiency(p, 0) - 0.3) / 0.5, 0, 1));
    }
    return UNREADY_GAIN + (1 - UNREADY_GAIN) * least;
  }

  /** Proficiency of the item's skill a day after a right (`correct`) or wrong answer to `item` (pure). */
  protected proficiencyAfter(item: SimItem, correct: boolean): number {
    return this.memoryProficiency(item.skill, this.updated(item, correct), JUDGED_AFTER_DAYS);
  }

  cappedProficiencyAfter(item: SimItem, correct: boolean, bar: number): number {
    return Math.min(bar, this.proficiencyAfter(item, correct));
  }
}
