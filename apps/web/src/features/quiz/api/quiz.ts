import { quizEndpoints, type CourseKey } from '@vidya/contracts';
import { api } from '#src/lib/api-client.ts';

export const startQuiz = (course: CourseKey) => api(quizEndpoints.start, { body: { course } });
export const fetchNextQuestion = (quizId: string) => api(quizEndpoints.next, { params: { quizId } });
export const submitAnswer = (quizId: string, itemId: string, answer: string) =>
  api(quizEndpoints.answer, { params: { quizId }, body: { itemId, answer } });
export const fetchQuizSummary = (quizId: string) => api(quizEndpoints.summary, { params: { quizId } });
