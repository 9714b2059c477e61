import type { AnswerResult, Question, QuizSummary } from '@vidya/contracts';
import { ApiError } from '#src/lib/api-client.ts';

/** Which call a failed screen's "Try again" repeats. */
export type QuizRetry = 'start' | 'question' | 'summary';

/** What the quiz screen shows. */
export type QuizPhase =
  | { name: 'intro'; isStarting: boolean }
  | { name: 'not-registered' }
  | { name: 'loading' }
  | {
      name: 'question';
      question: Question;
      result: AnswerResult | null;
      /** The answer sent (or being sent); the answer controls lock once it is set. */
      pending: string | null;
      /** The answer could not be saved; "Try again" sends `pending` again. */
      failed: boolean;
    }
  | { name: 'finished'; summary: QuizSummary }
  | { name: 'failed'; message: string; retry: QuizRetry };

/** One quiz's state, in memory only: refreshing the page resets it, the answers stay saved (SPEC §4). */
export interface QuizState {
  quizId: string | null;
  phase: QuizPhase;
}

export type QuizEvent =
  | { type: 'start-requested' }
  | { type: 'not-registered' }
  | { type: 'started'; quizId: string }
  | { type: 'question-requested' }
  | { type: 'question-loaded'; question: Question }
  | { type: 'answer-sent'; answer: string }
  | { type: 'answer-graded'; result: AnswerResult }
  | { type: 'answer-failed' }
  | { type: 'summary-requested' }
  | { type: 'summary-loaded'; summary: QuizSummary }
  | { type: 'failed'; message: string; retry: QuizRetry };

/**
 * The state before the learner starts. SPEC §4: science, english and social_science invite a learner who is not
 * enrolled to register instead of showing the intro; mathematics shows its intro and refuses on start.
 */
export function initialQuizState({
  isMultipleChoice,
  isEnrolled,
}: {
  isMultipleChoice: boolean;
  isEnrolled: boolean;
}): QuizState {
  return {
    quizId: null,
    phase:
      isMultipleChoice && !isEnrolled ? { name: 'not-registered' } : { name: 'intro', isStarting: false },
  };
}

/** The words of a failed load: offline, or anything else. */
export const failureMessage = (error: unknown) =>
  error instanceof ApiError && error.status === 0
    ? 'We could not reach Vidya. Check your connection.'
    : 'Something went wrong while loading.';

/** The quiz's next state after an event; events that do not fit the current phase change nothing. */
export function quizReducer(state: QuizState, event: QuizEvent): QuizState {
  const { phase } = state;
  switch (event.type) {
    case 'start-requested':
      return phase.name === 'intro' ? { ...state, phase: { name: 'intro', isStarting: true } } : state;
    case 'not-registered':
      return { ...state, phase: { name: 'not-registered' } };
    case 'started':
      return { quizId: event.quizId, phase: { name: 'loading' } };
    case 'question-requested':
    case 'summary-requested':
      return { ...state, phase: { name: 'loading' } };
    case 'question-loaded':
      return {
        ...state,
        phase: { name: 'question', question: event.question, result: null, pending: null, failed: false },
      };
    case 'answer-sent':
      if (phase.name !== 'question') return state;
      return { ...state, phase: { ...phase, result: null, pending: event.answer, failed: false } };
    case 'answer-graded':
      if (phase.name !== 'question' || phase.pending === null) return state;
      return { ...state, phase: { ...phase, result: event.result, failed: false } };
    case 'answer-failed':
      if (phase.name !== 'question' || phase.pending === null) return state;
      return { ...state, phase: { ...phase, result: null, failed: true } };
    case 'summary-loaded':
      return { ...state, phase: { name: 'finished', summary: event.summary } };
    case 'failed':
      return { ...state, phase: { name: 'failed', message: event.message, retry: event.retry } };
  }
}
