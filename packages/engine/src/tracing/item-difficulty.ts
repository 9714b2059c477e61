/** Pseudo-attempts that a difficulty prior is worth when blended with observed attempts. */
export const ITEM_PRIOR_ATTEMPTS = 5;

/** Logit-scale difficulty of the easiest content prior (about 85% expected success). */
const EASIEST_DIFFICULTY_LOGIT = -1.7;
/** Logit-scale difficulty of the hardest content prior (about 45% expected success). */
const HARDEST_DIFFICULTY_LOGIT = 0.2;

/** What the server keeps per item (`item_stats`): attempts and correct answers seen, and the starting difficulty. */
export interface ItemStats {
  readonly attempts: number;
  readonly correct: number;
  /** Logit-scale difficulty before any attempt (from `difficultyFromPrior`, or a batch fit). */
  readonly priorDifficulty: number;
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
 * The item's current logit-scale difficulty: its observed success rate shrunk toward its prior by
 * `ITEM_PRIOR_ATTEMPTS` pseudo-attempts, so one attempt moves a new item a little and many attempts dominate.
 */
export function itemDifficulty(stats: ItemStats): number {
  const priorSuccess = 1 / (1 + Math.exp(stats.priorDifficulty));
  const success =
    (stats.correct + ITEM_PRIOR_ATTEMPTS * priorSuccess) / (stats.attempts + ITEM_PRIOR_ATTEMPTS);
  return -logit(Math.min(Math.max(success, 1e-4), 1 - 1e-4));
}

/** The item statistics after one more attempt (the online refinement between batch fits). */
export function recordItemAttempt(stats: ItemStats, correct: boolean): ItemStats {
  return { ...stats, attempts: stats.attempts + 1, correct: stats.correct + (correct ? 1 : 0) };
}
