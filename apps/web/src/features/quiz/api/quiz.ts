import type { CourseKey } from '@vidya/contracts';
import { quizRefs } from '#src/features/courses/index.ts';
import { api } from '#src/lib/api-client.ts';

// The time zone lets the server count days, streaks and badges in the learner's own calendar.
export const startQuiz = (course: CourseKey) =>
  api(quizRefs.start, { body: { course, timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone } });
export const fetchNextQuestion = (quizId: string) => api(quizRefs.next, { params: { quizId } });
export const submitAnswer = (quizId: string, itemId: string, answer: string) =>
  api(quizRefs.answer, { params: { quizId }, body: { itemId, answer } });
export const fetchQuizSummary = (quizId: string) => api(quizRefs.summary, { params: { quizId } });
