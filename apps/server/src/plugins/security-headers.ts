import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The headers Helmet sets with `options`, worked out once. Our options are static (no per-request nonce), so every
 * response gets the same headers: running the middleware per request rebuilt the Content-Security-Policy text each
 * time, a measurable share of a quiz call's CPU (docs/performance.md). Helmet's removals (X-Powered-By) are kept as removals.
 */
export function helmetHeaders(options: Readonly<HelmetOptions>): {
  set: [string, string][];
  removed: string[];
} {
  const set = new Map<string, string>();
  const removed: string[] = [];
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      set.set(name, Array.isArray(value) ? value.join(', ') : String(value));
    },
    removeHeader: (name: string) => {
      set.delete(name);
      removed.push(name);
    },
    getHeader: (name: string) => set.get(name),
  };
  let failure: unknown;
  helmet(options)(
    {} as IncomingMessage,
    recorder as unknown as ServerResponse,
    (error?: unknown) => (failure = error),
  );
  if (failure) throw failure instanceof Error ? failure : new Error('Helmet refused the security headers');
  return { set: [...set], removed };
}

/** Helmet's security headers on every response (`helmetHeaders`), set from the list worked out at start. */
export function securityHeaders(app: FastifyInstance, options: Readonly<HelmetOptions>): void {
  const { set, removed } = helmetHeaders(options);
  app.addHook('onRequest', (request, reply, done) => {
    for (const [name, value] of set) reply.raw.setHeader(name, value);
    for (const name of removed) reply.raw.removeHeader(name);
    done();
  });
}
