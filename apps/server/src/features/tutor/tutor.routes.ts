import { ProblemSchema, tutorEndpoints, type Endpoint, type TutorStreamEvent } from '@vidya/contracts';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { tooManyRequests } from '#src/errors.ts';
import { route } from '#src/plugins/route.ts';
import { accountOf, requireAccount } from '#src/plugins/session.ts';
import { requireConsent } from '../consent/index.ts';
import * as tutor from './tutor.service.ts';

const MINUTE_MS = 60 * 1000;
const DAY_MS = 24 * 60 * MINUTE_MS;
export const TUTOR_MESSAGES_PER_MINUTE = 20;
export const TUTOR_MESSAGES_PER_DAY = 200;

/** Registers an endpoint whose success answer is a Server-Sent Events stream (errors before it are problem+json). */
function streamRoute<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  preHandler: preHandlerAsyncHookHandler[],
  open: (request: FastifyRequest) => Promise<(signal: AbortSignal) => AsyncGenerator<TutorStreamEvent>>,
): void {
  app.withTypeProvider<ZodTypeProvider>().route({
    method: endpoint.method,
    url: endpoint.path,
    schema: {
      summary: endpoint.summary,
      tags: endpoint.tags,
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      response: { 200: endpoint.response, '4xx': ProblemSchema, '5xx': ProblemSchema },
    },
    preHandler,
    handler: async (request, reply) => {
      const events = await open(request);
      const controller = new AbortController();
      reply.hijack();
      const raw = reply.raw;
      raw.on('close', () => {
        if (!raw.writableFinished) controller.abort();
      });
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      try {
        for await (const event of events(controller.signal)) {
          if (controller.signal.aborted) break;
          raw.write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
        }
      } catch (error) {
        request.log.error({ err: error }, 'tutor reply failed');
        const event: TutorStreamEvent = {
          type: 'error',
          message: null,
          detail: 'Something went wrong on our side. Please try again.',
        };
        raw.write(`event: error\ndata: ${JSON.stringify(event)}\n\n`);
      }
      raw.end();
    },
  });
}

/** The Ask AI tutor: conversations, streamed replies, and a verified parent's read-only view. */
export function tutorRoutes(app: FastifyInstance): void {
  const learnersOnly = requireAccount(app, ['learners']);
  const parentsOnly = requireAccount(app, ['parents']);
  const limit = (name: string, max: number, timeWindow: number) => {
    const check = app.createRateLimit({
      max,
      timeWindow,
      keyGenerator: (request: FastifyRequest) => `tutor-${name}:${request.account?.id ?? request.ip}`,
    });
    return async (request: FastifyRequest) => {
      const result = await check(request);
      if (!result.isAllowed && result.isExceeded)
        throw tooManyRequests(
          name === 'minute'
            ? 'You are sending messages very quickly. Take a short break and try again in a minute.'
            : 'You have asked the tutor a lot today. Have a rest and come back tomorrow!',
        );
    };
  };
  // No tutor for a child until a parent consents.
  const withConsent = requireConsent(app);
  const perLearner = [
    learnersOnly,
    withConsent,
    limit('minute', TUTOR_MESSAGES_PER_MINUTE, MINUTE_MS),
    limit('day', TUTOR_MESSAGES_PER_DAY, DAY_MS),
  ];

  route(app, tutorEndpoints.engine, async () => tutor.engineOf(app), { preHandler: [learnersOnly] });
  route(
    app,
    tutorEndpoints.conversations,
    async ({ request }) => tutor.listConversations(app, accountOf(request).id),
    {
      preHandler: [learnersOnly],
    },
  );
  route(
    app,
    tutorEndpoints.start,
    async ({ body, request }) => tutor.startConversation(app, accountOf(request).id, body),
    {
      preHandler: [learnersOnly, withConsent],
    },
  );
  route(
    app,
    tutorEndpoints.conversation,
    async ({ params, request }) => tutor.getConversation(app, accountOf(request).id, params.conversationId),
    { preHandler: [learnersOnly] },
  );
  streamRoute(app, tutorEndpoints.send, perLearner, async (request) => {
    const learnerId = accountOf(request).id;
    const { conversationId } = request.params as { conversationId: string };
    const { text } = request.body as { text: string };
    const pending = await tutor.acceptMessage(app, learnerId, conversationId, text);
    return (signal) => tutor.replyEvents(app, learnerId, pending, signal);
  });
  streamRoute(app, tutorEndpoints.retry, perLearner, async (request) => {
    const learnerId = accountOf(request).id;
    const { conversationId } = request.params as { conversationId: string };
    const pending = await tutor.acceptRetry(app, learnerId, conversationId);
    return (signal) => tutor.replyEvents(app, learnerId, pending, signal);
  });
  route(
    app,
    tutorEndpoints.guardianConversations,
    async ({ params, request }) => tutor.conversationsForParent(app, accountOf(request), params.learnerId),
    { preHandler: [parentsOnly] },
  );
  route(
    app,
    tutorEndpoints.guardianConversation,
    async ({ params, request }) =>
      tutor.conversationForParent(app, accountOf(request), params.learnerId, params.conversationId),
    { preHandler: [parentsOnly] },
  );
}
