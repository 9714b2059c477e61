import { BktTracer } from './bkt.ts';
import { EloTracer } from './elo.ts';
import { LogisticTracer } from './logistic-tracer.ts';
import type { LogisticFeatures, LogisticOptions } from './logistic-state.ts';
import type { ModelTrainer } from './types.ts';

const NO_FEATURES: LogisticFeatures = {
  item: false,
  itemDifficulty: false,
  residuals: false,
  skillSpecific: false,
  skill: false,
  skillCounts: false,
  itemCounts: false,
  totalCounts: false,
  recency: false,
  patterns: false,
  time: false,
};

function logisticOptions(name: string, features: Partial<LogisticFeatures>): LogisticOptions {
  return {
    name,
    features: { ...NO_FEATURES, ...features },
    inverseRegularisation: 1,
    recencyDecay: 0.7,
    patternLength: 3,
  };
}

/** IRT as in Gervet et al.: item one-hot only (test learners are new, so there is no ability term). */
export const IRT_OPTIONS = logisticOptions('irt', { item: true });
/** PFA as in Gervet et al.: skill multi-hot plus log(1+x) attempts and wins per skill. */
export const PFA_OPTIONS = logisticOptions('pfa', { skill: true, skillCounts: true });
/** Best-LR as in Gervet et al.: item, skill, and attempt/win counts per skill, per item and in total. */
export const BEST_LR_OPTIONS = logisticOptions('best-lr', {
  item: true,
  skill: true,
  skillCounts: true,
  itemCounts: true,
  totalCounts: true,
});
/**
 * Vidya-LR, the production model: Best-LR's skill and total counts, with the item one-hot replaced by one shrunk
 * difficulty per item (refinable online) with per-skill weights and a weight for how many attempts back it, plus
 * recency-weighted success, surprise and response patterns per skill and overall, an online Elo-style ability
 * (learner + skill) and its interaction with the item difficulty, whether (and after how many answers on other skills)
 * the learner returns to a skill, and time gaps when timestamps exist. Item counts
 * are left out: they did not help (see docs/engine.md) and would make the learner state grow with every item.
 */
export const VIDYA_LR_OPTIONS: LogisticOptions = {
  ...logisticOptions('vidya-lr', {
    itemDifficulty: true,
    skill: true,
    skillCounts: true,
    totalCounts: true,
    recency: true,
    residuals: true,
    skillSpecific: true,
    patterns: true,
    time: true,
    ability: true,
    skillDifficulty: true,
    difficultyEvidence: true,
    interleaving: true,
  }),
  patternLength: 5,
};

/** Every model of the harness, by name, each as a deterministic trainer. */
export const MODEL_TRAINERS: Readonly<Record<string, ModelTrainer>> = {
  bkt: (log) => BktTracer.fit(log),
  elo: (log) => EloTracer.fit(log),
  irt: (log) => LogisticTracer.fit(log, IRT_OPTIONS),
  pfa: (log) => LogisticTracer.fit(log, PFA_OPTIONS),
  'best-lr': (log) => LogisticTracer.fit(log, BEST_LR_OPTIONS),
  'vidya-lr': (log) => LogisticTracer.fit(log, VIDYA_LR_OPTIONS),
};
