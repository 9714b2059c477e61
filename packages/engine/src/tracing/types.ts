/** A skill identifier as the server stores it (any string; the harness uses decimal indices). */
export type SkillKey = string;

/** An item as the tracing models see it: its id, the skills it tests and, for unseen items, a difficulty prior. */
export interface TracedItem {
  readonly id: string;
  readonly skills: readonly SkillKey[];
  /** Logit-scale difficulty used when the fitted model has never seen the item (see `difficultyFromPrior`). */
  readonly difficulty?: number;
  /** Attempts behind `difficulty` (`ItemStats.attempts`), when the caller passes one; 0 when absent. */
  readonly evidence?: number;
  /**
   * The item's difficulty before online calibration (`ItemStats.priorDifficulty`); item statistics are calibrated
   * against a prediction at it (`AnswerOutcome.predictedAtPrior`). Absent = `difficulty`.
   */
  readonly priorDifficulty?: number;
  /**
   * The difficulty the item's content level stands for (`difficultyFromPrior` of its label), never refitted: how much
   * harder the site finds the item than its level says (`difficulty` − this) moves the mastery bar's typical item.
   */
  readonly levelDifficulty?: number;
  /**
   * Chance of a right answer by guessing: 1/choices for multiple choice, 0 for free text (absent = 0). Mastery
   * discounts right answers by it.
   */
  readonly guess?: number;
}

/**
 * A learner's tracing state: one learner-level part plus one part per skill.
 * Skills missing from `skills` are treated as never practised, so the caller need only pass the item's skills.
 */
export interface TracingState<L, S> {
  readonly learner: L;
  readonly skills: Readonly<Record<SkillKey, S>>;
}

/** The common interface of every knowledge-tracing model: predict before the answer, then update in O(1). */
export interface TracingModel<L = unknown, S = unknown> {
  readonly name: string;
  /** The learner-level state of a learner with no history. */
  initialLearnerState(): L;
  /** The per-skill state of a skill never practised. */
  initialSkillState(): S;
  /** P(correct) of the next answer to `item`, in (0, 1); `nowMs` is epoch milliseconds when known. */
  predict(state: TracingState<L, S>, item: TracedItem, nowMs?: number): number;
  /**
   * The state after answering `item`: the new learner part and the new parts of the item's skills only
   * (constant work per answer); merge them over the stored state.
   */
  update(state: TracingState<L, S>, item: TracedItem, correct: boolean, nowMs?: number): TracingState<L, S>;
  /**
   * Optional fast path for the evaluation harness: the predictions of replaying `log` learner by learner (each
   * before its row is applied), identical to `predict` then `update` through the object API.
   */
  replayPredictions?(log: AttemptLog, groups?: readonly Int32Array[]): Float64Array;
}

/** Recorded attempts in column form, grouped by learner and in time order within each learner. */
export interface AttemptLog {
  /** Learner index per row. */
  readonly learner: Int32Array;
  /** Index into `items` per row. */
  readonly item: Int32Array;
  /** 1 when the first answer was correct, else 0. */
  readonly correct: Uint8Array;
  /** Epoch milliseconds per row (0 when unknown). */
  readonly timeMs: Float64Array;
  /** The items that rows point at. */
  readonly items: readonly TracedItem[];
}

/** A function that fits a model from recorded attempts, deterministically for a given seed. */
export type ModelTrainer = (log: AttemptLog, seed: number) => TracingModel;

/** Clamps a probability into the open interval the metrics and log-loss need. */
export function clampProbability(p: number): number {
  const epsilon = 1e-6;
  return p < epsilon ? epsilon : p > 1 - epsilon ? 1 - epsilon : p;
}

/** The logistic function. */
export function sigmoid(x: number): number {
  return 1 / (1 + Math.exp(-x));
}
