import { masteryOf } from '../selection/mastery.ts';
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
}

/** The rows to write back after one answer: the learner-level state and each of the item's skills. */
export interface AnswerOutcome {
  readonly learner: LogisticLearnerState;
  readonly skills: Readonly<Record<SkillKey, SkillModelState & { readonly mastery: Mastery }>>;
  /** P(correct) the model gave before the answer (for item statistics and monitoring). */
  readonly predicted: number;
}

/** Applies one answer: updates tracing, then each skill's mastery and review card (O(number of item skills)). */
export function recordAnswer(
  model: ProductionModel,
  learner: LogisticLearnerState,
  skills: Readonly<Record<SkillKey, SkillModelState | undefined>>,
  item: TracedItem,
  correct: boolean,
  nowMs: number,
): AnswerOutcome {
  const tracing: Record<SkillKey, LogisticSkillState> = {};
  for (const skill of item.skills) tracing[skill] = skills[skill]?.tracing ?? model.initialSkillState();
  const state = { learner, skills: tracing };
  const predicted = model.predict(state, item, nowMs);
  const change = model.update(state, item, correct, nowMs);
  const out: Record<SkillKey, SkillModelState & { mastery: Mastery }> = {};
  for (const skill of item.skills) {
    const next = change.skills[skill]!;
    const before = masteryOf(model, learner, tracing[skill], skill).p;
    const after = masteryOf(model, change.learner, next, skill);
    // SPEC: a correct answer never lowers a tested skill's mastery and a wrong one never raises it, even when fitted
    // pattern weights would move the raw prediction the other way.
    const mastery = { ...after, p: correct ? Math.max(before, after.p) : Math.min(before, after.p) };
    const review = scheduleReview(skills[skill]?.review ?? null, mastery.band === 'mastered', correct, nowMs);
    out[skill] = { tracing: next, review, mastery };
  }
  return { learner: change.learner, skills: out, predicted };
}
