import { courseEndpoints } from '@vidya/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '#src/plugins/route.ts';
import { accountOf, requireAccount } from '#src/plugins/session.ts';
import * as progress from './progress.service.ts';

/** The learner's own progress page and badges. */
export function progressRoutes(app: FastifyInstance): void {
  const learnersOnly = { preHandler: [requireAccount(app, ['learners'])] };
  route(
    app,
    courseEndpoints.progress,
    async ({ query, request }) =>
      progress.progressFor(app, accountOf(request).id, query.period, query.timeZone),
    learnersOnly,
  );
  route(
    app,
    courseEndpoints.badges,
    async ({ request }) => progress.listBadges(app, accountOf(request).id),
    learnersOnly,
  );
}
