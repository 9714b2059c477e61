import { loadCatalogue } from '@vidya/content';
import { createProductionModel } from '@vidya/engine';
import { describe, expect, it } from 'vitest';
import type { SessionKey } from '#src/features/accounts/index.ts';
import { ItemBank } from './item-bank.ts';
import {
  chooseQuestion,
  currentQuestion,
  gradeAnswer,
  planAnswer,
  replayedResult,
  type Engine,
  type QuizContext,
  withServed,
} from './quiz-state.ts';

// quiz-state.ts decides without a database: these run on the real catalogue, engine and bank, with no I/O.
const catalogue = loadCatalogue();
const bank = ItemBank.of(
  [],
  catalogue.skills.map((s) => ({
    courseKey: s.course,
    id: s.id,
    name: s.name,
    prerequisites: s.prerequisites,
  })),
);
const engine: Engine = {
  model: createProductionModel(),
  modelVersion: null,
  knows: {},
  bank,
  stats: new Map(),
};
const now = new Date('2026-11-25T10:00:00Z');

const newQuiz = (length = 5): QuizContext => ({
  session: 'session' as SessionKey,
  courseKey: 'mathematics',
  learnerId: 'learner',
  sessionExpiresAt: new Date(now.getTime() + 86_400_000),
  length,
  answered: 0,
  score: 0,
  finishedAt: null,
  asked: [],
  attempts: [],
  learner: undefined,
  states: [],
  recent: [],
  item: undefined,
  awarded: [],
  quizTally: { finished: 2, good: 0, perfect: 0, slots: [] },
  timeZone: 'Asia/Kolkata',
  stamp: {},
});

/** A quiz whose first question is served `agoMs` before `now`. */
function servedQuiz(length = 5, agoMs = 5_000) {
  const choice = chooseQuestion(engine, 'quiz', newQuiz(length), now.getTime())!;
  const context = withServed(newQuiz(length), choice, new Date(now.getTime() - agoMs), true);
  return { context, served: currentQuestion(context)!, item: choice.generated! };
}

describe('gradeAnswer', () => {
  it('grades a choice by its index and shows the right choice', () => {
    const item = { kind: 'choice', answer: '2', choices: ['a', 'b', 'c'], answerForm: null };
    expect(gradeAnswer(item, ' 2 ')).toEqual({
      correct: true,
      shown: { correctAnswer: 'c', correctIndex: 2 },
    });
    expect(gradeAnswer(item, '1').correct).toBe(false);
    expect(gradeAnswer(item, '2.0').correct).toBe(false);
  });

  it('grades a free-text answer by its form', () => {
    const { item } = servedQuiz();
    expect(gradeAnswer(item, ` ${item.answer} `)).toEqual({
      correct: true,
      shown: { correctAnswer: item.answer },
    });
    expect(gradeAnswer(item, 'not a number').correct).toBe(false);
  });
});

describe('planAnswer', () => {
  it('scores a right first answer, moves the quiz on and serves the next question with the same write', () => {
    const { context, served, item } = servedQuiz();
    const plan = planAnswer(engine, 'quiz', context, served, item, item.answer, now);
    expect(plan.result).toMatchObject({ correct: true, score: 1, answered: 1, finished: false });
    expect(plan.result.mastery.before).toBeNull();
    expect(plan.result.mastery.after).toBeGreaterThan(0);
    expect(plan.moved).toMatchObject({ answered: 1, score: 1 });
    expect(plan.moved.attempts).toHaveLength(1);
    expect(plan.next?.served.position).toBe(1);
    expect(plan.next?.served.itemId).not.toBe(item.id);
    expect(plan.write).toMatchObject({
      quizId: 'quiz',
      answered: 1,
      score: 1,
      finishedAt: null,
      answeredPosition: 0,
      answeredItemId: item.id,
      correct: true,
      firstOfSkill: true,
      responseMs: 5_000,
      badges: [],
      itemId: plan.next!.served.itemId,
      prompt: plan.next!.generated!.prompt,
    });
  });

  it('finishes the quiz on its last answer: no next question, the quiz badge earned, the response time capped', () => {
    const { context, served, item } = servedQuiz(1, 2 * 60 * 60_000);
    const plan = planAnswer(engine, 'quiz', context, served, item, 'wrong', now);
    expect(plan.result).toMatchObject({ correct: false, score: 0, answered: 1, finished: true });
    expect(plan.next).toBeUndefined();
    expect(plan.write).toMatchObject({
      finishedAt: now,
      itemId: null,
      prompt: null,
      responseMs: 30 * 60_000,
    });
    // The learner had finished two quizzes: this third one earns Bronze.
    expect(plan.write.badges).toEqual(['bronze']);
  });
});

describe('replayedResult', () => {
  it('returns what was stored for an answer given before', () => {
    const { context, item } = servedQuiz();
    const previous = {
      position: 0,
      itemId: item.id,
      itemVersion: item.version,
      skillId: item.skillId,
      correct: false,
      masteryBefore: 0.4,
      firstOfSkill: false,
      masteryAfter: 0.3,
      bandAfter: 'learning',
    };
    const moved = { ...context, answered: 1, score: 0 };
    expect(replayedResult(moved, previous, item, 'Fractions')).toEqual({
      correct: false,
      correctAnswer: item.answer,
      explanation: item.explanation,
      score: 0,
      answered: 1,
      finished: false,
      mastery: { skill: { id: item.skillId, name: 'Fractions' }, before: 40, after: 30, band: 'learning' },
    });
  });
});
