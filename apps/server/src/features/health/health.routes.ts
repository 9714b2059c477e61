import { HealthSchema } from '@vidya/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/** Liveness (/healthz: the process answers) and readiness (/readyz: the database answers). */
export function healthRoutes(app: FastifyInstance): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get(
    '/healthz',
    { schema: { tags: ['health'], summary: 'Liveness', response: { 200: HealthSchema } } },
    async () => ({ status: 'ok' as const }),
  );
  typed.get(
    '/readyz',
    {
      schema: { tags: ['health'], summary: 'Readiness', response: { 200: HealthSchema, 503: HealthSchema } },
    },
    async (_request, reply) =>
      (await app.database.ping())
        ? { status: 'ok' as const }
        : reply.code(503).send({ status: 'unavailable' as const }),
  );
}
