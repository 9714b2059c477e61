// The engine's public API: the only barrel of @vidya/engine.
export type { AttemptLog, SkillKey, TracedItem, TracingModel, TracingState } from './tracing/types.ts';
export type {
  LogisticLearnerState as LearnerModelState,
  LogisticSkillState as SkillTracingState,
  LogisticParameters as ModelParameters,
} from './tracing/logistic-state.ts';
export { createProductionModel, fitProductionModel } from './tracing/production-model.ts';
export type { ProductionModel } from './tracing/production-model.ts';
export { refitModel } from './tracing/refit.ts';
export type { ModelFit } from './tracing/refit.ts';
export {
  calibrationTerms,
  difficultyFromPrior,
  itemDifficulty,
  recordItemAttempt,
  successRateDifficulty,
  ITEM_PRIOR_ATTEMPTS,
  ITEM_PRIOR_INFORMATION,
} from './tracing/item-difficulty.ts';
export type { ItemStats } from './tracing/item-difficulty.ts';
export { bandShown, masteryOf } from './selection/mastery.ts';
export { KNOWS } from './selection/evidence.ts';
export type { KnowsParameters, MasteryEvidence } from './selection/evidence.ts';
export { fitKnowsParameters, MIN_FIT_ANSWERS } from './selection/fit-knows.ts';
export type { KnowsFit } from './selection/fit-knows.ts';
export type { Mastery, MasteryBand } from './selection/mastery.ts';
export { selectNextItem, groupBySkill, MAX_RUN, SKILL_WINDOW } from './selection/select-next-item.ts';
export type {
  Candidates,
  CourseSkill,
  Selection,
  SelectionPolicy,
  SelectionState,
} from './selection/select-next-item.ts';
export { scheduleReview, isReviewDue } from './scheduling/review.ts';
export type { ReviewCard } from './scheduling/review.ts';
export { recordAnswer } from './scheduling/record-answer.ts';
export type { AnswerOutcome, SkillModelState } from './scheduling/record-answer.ts';
export { auc, score } from './evaluation/metrics.ts';
export type { Scores } from './evaluation/metrics.ts';
