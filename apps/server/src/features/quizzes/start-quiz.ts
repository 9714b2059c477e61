import type { CourseKey, Quiz } from '@vidya/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError, unauthenticated } from '#src/errors.ts';
import type { Caller } from '#src/features/accounts/index.ts';
import * as store from './quiz-store.ts';
import { presentQuiz } from './quizzes.presenter.ts';

/**
 * `POST /api/quizzes`: starts a quiz in a course the learner is enrolled in (403 `not_enrolled` otherwise). One
 * statement checks the session, starts the quiz and reads its context, which is kept: the first `next` reads nothing.
 */
export async function startQuiz(
  app: FastifyInstance,
  caller: Caller,
  course: CourseKey,
  timeZone?: string,
): Promise<Quiz> {
  // Load, decide and save are one statement; no row means no session, an expired one or not a learner's (401/403).
  const started = await store.start(app, caller, course, timeZone, unauthenticated);
  if (!started) throw new AppError(403, 'not_enrolled', 'you are not registered in this course');
  // Present.
  return presentQuiz({ id: started.id, ...started.context });
}
