import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { badRequest } from '#src/errors.ts';
import { isFromThisMachine } from '../mail/index.ts';
import { runDueJobs } from './jobs.service.ts';

const RunBodySchema = z.object({ at: z.iso.datetime().optional() }).optional();

/**
 * `POST /dev/jobs/run` runs the due jobs now, or as of `at` (a simulated clock: an end-to-end test passes a time 7
 * days ahead to see a pending account deleted). Development only, like the outbox: never registered in production,
 * and served only to this machine (anyone else could delete every pending account by naming a later time).
 */
export function jobRoutes(app: FastifyInstance): void {
  const thisMachineOnly = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!isFromThisMachine(request)) return reply.callNotFound();
  };
  app.post('/dev/jobs/run', { schema: { hide: true }, onRequest: thisMachineOnly }, async (request) => {
    const parsed = RunBodySchema.safeParse(request.body ?? undefined);
    if (!parsed.success) throw badRequest('`at` must be an ISO 8601 date-time.', { at: 'Invalid date-time' });
    return runDueJobs(app, parsed.data?.at ? new Date(parsed.data.at) : new Date());
  });
}
