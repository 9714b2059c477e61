import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createProductionModel } from '../tracing/production-model.ts';
import { difficultyFromPrior } from '../tracing/item-difficulty.ts';
import { EMPTY_LOGISTIC_STATE } from '../tracing/logistic-state.ts';
import type { TracedItem } from '../tracing/types.ts';
import { selectNextItem } from './select-next-item.ts';
import type { CourseSkill, SelectionState } from './select-next-item.ts';

const model = createProductionModel();
const skills: CourseSkill[] = [
  { key: 'a', prerequisites: [] },
  { key: 'b', prerequisites: ['a'] },
];
const items: TracedItem[] = ['a', 'b'].flatMap((skill) =>
  [1, 2, 3, 4, 5].map((d) => ({
    id: `${skill}${d}`,
    skills: [skill],
    difficulty: difficultyFromPrior(d, 5),
  })),
);
const fresh: SelectionState = {
  learner: model.initialLearnerState(),
  skills: {},
  reviews: {},
  quizItemIds: [],
  hasReviewInQuiz: false,
  recentItemIds: [],
};

describe('selectNextItem', () => {
  it('starts a new learner with placement on the entry skills', () => {
    const selection = selectNextItem(fresh, items, { model, skills, nowMs: 0 });
    expect(selection).toMatchObject({ skill: 'a', reason: 'placement' });
  });

  it('chooses the same from candidates given per skill, asking only for the skills it considers', () => {
    const asked: string[] = [];
    const perSkill = (skill: string) => {
      asked.push(skill);
      return items.filter((i) => i.skills.includes(skill));
    };
    const states: SelectionState[] = [
      fresh,
      { ...fresh, quizItemIds: ['a1', 'a2'], recentItemIds: ['a3'] },
      { ...fresh, learner: { ...EMPTY_LOGISTIC_STATE, attempts: 12, wins: 12 } },
    ];
    for (const state of states) {
      asked.length = 0;
      const fromList = selectNextItem(state, items, { model, skills, nowMs: 0 });
      expect(selectNextItem(state, perSkill, { model, skills, nowMs: 0 })).toEqual(fromList);
      expect(asked).toEqual([fromList!.skill]);
    }
  });

  it('never picks an item already in the quiz', () => {
    fc.assert(
      fc.property(fc.subarray(items.map((i) => i.id)), (asked) => {
        const selection = selectNextItem({ ...fresh, quizItemIds: asked }, items, {
          model,
          skills,
          nowMs: 0,
        });
        return asked.length === items.length ? selection === undefined : !asked.includes(selection!.item.id);
      }),
    );
  });

  it('asks a due review once per quiz', () => {
    const practised = { ...EMPTY_LOGISTIC_STATE, attempts: 10, wins: 10 };
    const state: SelectionState = {
      ...fresh,
      learner: { ...practised },
      skills: { a: practised },
      reviews: {
        a: {
          dueMs: 5,
          stability: 3,
          difficulty: 5,
          scheduledDays: 3,
          learningSteps: 0,
          reps: 1,
          lapses: 0,
          state: 2,
          lastReviewMs: 0,
        },
      },
    };
    expect(selectNextItem(state, items, { model, skills, nowMs: 10 })?.reason).toBe('review');
    expect(
      selectNextItem({ ...state, hasReviewInQuiz: true }, items, { model, skills, nowMs: 10 })?.reason,
    ).toBe('practice');
  });

  it('avoids items of recent quizzes while the bank allows', () => {
    const recent = items.filter((i) => i.skills[0] === 'a' && i.id !== 'a5').map((i) => i.id);
    const selection = selectNextItem({ ...fresh, recentItemIds: recent }, items, { model, skills, nowMs: 0 });
    expect(selection?.item.id).toBe('a5');
  });

  it('moves on to the next ready skill once a skill is mastered, and stays while it is not', () => {
    const strong = {
      ...EMPTY_LOGISTIC_STATE,
      attempts: 12,
      wins: 12,
      hardWins: 8,
      recentAttempts: 3,
      recentWins: 3,
      residual: 5,
      recentResidual: 1.5,
    };
    const weak = {
      ...EMPTY_LOGISTIC_STATE,
      attempts: 12,
      wins: 3,
      recentAttempts: 3,
      recentWins: 0.5,
      residual: -4,
      recentResidual: -1.5,
    };
    const base = { ...fresh, learner: { ...strong, attempts: 12 } };
    expect(
      selectNextItem({ ...base, skills: { a: strong } }, items, { model, skills, nowMs: 0 })?.skill,
    ).toBe('b');
    expect(selectNextItem({ ...base, skills: { a: weak } }, items, { model, skills, nowMs: 0 })?.skill).toBe(
      'a',
    );
  });

  it('keeps a skill secured while its review card is not due, and practises it again once due', () => {
    const wobbly = {
      ...EMPTY_LOGISTIC_STATE,
      attempts: 12,
      wins: 9,
      hardWins: 5,
      recentAttempts: 3,
      recentWins: 2,
      residual: 1,
      recentResidual: 0.2,
    };
    const card = {
      dueMs: 1_000,
      stability: 3,
      difficulty: 5,
      scheduledDays: 3,
      learningSteps: 0,
      reps: 1,
      lapses: 0,
      state: 2,
      lastReviewMs: 0,
    };
    const state: SelectionState = {
      ...fresh,
      learner: { ...wobbly },
      skills: { a: wobbly },
      reviews: { a: card },
      hasReviewInQuiz: true,
    };
    expect(selectNextItem(state, items, { model, skills, nowMs: 500 })?.skill).toBe('b');
    expect(selectNextItem(state, items, { model, skills, nowMs: 2_000 })?.skill).toBe('a');
  });
});
