import type { SkillKey } from './types.ts';

/** Which feature groups a logistic tracer uses (Gervet et al. 2020 names in brackets). */
export interface LogisticFeatures {
  /** Item one-hot: a fitted weight per item [i]. */
  readonly item: boolean;
  /** The item's shrunk logit difficulty as one scalar feature, so new and refined items need no refit. */
  readonly itemDifficulty: boolean;
  /** Skill multi-hot: an easiness per skill [s]. */
  readonly skill: boolean;
  /** log(1+x) prior attempts and wins on each of the item's skills, with per-skill weights [sc, a, w]. */
  readonly skillCounts: boolean;
  /** log(1+x) prior attempts and wins on this very item [ic]; the state then grows with items seen. */
  readonly itemCounts: boolean;
  /** log(1+x) prior attempts and wins in total [tc]. */
  readonly totalCounts: boolean;
  /** Recency-weighted success on each skill and overall (R-PFA style), plus a smoothed overall success rate. */
  readonly recency: boolean;
  /** Difficulty-adjusted performance: the mean and recency-weighted surprise (correct − expected) so far. */
  readonly residuals: boolean;
  /** Per-skill weights for the recency and surprise features too (skill-specific learning rates). */
  readonly skillSpecific: boolean;
  /** One-hot of the learner's last answers on the skill and overall (response patterns). */
  readonly patterns: boolean;
  /** log(1+minutes) since the last attempt on the skill and overall; zero when timestamps are unknown. */
  readonly time: boolean;
  /** Slower recency-weighted success on each skill and overall (a second half-life); absent = off. */
  readonly slowRecency?: boolean;
  /** An online Elo-style ability (learner + skill) against the item difficulty, and its interaction terms. */
  readonly ability?: boolean;
  /** A piecewise-linear shape of the item difficulty (hat functions over the logit scale); absent = off. */
  readonly difficultyShape?: boolean;
  /** Per-skill weights on the item difficulty (skills differ in how much item difficulty matters); absent = off. */
  readonly skillDifficulty?: boolean;
  /** Per-skill weights on the learner-level ability and surprise (how far general ability carries to the skill). */
  readonly skillTransfer?: boolean;
  /** The item difficulty times log(1 + prior attempts on the skill): practice matters more on hard items. */
  readonly difficultyPractice?: boolean;
  /**
   * How much evidence backs the item difficulty: the difficulty times n/(n + prior attempts) and log(1 + n), for
   * n attempts behind it in the fit (one fewer during the fit itself, leave-one-out); absent = off.
   */
  readonly difficultyEvidence?: boolean;
  /**
   * Interleaving: whether the learner answered other skills since this skill's last answer (with per-skill weights
   * when `skillSpecific`), and log(1 + how many); a time proxy from answer order alone (absent = off).
   */
  readonly interleaving?: boolean;
}

/** Hyper-parameters of a logistic tracer. */
export interface LogisticOptions {
  readonly name: string;
  readonly features: LogisticFeatures;
  /** sklearn-style C; Gervet et al. use 1. */
  readonly inverseRegularisation: number;
  /** Per-answer decay of the recency-weighted counts. */
  readonly recencyDecay: number;
  /** How many recent answers the response patterns remember. */
  readonly patternLength: number;
  /** Per-answer decay of the second, slower recency-weighted counts (a longer half-life); 0.9 when absent. */
  readonly slowDecay?: number;
}

/** Per-skill state of a logistic tracer: JSON-safe numbers only. */
export interface LogisticSkillState {
  readonly attempts: number;
  readonly wins: number;
  /** Recency-weighted attempts, wins and surprise (correct − expected). */
  readonly recentAttempts: number;
  readonly recentWins: number;
  readonly recentResidual: number;
  /** Sum of surprise (correct − expected from item difficulty). */
  readonly residual: number;
  /** The last answers as bits behind a leading 1 (1 = no answers yet). */
  readonly pattern: number;
  /** Epoch milliseconds of the last attempt (0 = unknown). */
  readonly lastMs: number;
  /** Correct answers on items that were not easy (expected success below 0.8); mastery needs some. */
  readonly hardWins: number;
  /** Recency-weighted attempts and wins with the slower decay. */
  readonly slowAttempts: number;
  readonly slowWins: number;
  /** Online Elo-style ability (logit offset) learnt from surprises against item difficulty. */
  readonly ability: number;
  /**
   * The learner's answer number (1-based) at this skill's last answer, 0 = none; absent in states stored before it
   * existed (read as 0).
   */
  readonly lastTurn?: number;
}

/** Learner-level state of a logistic tracer; `items` holds per-item counts only when the model uses them. */
export interface LogisticLearnerState extends LogisticSkillState {
  readonly items?: Readonly<Record<string, readonly [number, number]>>;
}

/** The fitted parameters of a logistic tracer, JSON-serialisable. */
export interface LogisticParameters {
  readonly options: LogisticOptions;
  readonly weights: readonly number[];
  /** Items seen in the fit, with their attempts and correct answers there. */
  readonly itemIds: readonly string[];
  readonly itemAttempts: readonly number[];
  readonly itemCorrect: readonly number[];
  /** Logit difficulty of an item nobody has attempted (from the overall success rate of the fit). */
  readonly defaultDifficulty: number;
  readonly skillKeys: readonly SkillKey[];
}

/** The state of a skill (or learner) with no answers. */
export const EMPTY_LOGISTIC_STATE: LogisticSkillState = {
  attempts: 0,
  wins: 0,
  recentAttempts: 0,
  recentWins: 0,
  recentResidual: 0,
  residual: 0,
  pattern: 1,
  lastMs: 0,
  hardWins: 0,
  slowAttempts: 0,
  slowWins: 0,
  ability: 0,
  lastTurn: 0,
};
