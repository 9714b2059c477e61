import type { LogisticLearnerState, LogisticSkillState } from '../tracing/logistic-state.ts';
import { EMPTY_LOGISTIC_STATE } from '../tracing/logistic-state.ts';
import type { LogisticTracer } from '../tracing/logistic-tracer.ts';
import type { SkillKey } from '../tracing/types.ts';

/** The mastery bands the UI shows, from least to most evidence of mastery. */
export type MasteryBand = 'not started' | 'not sure yet' | 'needs practice' | 'getting there' | 'mastered';

/** Mastery of one skill: P(correct) on a typical item, its uncertainty (a standard deviation) and the band. */
export interface Mastery {
  readonly p: number;
  readonly uncertainty: number;
  readonly band: MasteryBand;
}

/** Fewer answers than this give `not sure yet`. */
export const MIN_ANSWERS_FOR_BAND = 3;
/** P(correct) on a typical item at or above which a skill can be `mastered`. */
export const MASTERED_P = 0.8;
/** P(correct) at or above which a skill is `getting there`. */
export const GETTING_THERE_P = 0.6;
/** Wins on non-easy items needed before `mastered`, so that easy items alone cannot reach it. */
export const MASTERY_HARD_WINS = 3;
/** An item is easy when its expected success is at least this. */
export const EASY_ITEM_SUCCESS = 0.8;
/** Logit difficulty of the typical item that mastery is quoted on (a middling item, about 60% expected success). */
export const TYPICAL_ITEM_DIFFICULTY = -0.4;
/** A long run keeps at least `getting there` while its overall success rate stays this high. */
const LONG_RUN_ANSWERS = 8;
const LONG_RUN_SUCCESS = 0.8;

function betaStandardDeviation(wins: number, losses: number): number {
  const a = wins + 1;
  const b = losses + 1;
  return Math.sqrt((a * b) / ((a + b) ** 2 * (a + b + 1)));
}

/**
 * Mastery of `skill` for a learner: the model's P(correct) on a typical item of the skill, a Beta standard deviation
 * from the answers seen, and a band; one slip after a long correct run keeps at least `getting there`.
 */
export function masteryOf(
  model: LogisticTracer,
  learner: LogisticLearnerState,
  skillState: LogisticSkillState | undefined,
  skill: SkillKey,
): Mastery {
  const s = skillState ?? EMPTY_LOGISTIC_STATE;
  const p = model.predict(
    { learner, skills: { [skill]: s } },
    { id: '', skills: [skill], difficulty: TYPICAL_ITEM_DIFFICULTY },
  );
  const uncertainty = betaStandardDeviation(s.wins, s.attempts - s.wins);
  if (s.attempts === 0) return { p, uncertainty, band: 'not started' };
  if (s.attempts < MIN_ANSWERS_FOR_BAND) return { p, uncertainty, band: 'not sure yet' };
  if (p >= MASTERED_P && s.hardWins >= MASTERY_HARD_WINS) return { p, uncertainty, band: 'mastered' };
  const isLongRun = s.attempts >= LONG_RUN_ANSWERS && s.wins / s.attempts >= LONG_RUN_SUCCESS;
  if (p >= GETTING_THERE_P || isLongRun) return { p, uncertainty, band: 'getting there' };
  return { p, uncertainty, band: 'needs practice' };
}
