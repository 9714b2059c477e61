import type { FastifyInstance } from 'fastify';
import { badRequest } from '#src/errors.ts';

// What the Fetch API's Headers refuses (a NUL, a line break, a character above U+00FF): better-auth reads the
// request through Headers, so such a value would otherwise surface as a 500. Node's HTTP parser refuses most of
// these on a real socket already; this keeps every path to the same answer.
// eslint-disable-next-line no-control-regex -- a NUL is exactly what this looks for
const INVALID_HEADER_VALUE = /[\0\r\n]|[^\x00-\xff]/;

/** Answers a request whose header values cannot be represented as HTTP headers with 400 `validation_failed`. */
export function headerGuard(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    for (const value of Object.values(request.headers)) {
      const values = Array.isArray(value) ? value : [value];
      if (values.some((v) => v !== undefined && INVALID_HEADER_VALUE.test(v)))
        throw badRequest('A request header is malformed.');
    }
  });
}
