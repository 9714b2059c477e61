import { describe, expect, it } from 'vitest';
import { recordAnswer } from './record-answer.ts';
import { createProductionModel } from '../tracing/production-model.ts';
import { refitModel } from '../tracing/refit.ts';
import type { TracedItem } from '../tracing/types.ts';
import { syntheticLog } from '../testing/synthetic-log.ts';

const ITEMS: TracedItem[] = Array.from({ length: 6 }, (_, i) => ({
  id: `item-${i}`,
  skills: [`s${i % 2}`],
  difficulty: 0.8 - 0.3 * i,
}));
const coldStart = createProductionModel();
const fitted = createProductionModel(
  refitModel(
    syntheticLog({
      seed: 4,
      items: ITEMS,
      learners: 40,
      perLearner: 15,
      success: (i, n) => 0.2 + 0.08 * i + 0.02 * n,
    }),
  ).parameters,
);

/** A learner's state after `answers` right and wrong answers, applied by `model`. */
function history(model: typeof coldStart, answers: number) {
  let learner = model.initialLearnerState();
  let skills: Record<string, ReturnType<typeof recordAnswer>['skills'][string]> = {};
  for (let n = 0; n < answers; n++) {
    const outcome = recordAnswer(
      model,
      learner,
      skills,
      ITEMS[n % ITEMS.length]!,
      n % 3 !== 0,
      n * 3_600_000,
    );
    learner = outcome.learner;
    skills = { ...skills, ...outcome.skills };
  }
  return { learner, skills };
}

describe('recordAnswer', () => {
  const item: TracedItem = { id: 'item-2', skills: ['s0'], difficulty: 0.4, priorDifficulty: -0.5 };

  it.each([
    ['the cold-start model', coldStart],
    ['a refitted model', fitted],
  ])(
    'gives, with %s, the prediction with the item at its prior difficulty for the calibration',
    (_, model) => {
      const { learner, skills } = history(model, 7);
      const outcome = recordAnswer(model, learner, skills, item, true, 30 * 3_600_000);
      const state = { learner, skills: { s0: skills.s0!.tracing } };
      expect(outcome.predicted).toBe(model.predict(state, item, 30 * 3_600_000));
      expect(outcome.predictedAtPrior).toBe(
        model.predict(state, { ...item, difficulty: -0.5 }, 30 * 3_600_000),
      );
      expect(outcome.predictedAtPrior).toBeGreaterThan(outcome.predicted);
    },
  );
});
