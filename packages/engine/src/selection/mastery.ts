import type { SkillModelState } from '../scheduling/record-answer.ts';
import type { LogisticLearnerState } from '../tracing/logistic-state.ts';
import { EMPTY_LOGISTIC_STATE } from '../tracing/logistic-state.ts';
import type { LogisticTracer } from '../tracing/logistic-tracer.ts';
import type { SkillKey } from '../tracing/types.ts';
import {
  knowsChance,
  normalCdf,
  proficientChance,
  REFERENCE_DIFFICULTY,
  startingEvidence,
  thetaAnsweringRight,
} from './evidence.ts';
import type { KnowsParameters, MasteryEvidence } from './evidence.ts';

/** The mastery bands the UI shows, from least to most evidence of mastery. */
export type MasteryBand = 'not started' | 'not sure yet' | 'needs practice' | 'getting there' | 'mastered';

/**
 * Mastery of one skill: the chance of answering a typical item of the skill right (without guessing), its
 * uncertainty (a standard deviation on the same scale) and the band.
 */
export interface Mastery {
  readonly p: number;
  readonly uncertainty: number;
  readonly band: MasteryBand;
}

/** Fewer answers than this give `not sure yet`. */
export const MIN_ANSWERS_FOR_BAND = 3;
/** How sure the evidence must be that the skill is proficient (typical item at 80%) before it is `mastered`. */
export const MASTERED_CONFIDENCE = 0.85;
/**
 * A skill that reached `mastered` (it holds a review card) keeps it while the evidence stays this sure, so one slip
 * does not undo a long record; a lapse that makes proficiency doubtful takes it away. The card stays with the skill,
 * so after a lapse `mastered` comes back at this confidence too (a card removed at the lapse was measured no better:
 * docs/engine.md, "`mastered` as the server runs it").
 */
export const KEEP_MASTERED_CONFIDENCE = 0.6;
/** P(correct) on a typical item at or above which a skill is `getting there`. */
export const GETTING_THERE_P = 0.6;
/**
 * How sure the evidence must be of which side of `GETTING_THERE_P` the learner stands to say `getting there` or
 * `needs practice`; between the two it is `not sure yet`.
 */
export const BAND_CONFIDENCE = 0.75;
const GETTING_THERE_THETA = thetaAnsweringRight(GETTING_THERE_P);

/**
 * The evidence behind a skill's mastery: the stored one, or for a skill never practised (or stored before evidence
 * existed) a start from the tracing model's chance on a typical item, which carries what the learner showed on other
 * skills.
 */
export function evidenceOf(
  model: LogisticTracer,
  learner: LogisticLearnerState,
  state: SkillModelState | undefined,
  skill: SkillKey,
): MasteryEvidence {
  if (state?.evidence) return state.evidence;
  const tracing = state?.tracing ?? EMPTY_LOGISTIC_STATE;
  const p = model.predict(
    { learner, skills: { [skill]: tracing } },
    { id: '', skills: [skill], difficulty: REFERENCE_DIFFICULTY },
  );
  return startingEvidence(p, state?.tracing);
}

/**
 * How sure the evidence's graded belief is that the learner is at least `getting there` on the skill: P(θ ≥ the
 * θ of a typical item answered right with `GETTING_THERE_P`), on the skill's calibrated scale.
 */
export function gettingThereChance(evidence: MasteryEvidence): number {
  return normalCdf(
    (evidence.mean - (evidence.shift ?? 0) - GETTING_THERE_THETA) / Math.sqrt(evidence.variance),
  );
}

/** The mastery that `evidence` shows; `wasMastered` when the skill already holds a review card. */
export function masteryFromEvidence(evidence: MasteryEvidence, wasMastered: boolean): Mastery {
  const p = 1 / (1 + Math.exp(-(evidence.mean - (evidence.shift ?? 0))));
  const sd = Math.sqrt(evidence.variance);
  const uncertainty = p * (1 - p) * sd;
  if (evidence.answers === 0) return { p, uncertainty, band: 'not started' };
  const sure = proficientChance(evidence);
  if (
    evidence.answers >= MIN_ANSWERS_FOR_BAND &&
    (sure >= MASTERED_CONFIDENCE || (wasMastered && sure >= KEEP_MASTERED_CONFIDENCE))
  ) {
    return { p, uncertainty, band: 'mastered' };
  }
  if (evidence.answers < MIN_ANSWERS_FOR_BAND) return { p, uncertainty, band: 'not sure yet' };
  const above = gettingThereChance(evidence);
  if (above >= BAND_CONFIDENCE) return { p, uncertainty, band: 'getting there' };
  if (above <= 1 - BAND_CONFIDENCE) return { p, uncertainty, band: 'needs practice' };
  return { p, uncertainty, band: 'not sure yet' };
}

/**
 * Mastery of `skill` for a learner: the chance of answering a typical item right (from the skill's evidence), its
 * uncertainty and a band. `mastered` needs the evidence to be sure the learner is proficient, so it takes more
 * answers on 4-choice items (a right answer may be a guess) than on free-text ones, and more when the answers are
 * mixed; once reached it survives one slip.
 */
export function masteryOf(
  model: LogisticTracer,
  learner: LogisticLearnerState,
  state: SkillModelState | undefined,
  skill: SkillKey,
): Mastery {
  return masteryFromEvidence(evidenceOf(model, learner, state, skill), (state?.review ?? null) !== null);
}

/**
 * Below this P(knows) now, a stored `mastered` is shown as `getting there` (see `bandShown`): a band shown while the
 * layer is at least 90% sure the learner still knows the skill is wrong at most one time in ten at the edge, and
 * roughly one in twenty over the days it is shown, within the under-5% false `mastered` the engine aims at (at 0.8
 * every false band measured on binary × generated was a skill forgotten since).
 */
export const SHOWN_MASTERED_KNOWS = 0.9;

/**
 * The band to show for a skill at `nowMs`: the band stored with its last answer, except that once time has passed
 * since that answer, `mastered` reads `getting there` when the evidence's two-state layer, less what is forgotten
 * since (`knowsChance`, at the site's fitted forgetting when it has one), is no longer sure the learner knows the
 * skill. A skill mastered months ago and not practised since is not shown as mastered for good; a review the learner
 * answers right brings the band back. At the answer itself the stored band is shown.
 */
export function bandShown(
  band: MasteryBand,
  evidence: MasteryEvidence | undefined,
  nowMs: number,
  knows?: KnowsParameters,
): MasteryBand {
  if (band !== 'mastered' || evidence === undefined || nowMs <= evidence.lastMs) return band;
  return knowsChance(evidence, nowMs, knows) >= SHOWN_MASTERED_KNOWS ? band : 'getting there';
}
