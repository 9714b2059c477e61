import { classEndpoints, guardianEndpoints, learnerLinkEndpoints } from '@vidya/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { tooManyRequests } from '#src/errors.ts';
import { route } from '#src/plugins/route.ts';
import { accountOf, requireAccount } from '#src/plugins/session.ts';
import { requireConsent } from '../consent/index.ts';
import * as channels from './guardians.channels.ts';
import * as classes from './guardians.classes.ts';
import * as guardians from './guardians.service.ts';

const HOUR_MS = 60 * 60 * 1000;
const LINK_REQUESTS_PER_HOUR = 30;
const CLASS_JOINS_PER_HOUR = 20;

const ok = { ok: true as const };

/** Links between guardians and learners, classes and channels; every route checks who may see what. */
export function guardianRoutes(app: FastifyInstance): void {
  const guardiansOnly = requireAccount(app, ['instructors', 'parents']);
  const instructorsOnly = requireAccount(app, ['instructors']);
  const learnersOnly = requireAccount(app, ['learners']);
  // A child joins classes and accepts teachers and parents only once a parent has consented.
  const withConsent = requireConsent(app);
  // Per account: a guardian cannot probe many usernames, a learner cannot guess many class codes.
  const perAccount = (name: string, max: number) => {
    const check = app.createRateLimit({
      max,
      timeWindow: HOUR_MS,
      keyGenerator: (request: FastifyRequest) => `${name}:${request.account?.id ?? request.ip}`,
    });
    return async (request: FastifyRequest) => {
      const result = await check(request);
      if (!result.isAllowed && result.isExceeded)
        throw tooManyRequests('Too many requests. Please try again later.');
    };
  };

  route(
    app,
    guardianEndpoints.requestLink,
    async ({ body, request }) => {
      await guardians.requestLink(app, accountOf(request), body);
      return ok;
    },
    {
      preHandler: [guardiansOnly, perAccount('link', LINK_REQUESTS_PER_HOUR)],
    },
  );
  route(
    app,
    guardianEndpoints.learners,
    async ({ request }) => guardians.guardianLearners(app, accountOf(request).id),
    {
      preHandler: [guardiansOnly],
    },
  );
  route(
    app,
    guardianEndpoints.removeLink,
    async ({ params, request }) => {
      await guardians.removeLinkAsGuardian(app, accountOf(request).id, params.linkId);
      return ok;
    },
    { preHandler: [guardiansOnly] },
  );
  route(
    app,
    guardianEndpoints.learnerProgress,
    async ({ params, request }) =>
      guardians.progressForGuardian(app, accountOf(request).id, params.learnerId),
    { preHandler: [guardiansOnly] },
  );

  route(
    app,
    classEndpoints.create,
    async ({ body, request }) => classes.createClass(app, accountOf(request).id, body.name),
    {
      preHandler: [instructorsOnly],
    },
  );
  route(app, classEndpoints.list, async ({ request }) => classes.listClasses(app, accountOf(request).id), {
    preHandler: [instructorsOnly],
  });
  route(
    app,
    classEndpoints.view,
    async ({ params, request }) => classes.classView(app, accountOf(request).id, params.classId),
    {
      preHandler: [instructorsOnly],
    },
  );
  route(
    app,
    classEndpoints.join,
    async ({ body, request }) => classes.joinClass(app, accountOf(request).id, body.code),
    {
      preHandler: [learnersOnly, withConsent, perAccount('join', CLASS_JOINS_PER_HOUR)],
    },
  );

  route(
    app,
    learnerLinkEndpoints.requests,
    async ({ request }) => guardians.learnerRequests(app, accountOf(request).id),
    {
      preHandler: [learnersOnly],
    },
  );
  route(
    app,
    learnerLinkEndpoints.accept,
    async ({ params, request }) => guardians.decide(app, accountOf(request).id, params.linkId, true),
    { preHandler: [learnersOnly, withConsent] },
  );
  route(
    app,
    learnerLinkEndpoints.decline,
    async ({ params, request }) => guardians.decide(app, accountOf(request).id, params.linkId, false),
    { preHandler: [learnersOnly] },
  );
  route(
    app,
    learnerLinkEndpoints.remove,
    async ({ params, request }) => {
      await guardians.removeLinkAsLearner(app, accountOf(request).id, params.linkId);
      return ok;
    },
    { preHandler: [learnersOnly] },
  );
  route(
    app,
    learnerLinkEndpoints.block,
    async ({ params, request }) => {
      await guardians.blockGuardian(app, accountOf(request).id, params.linkId);
      return ok;
    },
    { preHandler: [learnersOnly] },
  );
  route(
    app,
    learnerLinkEndpoints.blocked,
    async ({ request }) => guardians.blockedGuardians(app, accountOf(request).id),
    { preHandler: [learnersOnly] },
  );
  route(
    app,
    learnerLinkEndpoints.unblock,
    async ({ params, request }) => {
      await guardians.unblockGuardian(app, accountOf(request).id, params.blockId);
      return ok;
    },
    { preHandler: [learnersOnly] },
  );
  route(
    app,
    learnerLinkEndpoints.channels,
    async ({ request }) => channels.listChannels(app, accountOf(request).id),
    {
      preHandler: [learnersOnly],
    },
  );
  route(
    app,
    learnerLinkEndpoints.addChannel,
    async ({ body, request }) => channels.addChannel(app, accountOf(request).id, body.url),
    {
      preHandler: [learnersOnly, withConsent],
    },
  );
  route(
    app,
    learnerLinkEndpoints.removeChannel,
    async ({ params, request }) => {
      await channels.removeChannel(app, accountOf(request).id, params.channelId);
      return ok;
    },
    { preHandler: [learnersOnly] },
  );
}
