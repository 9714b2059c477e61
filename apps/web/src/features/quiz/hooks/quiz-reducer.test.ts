import type { AnswerResult, Question, QuizSummary } from '@vidya/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError } from '#src/lib/api-client.ts';
import {
  failureMessage,
  initialQuizState,
  quizReducer,
  type QuizEvent,
  type QuizState,
} from './quiz-reducer.ts';

const QUIZ_ID = '00000000-0000-4000-8000-00000000000a';
const skill = { id: 'sci-cells', name: 'Cells' };
const question: Question = {
  quizId: QUIZ_ID,
  position: 0,
  total: 5,
  score: 0,
  itemId: 'sci-1',
  kind: 'choice',
  prompt: 'Which part of the cell controls it?',
  choices: ['Nucleus', 'Cell wall'],
  skill,
};
const result: AnswerResult = {
  correct: true,
  correctAnswer: 'Nucleus',
  correctIndex: 0,
  explanation: 'The nucleus directs the cell.',
  score: 1,
  answered: 1,
  finished: false,
  mastery: { skill, before: null, after: 30, band: 'getting there' },
};
const summary: QuizSummary = {
  quiz: { id: QUIZ_ID, course: 'science', total: 5, answered: 5, score: 3, finished: true },
  skills: [],
  xpEarned: 30,
  badgesEarned: [],
};

const run = (state: QuizState, ...events: QuizEvent[]) => events.reduce(quizReducer, state);
const intro = initialQuizState({ isMultipleChoice: true, isEnrolled: true });
const onQuestion = run(intro, { type: 'started', quizId: QUIZ_ID }, { type: 'question-loaded', question });

describe('initialQuizState', () => {
  it('shows the intro to an enrolled learner', () => {
    expect(intro).toEqual({ quizId: null, phase: { name: 'intro', isStarting: false } });
  });

  it('invites a learner not enrolled in a multiple-choice course to register', () => {
    expect(initialQuizState({ isMultipleChoice: true, isEnrolled: false }).phase).toEqual({
      name: 'not-registered',
    });
  });

  it('shows the mathematics intro even to a learner not enrolled', () => {
    expect(initialQuizState({ isMultipleChoice: false, isEnrolled: false }).phase.name).toBe('intro');
  });
});

describe('quizReducer', () => {
  it('marks the intro as starting, then loads the first question of the started quiz', () => {
    const starting = run(intro, { type: 'start-requested' });
    expect(starting.phase).toEqual({ name: 'intro', isStarting: true });
    const started = run(starting, { type: 'started', quizId: QUIZ_ID });
    expect(started).toEqual({ quizId: QUIZ_ID, phase: { name: 'loading' } });
    expect(run(started, { type: 'question-loaded', question }).phase).toEqual({
      name: 'question',
      question,
      result: null,
      pending: null,
      failed: false,
    });
  });

  it('keeps a failed screen while its start is tried again', () => {
    const failed = run(intro, { type: 'failed', message: 'Offline.', retry: 'start' });
    expect(run(failed, { type: 'start-requested' })).toBe(failed);
  });

  it('locks the answer once sent and shows the result once graded', () => {
    const sent = run(onQuestion, { type: 'answer-sent', answer: '0' });
    expect(sent.phase).toMatchObject({ name: 'question', pending: '0', result: null, failed: false });
    expect(run(sent, { type: 'answer-graded', result }).phase).toMatchObject({
      name: 'question',
      question,
      pending: '0',
      result,
      failed: false,
    });
  });

  it('keeps the sent answer after a failed save, and clears the failure when it is sent again', () => {
    const failed = run(onQuestion, { type: 'answer-sent', answer: '1' }, { type: 'answer-failed' });
    expect(failed.phase).toMatchObject({ pending: '1', result: null, failed: true });
    expect(run(failed, { type: 'answer-sent', answer: '1' }).phase).toMatchObject({
      pending: '1',
      failed: false,
    });
  });

  it('ignores a grade when no answer was sent', () => {
    expect(run(onQuestion, { type: 'answer-graded', result })).toBe(onQuestion);
    expect(run(intro, { type: 'answer-sent', answer: '0' })).toBe(intro);
  });

  it('goes through loading to the next question or to the score, keeping the quiz', () => {
    const graded = run(onQuestion, { type: 'answer-sent', answer: '0' }, { type: 'answer-graded', result });
    const next = run(graded, { type: 'question-requested' });
    expect(next).toEqual({ quizId: QUIZ_ID, phase: { name: 'loading' } });
    const finished = run(graded, { type: 'summary-requested' }, { type: 'summary-loaded', summary });
    expect(finished).toEqual({ quizId: QUIZ_ID, phase: { name: 'finished', summary } });
  });

  it('shows a failure with the call to retry, keeping the quiz', () => {
    const failed = run(
      onQuestion,
      { type: 'question-requested' },
      {
        type: 'failed',
        message: 'Something went wrong while loading.',
        retry: 'question',
      },
    );
    expect(failed).toEqual({
      quizId: QUIZ_ID,
      phase: { name: 'failed', message: 'Something went wrong while loading.', retry: 'question' },
    });
  });

  it('turns to the register invitation when the server says the learner is not enrolled', () => {
    expect(run(intro, { type: 'start-requested' }, { type: 'not-registered' }).phase).toEqual({
      name: 'not-registered',
    });
  });
});

describe('failureMessage', () => {
  it('tells an offline learner to check the connection', () => {
    expect(failureMessage(new ApiError(0, 'network_error', 'Failed to fetch'))).toBe(
      'We could not reach Vidya. Check your connection.',
    );
  });

  it('says something went wrong for any other failure', () => {
    expect(failureMessage(new ApiError(500, 'internal_error', 'Boom'))).toBe(
      'Something went wrong while loading.',
    );
    expect(failureMessage(new Error('boom'))).toBe('Something went wrong while loading.');
  });
});
