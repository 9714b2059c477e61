import type { LogisticParameters } from './logistic-state.ts';
import { fitProductionModel } from './production-model.ts';
import type { AttemptLog } from './types.ts';

/** What the periodic refit job stores: the model's parameters. */
export interface ModelFit {
  readonly parameters: LogisticParameters;
  /** Attempts the fit read. */
  readonly attempts: number;
}

/**
 * The periodic refit (the server's job, and the as-served benchmarks'): fits the production model on every recorded
 * attempt, each item entering the fit at the calibrated difficulty its caller gives in the log (`itemDifficulty` of its
 * statistics), with the logit's slope on that difficulty held at −1 (decision 017). Item statistics are left as they
 * are: their calibration, anchored to the content level's prior, goes on across refits.
 *
 * Why not fit the slope and the items' difficulties too: under adaptive selection nearly every answer is given at
 * about the same chance of success, so the answers hardly tell the spread of item difficulty from the weight of a
 * learner's evidence, and a free fit may bend the slope anywhere (0.68 after one refit and −0.06 after the next were
 * measured); the mastery evidence reads the same difficulties with slope 1. Success rates as the feature were worse
 * still: adaptive selection flattens them, so the refitted model could no longer tell items apart.
 */
export function refitModel(log: AttemptLog): ModelFit {
  const model = fitProductionModel(log, true);
  return { parameters: model.parameters, attempts: log.item.length };
}
