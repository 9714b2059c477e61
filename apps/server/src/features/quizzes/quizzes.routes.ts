import { quizEndpoints } from '@vidya/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '#src/plugins/route.ts';
import { accountOf, requireAccount } from '#src/plugins/session.ts';
import * as quizzes from './quizzes.service.ts';

/** Quiz endpoints: learners only, each on their own quizzes. */
export function quizRoutes(app: FastifyInstance): void {
  const learnersOnly = { preHandler: [requireAccount(app, ['learners'])] };
  route(
    app,
    quizEndpoints.start,
    async ({ body, request }) => quizzes.startQuiz(app, accountOf(request).id, body.course, body.timeZone),
    learnersOnly,
  );
  route(
    app,
    quizEndpoints.next,
    async ({ params, request }) => quizzes.nextQuestion(app, accountOf(request).id, params.quizId),
    learnersOnly,
  );
  route(
    app,
    quizEndpoints.answer,
    async ({ params, body, request }) =>
      quizzes.submitAnswer(app, accountOf(request).id, params.quizId, body),
    learnersOnly,
  );
  route(
    app,
    quizEndpoints.summary,
    async ({ params, request }) => quizzes.quizSummary(app, accountOf(request).id, params.quizId),
    learnersOnly,
  );
}
