import type { FastifyInstance } from 'fastify';
import { notFound } from '#src/errors.ts';

// Only the better-auth endpoints a browser must reach directly (the reset link, OAuth redirects, session reads).
// Sign-up, sign-in, sign-out, reset and the verification link (GET /api/auth/verify-email, accounts.routes.ts) go
// through our own routes, which validate, rate-limit and answer problem+json.
const ALLOWED = [
  /^\/api\/auth\/reset-password\/[^/]+$/,
  /^\/api\/auth\/callback\/[a-z0-9-]+$/,
  /^\/api\/auth\/oauth2\/callback\/[a-z0-9-]+$/,
  /^\/api\/auth\/get-session$/,
  /^\/api\/auth\/error$/,
];

/** Mounts better-auth's handler under /api/auth for the allow-listed paths (STACK.md §5). */
export function authBridge(app: FastifyInstance): void {
  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    schema: { hide: true },
    handler: async (request, reply) => {
      const url = new URL(request.url, app.config.publicUrl);
      if (!ALLOWED.some((pattern) => pattern.test(url.pathname))) throw notFound('endpoint');
      const headers = new Headers();
      for (const [key, value] of Object.entries(request.headers)) {
        if (value !== undefined) headers.set(key, Array.isArray(value) ? value.join(', ') : value);
      }
      const response = await app.auth.handler(
        new Request(url, {
          method: request.method,
          headers,
          ...(request.body ? { body: JSON.stringify(request.body) } : {}),
        }),
      );
      reply.status(response.status);
      // Keep every Set-Cookie: the OAuth state cookie and the session cookie can come together.
      for (const cookie of response.headers.getSetCookie()) reply.header('set-cookie', cookie);
      response.headers.forEach((value, key) => {
        if (key !== 'set-cookie') reply.header(key, value);
      });
      return reply.send(response.body ? await response.text() : null);
    },
  });
}
