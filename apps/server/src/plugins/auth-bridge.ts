import formbody from '@fastify/formbody';
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

/** A parsed request body as better-auth must receive it: a form stays a form, anything else goes as JSON. */
function forwardedBody(body: unknown, contentType: string | undefined): string {
  if (!contentType?.startsWith('application/x-www-form-urlencoded')) return JSON.stringify(body);
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(body as Record<string, string | string[]>))
    for (const item of Array.isArray(value) ? value : [value]) form.append(key, item);
  return form.toString();
}

/**
 * Mounts better-auth's handler under /api/auth for the allow-listed paths (STACK.md §5). In a scope of its own with
 * a form parser: providers that answer with `response_mode=form_post` send the callback as a form (issue 29).
 */
export async function authBridge(app: FastifyInstance): Promise<void> {
  await app.register(formbody);
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
          ...(request.body ? { body: forwardedBody(request.body, request.headers['content-type']) } : {}),
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
