import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '#src/errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

// OAuth providers may answer with a cross-site POST (response_mode=form_post); state and PKCE protect these.
const EXEMPT_PATHS = [/^\/api\/auth\/callback\/[a-z0-9-]+$/, /^\/api\/auth\/oauth2\/callback\/[a-z0-9-]+$/];

export const crossSiteRequest = () =>
  new AppError(403, 'cross_site_request', 'This request came from another site and was refused.');

function headerOf(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** Whether an origin (scheme://host[:port]) is this app's: the public URL, or the host the request was sent to. */
export function isOwnOrigin(origin: string, request: FastifyRequest, publicOrigin: string): boolean {
  if (origin === publicOrigin) return true;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  // The browser sets both Origin (the page) and Host (the target); a page cannot forge either.
  return url.host === request.host && url.protocol === `${request.protocol}:`;
}

/**
 * Why a state-changing request must be refused as cross-site, or null to let it through. Browsers send `Origin`
 * on every non-GET fetch and form post, and `Sec-Fetch-Site` on secure origins (https, localhost); a request
 * carrying neither comes from a non-browser client (curl, server-to-server, app.inject), which cannot ride on a
 * victim's cookies. Those pass, and SameSite=Lax cookies stay as a second line.
 */
export function crossSiteReason(request: FastifyRequest, publicOrigin: string): string | null {
  if (SAFE_METHODS.has(request.method)) return null;
  const path = request.url.split('?')[0] ?? '';
  if (EXEMPT_PATHS.some((pattern) => pattern.test(path))) return null;
  const origin = headerOf(request, 'origin');
  if (origin !== undefined) return isOwnOrigin(origin, request, publicOrigin) ? null : 'origin';
  const site = headerOf(request, 'sec-fetch-site');
  if (site !== undefined) return site === 'same-origin' || site === 'none' ? null : 'sec-fetch-site';
  const referer = headerOf(request, 'referer');
  if (referer !== undefined) {
    let refererOrigin: string;
    try {
      refererOrigin = new URL(referer).origin;
    } catch {
      return 'referer';
    }
    return isOwnOrigin(refererOrigin, request, publicOrigin) ? null : 'referer';
  }
  return null;
}

/** Refuses state-changing requests from other sites with 403 `cross_site_request` (CSRF defence). */
export function sameOriginGuard(app: FastifyInstance): void {
  const publicOrigin = new URL(app.config.publicUrl).origin;
  app.addHook('onRequest', async (request) => {
    const reason = crossSiteReason(request, publicOrigin);
    if (reason) {
      request.log.warn({ reason, origin: request.headers.origin }, 'cross-site request refused');
      throw crossSiteRequest();
    }
  });
}
