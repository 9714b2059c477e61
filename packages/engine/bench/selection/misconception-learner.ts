// The misconception family of bench:selection: continuous learners who also hold misconceptions that make them give
// one wrong answer consistently until feedback on that error corrects them.
import type { SimCourse, SimItem } from './course.ts';
import { ContinuousLearner } from './continuous-learner.ts';
import type { LearnerScales } from './learner.ts';
import { mixSeed } from './random.ts';
import type { Random } from './random.ts';

/** Chance that the learner starts the course holding a misconception about a skill. */
const MISCONCEPTION_CHANCE = 0.35;
/** Share of a skill's items whose wrong option (or wrong free-text answer) the misconception produces. */
const AFFECTED_SHARE = 0.6;
/** On an affected item the learner gives the misconception's answer this often, whatever else they know. */
const MISCONCEIVED_ANSWER = 0.85;
/** Chance that the explanation after a misconceived answer corrects the misconception. */
const CORRECTION_CHANCE = 0.3;
/** While a misconception is held, practice teaches this share of what it otherwise would. */
const HELD_GAIN = 0.5;

/** Expected P(correct) share left on a medium item while the misconception is held. */
const HELD_SUCCESS_SHARE = 1 - AFFECTED_SHARE * MISCONCEIVED_ANSWER;

/**
 * A continuous learner (see `ContinuousLearner`) who starts holding a misconception about each skill with chance
 * 0.35. On the 60% of that skill's items the misconception applies to, the learner gives its wrong answer 85% of the
 * time; practice teaches half as much; each misconceived wrong answer, once its explanation is read, corrects the
 * misconception with chance 0.3. True proficiency counts the misconception: it holds a medium item's expected
 * P(correct) to 49% of what the learner's knowledge alone would give.
 */
export class MisconceptionLearner extends ContinuousLearner {
  private readonly held = new Set<string>();

  constructor(course: SimCourse, random: Random, scales?: LearnerScales) {
    super(course, random, scales);
    for (const skill of course.skills) if (random() < MISCONCEPTION_CHANCE) this.held.add(skill.key);
  }

  private isMisconceived(item: SimItem): boolean {
    return this.held.has(item.skill) && mixSeed('misconception', item.id) % 1000 < AFFECTED_SHARE * 1000;
  }

  override successProbability(item: SimItem): number {
    const p = super.successProbability(item);
    return this.isMisconceived(item) ? (1 - MISCONCEIVED_ANSWER) * p : p;
  }

  protected override gainFactor(item: SimItem): number {
    return this.held.has(item.skill) ? HELD_GAIN : 1;
  }

  protected override afterAnswer(item: SimItem, correct: boolean, random: Random): void {
    if (!correct && this.isMisconceived(item) && random() < CORRECTION_CHANCE) this.held.delete(item.skill);
  }

  override proficiency(skill: string, afterDays: number): number {
    const p = super.proficiency(skill, afterDays);
    return this.held.has(skill) ? HELD_SUCCESS_SHARE * p : p;
  }

  override cappedProficiencyAfter(item: SimItem, correct: boolean, bar: number): number {
    const after = this.proficiencyAfter(item, correct);
    if (!this.held.has(item.skill)) return Math.min(bar, after);
    const stillHeld = Math.min(bar, HELD_SUCCESS_SHARE * after);
    if (correct || !this.isMisconceived(item)) return stillHeld;
    return CORRECTION_CHANCE * Math.min(bar, after) + (1 - CORRECTION_CHANCE) * stillHeld;
  }
}
