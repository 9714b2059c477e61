import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { badRequest } from '#src/errors.ts';
import { runDueJobs } from './jobs.service.ts';

const RunBodySchema = z.object({ at: z.iso.datetime().optional() }).optional();

/**
 * `POST /dev/jobs/run` runs the due jobs now, or as of `at` (a simulated clock: an end-to-end test passes a time 7
 * days ahead to see a pending account deleted). Development only, like the outbox; never registered in production.
 */
export function jobRoutes(app: FastifyInstance): void {
  app.post('/dev/jobs/run', { schema: { hide: true } }, async (request) => {
    const parsed = RunBodySchema.safeParse(request.body ?? undefined);
    if (!parsed.success) throw badRequest('`at` must be an ISO 8601 date-time.', { at: 'Invalid date-time' });
    return runDueJobs(app, parsed.data?.at ? new Date(parsed.data.at) : new Date());
  });
}
