import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { pageRedirect } from '@vidya/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '#src/errors.ts';
import { loadAccount } from './session.ts';

/**
 * A page request: a GET outside /api that asks for HTML, or that accepts anything (curl, crawlers) for a path
 * without a file extension. A missing file (`/missing.js`) stays a 404, so a broken asset link fails loudly.
 */
const wantsHtml = (request: FastifyRequest) => {
  if (request.method !== 'GET' || request.url.startsWith('/api/')) return false;
  const accept = request.headers.accept ?? '*/*';
  if (accept.includes('text/html')) return true;
  const path = request.url.split('?')[0] ?? '';
  return accept.includes('*/*') && !/\.[a-z0-9]+$/i.test(path);
};

/** Serves the built web app, guards pages by role on the server, and falls back to the SPA for unknown paths. */
export async function webApp(app: FastifyInstance): Promise<void> {
  const root = app.config.webDistDir;
  const hasWeb = root !== null && existsSync(join(root, 'index.html'));
  if (hasWeb) {
    // preCompressed: the web build writes .br and .gz beside each asset (apps/web/vite.config.ts).
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      cacheControl: false,
      preCompressed: true,
    });
    // Hashed assets never change; everything else must revalidate so a deploy shows at once.
    app.addHook('onSend', async (request, reply) => {
      if (request.url.startsWith('/assets/'))
        reply.header('cache-control', 'public, max-age=31536000, immutable');
    });
  }

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    if (!hasWeb || !wantsHtml(request)) throw notFound('resource');
    const path = new URL(request.url, 'http://x').pathname.replace(/\/+$/, '') || '/';
    const account = await loadAccount(app, request);
    const target = pageRedirect(path, account?.role ?? null);
    if (target && target !== path) return reply.redirect(target, 302);
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
