import { ProblemSchema, type Endpoint } from '@vidya/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';

type Defined<T> = Exclude<T, undefined>;
type Infer<T> = [Defined<T>] extends [never]
  ? undefined
  : Defined<T> extends z.ZodType
    ? z.infer<Defined<T>>
    : undefined;

export interface HandlerInput<E extends Endpoint> {
  params: Infer<E['params']>;
  query: Infer<E['query']>;
  body: Infer<E['body']>;
  request: FastifyRequest;
  reply: FastifyReply;
}

export interface RouteOptions {
  preHandler?: preHandlerAsyncHookHandler[];
  /** Hide from the OpenAPI document (development-only routes). */
  hide?: boolean;
}

/** Registers a contract endpoint: zod validates input and output, and OpenAPI is generated from the same schemas. */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: (input: HandlerInput<E>) => Promise<z.infer<E['response']>>,
  options: RouteOptions = {},
): void {
  const status = endpoint.status ?? 200;
  app.withTypeProvider<ZodTypeProvider>().route({
    method: endpoint.method,
    url: endpoint.path,
    schema: {
      summary: endpoint.summary,
      tags: endpoint.tags,
      ...(options.hide ? { hide: true } : {}),
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      response: { [status]: endpoint.response, '4xx': ProblemSchema, '5xx': ProblemSchema },
    },
    ...(options.preHandler ? { preHandler: options.preHandler } : {}),
    handler: async (request, reply) => {
      const result = await handler({
        params: request.params as Infer<E['params']>,
        query: request.query as Infer<E['query']>,
        body: request.body as Infer<E['body']>,
        request,
        reply,
      });
      return reply.code(status).send(result);
    },
  });
}
