import type { CourseKey } from '@vidya/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useReducer } from 'react';
import { ApiError } from '#src/lib/api-client.ts';
import { queryKeys } from '#src/lib/query-keys.ts';
import { fetchNextQuestion, fetchQuizSummary, startQuiz, submitAnswer } from '../api/quiz.ts';
import { failureMessage, initialQuizState, quizReducer, type QuizState } from './quiz-reducer.ts';

const NOT_REGISTERED_ALERT = 'you are not registered in this course';

export interface Quiz {
  state: QuizState;
  /** "Start the Quiz!!": refuses a learner who is not enrolled, else starts and loads the first question. */
  start: () => void;
  /** Sends the answer to the question on screen (or sends it again after a failure). */
  answer: (answer: string) => void;
  /** "Next Question": the next question, or the score once the quiz is finished. */
  next: () => void;
  /** "Try again" on a failed load: repeats the call that failed. */
  retry: () => void;
}

/**
 * One quiz from intro to score (SPEC §2, §4): the calls to the server, turned into events of `quizReducer`.
 * The screen only renders `state` and calls these actions.
 */
export function useQuiz({ course, isEnrolled }: { course: CourseKey; isEnrolled: boolean }): Quiz {
  const queryClient = useQueryClient();
  const [state, dispatch] = useReducer(
    quizReducer,
    { isMultipleChoice: course !== 'mathematics', isEnrolled },
    initialQuizState,
  );
  const { quizId, phase } = state;

  const loadQuestion = async (id: string) => {
    dispatch({ type: 'question-requested' });
    try {
      dispatch({ type: 'question-loaded', question: await fetchNextQuestion(id) });
    } catch (error) {
      console.error('Question request failed', error);
      dispatch({ type: 'failed', message: failureMessage(error), retry: 'question' });
    }
  };

  const loadSummary = async (id: string) => {
    dispatch({ type: 'summary-requested' });
    try {
      dispatch({ type: 'summary-loaded', summary: await fetchQuizSummary(id) });
      for (const key of [queryKeys.enrolments, queryKeys.progress.all, queryKeys.badges, queryKeys.stats])
        void queryClient.invalidateQueries({ queryKey: key });
    } catch (error) {
      dispatch({ type: 'failed', message: failureMessage(error), retry: 'summary' });
    }
  };

  const start = async () => {
    if (!isEnrolled) {
      window.alert(NOT_REGISTERED_ALERT);
      dispatch({ type: 'not-registered' });
      return;
    }
    dispatch({ type: 'start-requested' });
    let id: string;
    try {
      id = (await startQuiz(course)).id;
    } catch (error) {
      console.error('Could not start the quiz', error);
      if (error instanceof ApiError && error.code === 'not_enrolled') {
        window.alert(NOT_REGISTERED_ALERT);
        dispatch({ type: 'not-registered' });
      } else dispatch({ type: 'failed', message: failureMessage(error), retry: 'start' });
      return;
    }
    dispatch({ type: 'started', quizId: id });
    await loadQuestion(id);
  };

  const answer = async (text: string) => {
    if (!quizId || phase.name !== 'question') return;
    dispatch({ type: 'answer-sent', answer: text });
    try {
      dispatch({ type: 'answer-graded', result: await submitAnswer(quizId, phase.question.itemId, text) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.stats });
    } catch (error) {
      console.error('Skill update failed', error);
      dispatch({ type: 'answer-failed' });
    }
  };

  const next = async () => {
    if (!quizId || phase.name !== 'question' || !phase.result) return;
    if (phase.result.finished) await loadSummary(quizId);
    else await loadQuestion(quizId);
  };

  const retry = async () => {
    if (phase.name !== 'failed') return;
    if (phase.retry === 'start') return start();
    if (!quizId) return;
    if (phase.retry === 'question') return loadQuestion(quizId);
    return loadSummary(quizId);
  };

  return {
    state,
    start: () => void start(),
    answer: (text) => void answer(text),
    next: () => void next(),
    retry: () => void retry(),
  };
}
