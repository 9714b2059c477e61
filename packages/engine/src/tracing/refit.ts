import { successRateDifficulty } from './item-difficulty.ts';
import type { LogisticParameters } from './logistic-state.ts';
import { fitProductionModel } from './production-model.ts';
import type { AttemptLog } from './types.ts';

/** What the periodic refit job stores: the model's parameters and each attempted item's fitted difficulty. */
export interface ModelFit {
  readonly parameters: LogisticParameters;
  /** Logit difficulty per item id, from every recorded attempt on it: the item's new prior. */
  readonly itemPriors: Readonly<Record<string, number>>;
  /** Attempts the fit read. */
  readonly attempts: number;
}

/**
 * The periodic refit (the server's job, and the as-served benchmark's): fits the production model on every recorded
 * attempt and gives each attempted item the difficulty the fitted model gives it (its shrunk success rate, the scale
 * of the model's difficulty feature), which becomes the prior that online calibration moves it from until the next
 * refit; the calibration sums start again from zero.
 */
export function refitModel(log: AttemptLog): ModelFit {
  const model = fitProductionModel(log);
  const { itemIds, itemAttempts, itemCorrect, defaultDifficulty } = model.parameters;
  const itemPriors: Record<string, number> = {};
  itemIds.forEach((id, i) => {
    itemPriors[id] = successRateDifficulty({
      attempts: itemAttempts[i]!,
      correct: itemCorrect[i]!,
      priorDifficulty: defaultDifficulty,
    });
  });
  return { parameters: model.parameters, itemPriors, attempts: log.item.length };
}
