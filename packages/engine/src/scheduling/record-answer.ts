import { beliefChance, KNOWS, updateEvidence } from '../selection/evidence.ts';
import type { KnowsParameters, MasteryEvidence } from '../selection/evidence.ts';
import { evidenceOf, masteryFromEvidence } from '../selection/mastery.ts';
import type { Mastery } from '../selection/mastery.ts';
import type { LogisticLearnerState } from '../tracing/logistic-state.ts';
import type { LogisticSkillState } from '../tracing/logistic-state.ts';
import type { ProductionModel } from '../tracing/production-model.ts';
import type { SkillKey, TracedItem } from '../tracing/types.ts';
import { scheduleReview } from './review.ts';
import type { ReviewCard } from './review.ts';

/** What the server stores per learner and skill in `skill_state.model_state` (JSON). */
export interface SkillModelState {
  readonly tracing: LogisticSkillState;
  readonly review: ReviewCard | null;
  /** The evidence behind the skill's mastery; absent in states stored before it existed (derived when read). */
  readonly evidence?: MasteryEvidence;
}

/** The rows to write back after one answer: the learner-level state and each of the item's skills. */
export interface AnswerOutcome {
  readonly learner: LogisticLearnerState;
  readonly skills: Readonly<Record<SkillKey, Required<SkillModelState> & { readonly mastery: Mastery }>>;
  /** P(correct) the model gave before the answer (for monitoring and replay). */
  readonly predicted: number;
  /**
   * P(correct) before the answer with the item at its prior difficulty (`item.priorDifficulty`), for the learner who
   * answered: what `recordItemAttempt` calibrates the item's difficulty against. For an item of one skill, the chance
   * the learner's evidence on that skill gives (their own ability on the skill, guessing and a remembered answer
   * included; decision 018), under the whole belief and not its mean alone (decision 020); for an item of several
   * skills, the tracing model's prediction.
   */
  readonly predictedAtPrior: number;
}

/**
 * Applies one answer: updates tracing, then each skill's mastery evidence, mastery and review card (O(number of item
 * skills)). The item's `difficulty` is the calibrated one the caller used for it, `guess` its chance of a lucky
 * guess; `knows` the two-state layer's parameters fitted to the site (`fitKnowsParameters`), generic ones when absent.
 */
export function recordAnswer(
  model: ProductionModel,
  learner: LogisticLearnerState,
  skills: Readonly<Record<SkillKey, SkillModelState | undefined>>,
  item: TracedItem,
  correct: boolean,
  nowMs: number,
  knows: KnowsParameters = KNOWS,
): AnswerOutcome {
  const tracing: Record<SkillKey, LogisticSkillState> = {};
  for (const skill of item.skills) tracing[skill] = skills[skill]?.tracing ?? model.initialSkillState();
  const state = { learner, skills: tracing };
  const predicted = model.predict(state, item, nowMs);
  const befores = item.skills.map((skill) => evidenceOf(model, learner, skills[skill], skill));
  const prior = item.priorDifficulty;
  // Calibrate against who answered (decision 018): with one skill, the learner's own evidence on it, as a whole
  // belief rather than its mean (decision 020).
  const predictedAtPrior =
    prior === undefined
      ? predicted
      : befores.length === 1
        ? beliefChance(befores[0]!, item, prior, nowMs)
        : prior === item.difficulty
          ? predicted
          : model.predict(state, { ...item, difficulty: prior }, nowMs);
  const change = model.update(state, item, correct, nowMs);
  const difficulty = model.difficultyOf(item);
  const out: Record<SkillKey, Required<SkillModelState> & { mastery: Mastery }> = {};
  for (const [n, skill] of item.skills.entries()) {
    const stored = skills[skill];
    const before = befores[n]!;
    // Whether the learner's previous answer was on this skill too (its turn is the learner's answer count).
    const isConsecutive = before.answers > 0 && (tracing[skill]!.lastTurn ?? 0) === learner.attempts;
    const evidence = updateEvidence(before, item, difficulty, correct, nowMs, isConsecutive, knows);
    const previousCard = stored?.review ?? null;
    const mastery = masteryFromEvidence(evidence, previousCard !== null);
    const review = scheduleReview(previousCard, mastery.band === 'mastered', correct, nowMs);
    out[skill] = { tracing: change.skills[skill]!, review, evidence, mastery };
  }
  return { learner: change.learner, skills: out, predicted, predictedAtPrior };
}
