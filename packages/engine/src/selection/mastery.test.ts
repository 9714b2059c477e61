import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { recordAnswer } from '../scheduling/record-answer.ts';
import type { SkillModelState } from '../scheduling/record-answer.ts';
import { difficultyFromPrior } from '../tracing/item-difficulty.ts';
import { createProductionModel } from '../tracing/production-model.ts';
import type { TracedItem } from '../tracing/types.ts';
import { masteryOf } from './mastery.ts';

const model = createProductionModel();
const item = (prior: number, skills = ['fractions']): TracedItem => ({
  id: `i${prior}`,
  skills,
  difficulty: difficultyFromPrior(prior, 5),
});

function run(history: ReadonlyArray<readonly [number, boolean]>) {
  let learner = model.initialLearnerState();
  const skills: Record<string, SkillModelState> = {};
  let last;
  for (const [prior, correct] of history) {
    last = recordAnswer(model, learner, skills, item(prior), correct, 1_000);
    learner = last.learner;
    for (const [k, v] of Object.entries(last.skills)) skills[k] = { tracing: v.tracing, review: v.review };
  }
  return { learner, skills, last };
}

describe('masteryOf', () => {
  it('says not started, then not sure yet, for little evidence', () => {
    expect(masteryOf(model, model.initialLearnerState(), undefined, 'fractions').band).toBe('not started');
    expect(run([[3, true]]).last!.skills.fractions!.mastery.band).toBe('not sure yet');
  });

  it('reaches mastered on a correct run of middling items', () => {
    expect(
      run(Array.from({ length: 8 }, () => [3, true] as const)).last!.skills.fractions!.mastery.band,
    ).toBe('mastered');
  });

  it('does not reach mastered on easy items alone', () => {
    expect(
      run(Array.from({ length: 30 }, () => [1, true] as const)).last!.skills.fractions!.mastery.band,
    ).not.toBe('mastered');
  });

  it('keeps at least getting there after one slip following a long correct run', () => {
    const history = [...Array.from({ length: 12 }, () => [3, true] as const), [3, false] as const];
    expect(['getting there', 'mastered']).toContain(run(history).last!.skills.fractions!.mastery.band);
  });

  it('never lowers mastery on a correct answer nor raises it on a wrong one', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 1, max: 5 }), fc.boolean()), { maxLength: 25 }),
        fc.integer({ min: 1, max: 5 }),
        fc.boolean(),
        (history, prior, correct) => {
          const { learner, skills } = run(history);
          const before = masteryOf(model, learner, skills.fractions?.tracing, 'fractions').p;
          const after = recordAnswer(model, learner, skills, item(prior), correct, 2_000).skills.fractions!
            .mastery.p;
          return correct ? after >= before : after <= before;
        },
      ),
    );
  });
});
