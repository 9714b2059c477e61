import type { LogisticParameters } from './logistic-state.ts';
import { LogisticTracer } from './logistic-tracer.ts';
import { VIDYA_LR_OPTIONS } from './models.ts';
import type { AttemptLog } from './types.ts';

/** The production knowledge-tracing model (Vidya-LR). */
export type ProductionModel = LogisticTracer;

/** Logit difficulty of an item with no prior and no attempts (about 65% expected success). */
const DEFAULT_DIFFICULTY_LOGIT = -0.6;

/**
 * The production model from stored parameters, or, before any batch fit, a cold-start model whose hand-set weights
 * trust the item difficulty and the learner's surprise on each skill (no skill- or pattern-specific weights yet).
 * Recent surprise on the skill weighs most (learners learn, so old errors on a skill should fade); learner-level
 * evidence weighs little, so answers on one skill barely move another skill's mastery.
 */
export function createProductionModel(parameters?: LogisticParameters): ProductionModel {
  if (parameters !== undefined) return new LogisticTracer(parameters);
  return LogisticTracer.withScalarWeights(
    VIDYA_LR_OPTIONS,
    0,
    {
      itemDifficulty: 1,
      skillRecency: 0.5,
      learnerRecency: 0.2,
      learnerRate: 0.3,
      skillResidual: 0.5,
      skillRecentResidual: 2.5,
      learnerResidual: 0.5,
      learnerRecentResidual: 0.25,
    },
    DEFAULT_DIFFICULTY_LOGIT,
  );
}

/** Batch-fits the production model on recorded attempts (deterministic: counting plus L-BFGS from zero). */
export function fitProductionModel(log: AttemptLog, holdDifficultySlope = false): ProductionModel {
  return LogisticTracer.fit(log, VIDYA_LR_OPTIONS, { holdDifficultySlope });
}
