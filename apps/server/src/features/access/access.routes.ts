import { accessEndpoints } from '@vidya/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '#src/plugins/route.ts';
import { accountOf, requireAccount } from '#src/plugins/session.ts';
import * as access from './access.service.ts';

/** Who can see my learning: the learner's page, the consenting parent's same view, and a parent's removal. */
export function accessRoutes(app: FastifyInstance): void {
  route(
    app,
    accessEndpoints.mine,
    async ({ request }) => access.learnerOverview(app, accountOf(request).id),
    {
      preHandler: [requireAccount(app, ['learners'])],
    },
  );
  route(
    app,
    accessEndpoints.child,
    async ({ params, request }) => access.parentOverview(app, accountOf(request).id, params.learnerId),
    { preHandler: [requireAccount(app, ['parents'])] },
  );
  route(
    app,
    accessEndpoints.removeForChild,
    async ({ params, request }) => {
      await access.removeForChild(app, accountOf(request), params.learnerId, params.linkId);
      return { ok: true as const };
    },
    { preHandler: [requireAccount(app, ['parents'])] },
  );
}
