import { describe, expect, it } from 'vitest';
import { recordAnswer } from './record-answer.ts';
import { successChance } from '../selection/evidence.ts';
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

/** A learner's state after answering items of skill `s0` right (`right`) or wrong, one an hour. */
function onSkill(model: typeof coldStart, right: boolean, answers: number) {
  let learner = model.initialLearnerState();
  let skills: Record<string, ReturnType<typeof recordAnswer>['skills'][string]> = {};
  for (let n = 0; n < answers; n++) {
    const outcome = recordAnswer(model, learner, skills, ITEMS[2 * (n % 3)]!, right, n * 3_600_000);
    learner = outcome.learner;
    skills = { ...skills, ...outcome.skills };
  }
  return { learner, skills };
}

describe('recordAnswer', () => {
  const item: TracedItem = { id: 'new-item', skills: ['s0'], difficulty: 0.4, priorDifficulty: -0.5 };
  const at = 30 * 3_600_000;

  it('calibrates a one-skill item against the learner who answered: their evidence on the skill, at the prior', () => {
    const strong = onSkill(coldStart, true, 8);
    const weak = onSkill(coldStart, false, 8);
    const high = recordAnswer(coldStart, strong.learner, strong.skills, item, true, at).predictedAtPrior;
    const low = recordAnswer(coldStart, weak.learner, weak.skills, item, true, at).predictedAtPrior;
    expect(high).toBeGreaterThan(0.8);
    // Eight wrong answers on three items leave a wide belief (wrong answers low down say little), so the chance under
    // it is about a third rather than the quarter its mean alone gives (decision 020).
    expect(low).toBeLessThan(0.35);
    // The item's prior, not its current calibration, is what the chance is taken at: a harder prior, a lower chance.
    const harder = recordAnswer(
      coldStart,
      strong.learner,
      strong.skills,
      { ...item, priorDifficulty: 1.5 },
      true,
      at,
    ).predictedAtPrior;
    expect(harder).toBeLessThan(high);
    const calibratedElsewhere = recordAnswer(
      coldStart,
      strong.learner,
      strong.skills,
      { ...item, difficulty: -2 },
      true,
      at,
    ).predictedAtPrior;
    expect(calibratedElsewhere).toBe(high);
  });

  it('calibrates against the whole belief, so a learner the evidence knows little about predicts less extremely', () => {
    const easy = { ...item, priorDifficulty: -2 };
    /** How far below the chance at the belief's mean the calibration's chance is, after `answers` right answers. */
    const below = (answers: number): number => {
      const strong = onSkill(coldStart, true, answers);
      const atMean = successChance(strong.skills.s0!.evidence, easy, -2);
      return atMean - recordAnswer(coldStart, strong.learner, strong.skills, easy, true, at).predictedAtPrior;
    };
    expect(below(2)).toBeGreaterThan(0.01);
    expect(below(12)).toBeGreaterThan(0);
    expect(below(12)).toBeLessThan(below(2));
  });

  it('counts the lucky guess on multiple choice (a weak learner keeps about one chance in four) and remembered answers', () => {
    const weak = onSkill(coldStart, false, 8);
    const choice = { ...item, guess: 0.25 };
    const p = recordAnswer(coldStart, weak.learner, weak.skills, choice, false, at).predictedAtPrior;
    expect(p).toBeGreaterThanOrEqual(0.25);
    expect(p).toBeLessThan(0.5);
    // An item answered before may be answered from memory: a higher chance.
    const seen = { ...choice, id: 'item-2' };
    expect(
      recordAnswer(coldStart, weak.learner, weak.skills, seen, false, at).predictedAtPrior,
    ).toBeGreaterThan(p);
  });

  it.each([
    ['the cold-start model', coldStart],
    ['a refitted model', fitted],
  ])(
    'gives, with %s, the model prediction at the prior difficulty for an item of several skills',
    (_, model) => {
      const { learner, skills } = history(model, 7);
      const both: TracedItem = { id: 'item-2', skills: ['s0', 's1'], difficulty: 0.4, priorDifficulty: -0.5 };
      const outcome = recordAnswer(model, learner, skills, both, true, at);
      const state = { learner, skills: { s0: skills.s0!.tracing, s1: skills.s1!.tracing } };
      expect(outcome.predicted).toBe(model.predict(state, both, at));
      expect(outcome.predictedAtPrior).toBe(model.predict(state, { ...both, difficulty: -0.5 }, at));
      expect(outcome.predictedAtPrior).toBeGreaterThan(outcome.predicted);
    },
  );
});
