/** Pseudo-attempts that a difficulty prior is worth when blended with observed attempts (batch fits). */
export const ITEM_PRIOR_ATTEMPTS = 5;

/**
 * Fisher information (in logit units) that an item's prior difficulty is worth in the online calibration: a prior
 * standard deviation of 1/√1.5 ≈ 0.8 logit, about one content level of the 1–3 scale, as loose as the authors' labels
 * are. One answer at 70% predicted success adds 0.21, so about seven answers weigh as much as the label.
 */
export const ITEM_PRIOR_INFORMATION = 1.5;

/** The calibration moves an item at most this far (logits) from its prior. */
const MAX_CALIBRATION_SHIFT = 3;

/** Logit-scale difficulty of the easiest content prior (about 85% expected success). */
const EASIEST_DIFFICULTY_LOGIT = -1.7;
/** Logit-scale difficulty of the hardest content prior (about 45% expected success). */
const HARDEST_DIFFICULTY_LOGIT = 0.2;

/**
 * What the server keeps per item (`item_stats`): attempts and correct answers seen, the starting difficulty, and the
 * calibration sums — the surprise `residual` = Σ (correct − P) and the `information` = Σ P·(1 − P), where P is the
 * chance of a right answer, for the learner who answered, with the item at its prior difficulty
 * (`AnswerOutcome.predictedAtPrior`: their evidence on the item's skill, decision 018). Both are plain sums, so
 * concurrent writers add to them in any order; statistics stored before them read as 0 (the prior alone).
 */
export interface ItemStats {
  readonly attempts: number;
  readonly correct: number;
  /** Logit-scale difficulty before any attempt (from `difficultyFromPrior`, or a batch fit). */
  readonly priorDifficulty: number;
  /** Σ (correct − predicted at the prior difficulty); absent = 0. */
  readonly residual?: number;
  /** Σ predicted·(1 − predicted) at the prior difficulty; absent = 0. */
  readonly information?: number;
}

function logit(p: number): number {
  return Math.log(p / (1 - p));
}

/**
 * Maps a content difficulty prior (1 = easiest … `maxPrior` = hardest; 3 for authored science, English and
 * social-science items, 5 for generated mathematics items) to the engine's logit-scale item difficulty.
 */
export function difficultyFromPrior(prior: number, maxPrior: number): number {
  const span = Math.max(1, maxPrior - 1);
  const position = Math.min(1, Math.max(0, (prior - 1) / span));
  return EASIEST_DIFFICULTY_LOGIT + position * (HARDEST_DIFFICULTY_LOGIT - EASIEST_DIFFICULTY_LOGIT);
}

/**
 * An item's logit difficulty from its raw success rate shrunk toward its prior by `ITEM_PRIOR_ATTEMPTS`
 * pseudo-attempts. Batch fits use it (with leave-one-out), where every learner's rows are in the fit; online under
 * adaptive selection it drifts (hard items are served to strong learners and come to look easy), which is why the
 * server uses `itemDifficulty` instead.
 */
export function successRateDifficulty(stats: ItemStats): number {
  const priorSuccess = 1 / (1 + Math.exp(stats.priorDifficulty));
  const success =
    (stats.correct + ITEM_PRIOR_ATTEMPTS * priorSuccess) / (stats.attempts + ITEM_PRIOR_ATTEMPTS);
  return -logit(Math.min(Math.max(success, 1e-4), 1 - 1e-4));
}

/**
 * The item's calibrated logit difficulty: one Fisher-scoring step of the item's IRT difficulty from its prior, given
 * who answered it, with the prior as a Gaussian of precision `ITEM_PRIOR_INFORMATION`:
 * d = prior − Σ(correct − P) / (prior information + Σ P(1 − P)), P predicted at the prior difficulty.
 * Because every P already accounts for the learner's strength, an item served mostly to strong learners does not
 * come to look easy; and because the terms do not depend on the current estimate, the sums can be added in any order
 * and the estimate does not drift with the number of learners (it converges to a fixed point).
 */
export function itemDifficulty(stats: ItemStats): number {
  const residual = stats.residual ?? 0;
  const information = stats.information ?? 0;
  const shift = residual / (ITEM_PRIOR_INFORMATION + information);
  return stats.priorDifficulty - Math.min(MAX_CALIBRATION_SHIFT, Math.max(-MAX_CALIBRATION_SHIFT, shift));
}

/**
 * The item statistics after one more attempt. `predictedAtPrior` is this learner's P(correct) with the item at its
 * prior difficulty, before the answer (`AnswerOutcome.predictedAtPrior`): calibrating against a
 * prediction that already holds the item's current calibration would shrink the residuals as the estimate moves and
 * pull it back toward the prior.
 */
export function recordItemAttempt(stats: ItemStats, correct: boolean, predictedAtPrior: number): ItemStats {
  const terms = calibrationTerms(correct, predictedAtPrior);
  return {
    ...stats,
    attempts: stats.attempts + 1,
    correct: stats.correct + (correct ? 1 : 0),
    residual: (stats.residual ?? 0) + terms.residual,
    information: (stats.information ?? 0) + terms.information,
  };
}

/** One attempt's additions to the calibration sums (what the server adds to `item_stats` in SQL). */
export function calibrationTerms(
  correct: boolean,
  predictedAtPrior: number,
): { residual: number; information: number } {
  return {
    residual: (correct ? 1 : 0) - predictedAtPrior,
    information: predictedAtPrior * (1 - predictedAtPrior),
  };
}
