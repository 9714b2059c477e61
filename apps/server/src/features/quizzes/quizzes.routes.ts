import { quizEndpoints } from '@vidya/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { route } from '#src/plugins/route.ts';
import { accountOf, requireAccount, requireSessionToken, sessionCaller } from '#src/plugins/session.ts';
import { answerQuestion } from './answer-question.ts';
import { quizSummary } from './quiz-summary.ts';
import { serveQuestion } from './serve-question.ts';
import { startQuiz } from './start-quiz.ts';

/** Quiz endpoints: learners only, each on their own quizzes. */
export function quizRoutes(app: FastifyInstance): void {
  const learnersOnly = { preHandler: [requireAccount(app, ['learners'])] };
  // The hot calls check the session inside their own statement (one statement instead of two).
  const learnerSession = { preHandler: [requireSessionToken(app)] };
  const learner = (request: FastifyRequest) => sessionCaller(app, request, ['learners']);
  route(
    app,
    quizEndpoints.start,
    async ({ body, request }) => startQuiz(app, learner(request), body.course, body.timeZone),
    learnerSession,
  );
  route(
    app,
    quizEndpoints.next,
    async ({ params, request }) => serveQuestion(app, learner(request), params.quizId),
    learnerSession,
  );
  route(
    app,
    quizEndpoints.answer,
    async ({ params, body, request }) => answerQuestion(app, learner(request), params.quizId, body),
    learnerSession,
  );
  route(
    app,
    quizEndpoints.summary,
    async ({ params, request }) => quizSummary(app, accountOf(request).id, params.quizId),
    learnersOnly,
  );
}
