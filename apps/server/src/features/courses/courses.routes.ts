import { courseEndpoints } from '@vidya/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '#src/plugins/route.ts';
import { accountOf, requireAccount } from '#src/plugins/session.ts';
import * as courses from './courses.service.ts';

/** The course list (public) and the learner's enrolments and figures (learners only, their own). */
export function courseRoutes(app: FastifyInstance): void {
  const learnersOnly = { preHandler: [requireAccount(app, ['learners'])] };
  route(app, courseEndpoints.list, async () => courses.listCourses(app));
  route(
    app,
    courseEndpoints.enrolments,
    async ({ request }) => courses.listEnrolments(app, accountOf(request).id),
    learnersOnly,
  );
  route(
    app,
    courseEndpoints.enrol,
    async ({ body, request }) => courses.enrol(app, accountOf(request).id, body.courses),
    learnersOnly,
  );
  route(
    app,
    courseEndpoints.unenrol,
    async ({ params, request }) => {
      await courses.unenrol(app, accountOf(request).id, params.course);
      return { ok: true as const };
    },
    learnersOnly,
  );
  route(
    app,
    courseEndpoints.stats,
    async ({ request }) => courses.learnerStats(app, accountOf(request).id),
    learnersOnly,
  );
}
