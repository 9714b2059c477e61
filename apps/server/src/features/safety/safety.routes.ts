import { safetyEndpoints } from '@vidya/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '#src/plugins/route.ts';
import { accountOf, requireAccount } from '#src/plugins/session.ts';
import { alertsFor } from './safety.service.ts';

/** The tutor's safety alerts on the parent's and the teacher's dashboards. */
export function safetyRoutes(app: FastifyInstance): void {
  route(app, safetyEndpoints.alerts, async ({ request }) => alertsFor(app, accountOf(request).id), {
    preHandler: [requireAccount(app, ['instructors', 'parents'])],
  });
}
