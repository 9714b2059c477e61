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
 * about the same chance of success, so the answers hardly tell the scale of item difficulty from that of learner
 * strength. A free fit stretched or flattened it (from success rates it flattened it, so the refitted model could no
 * longer tell items apart), and the mastery evidence, which reads the same difficulties on the calibration's scale,
 * then misjudged every learner.
 */
export function refitModel(log: AttemptLog): ModelFit {
  const model = fitProductionModel(log, true);
  return { parameters: model.parameters, attempts: log.item.length };
}
