import { quizEndpoints, type CourseKey } from '@vidya/contracts';
import { api } from '#src/lib/api-client.ts';

// The time zone lets the server count days, streaks and badges in the learner's own calendar.
export const startQuiz = (course: CourseKey) =>
  api(quizEndpoints.start, { body: { course, timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone } });
export const fetchNextQuestion = (quizId: string) => api(quizEndpoints.next, { params: { quizId } });
export const submitAnswer = (quizId: string, itemId: string, answer: string) =>
  api(quizEndpoints.answer, { params: { quizId }, body: { itemId, answer } });
export const fetchQuizSummary = (quizId: string) => api(quizEndpoints.summary, { params: { quizId } });
