import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { parseCookie } from 'cookie';
import { OAuth2Server } from 'oauth2-mock-server';
import { decodeIdentity, identityClaims, OIDC_IDENTITY_COOKIE, type OidcIdentity } from './oidc-identity.ts';

const CLAIM_NAMES = ['sub', 'email', 'email_verified', 'given_name', 'family_name', 'name'];

function cookieValue(request: IncomingMessage, name: string): string | undefined {
  return parseCookie(request.headers.cookie ?? '')[name];
}

/** A fresh identity for an authorize request that chose none, so two such sign-ins never collide. */
function anonymousIdentity(): OidcIdentity {
  return { email: `sso.${randomBytes(5).toString('hex')}@example.com`, givenName: 'Sam', familyName: 'Sso' };
}

function bearerClaims(request: IncomingMessage): Record<string, unknown> | null {
  const token = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
  } catch {
    return null;
  }
}

export interface MockOidc {
  issuer: string;
  discoveryUrl: string;
  clientId: string;
  clientSecret: string;
  stop(): Promise<void>;
}

/**
 * Starts oauth2-mock-server on a random port of 127.0.0.1. The identity comes from the browser's cookie at the
 * authorize step, is remembered against the one-time code, and is written into the ID token, the access token and
 * the userinfo answer.
 */
export async function startMockOidc(): Promise<MockOidc> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  const byCode = new Map<string, OidcIdentity>();

  server.service.on('beforeAuthorizeRedirect', ({ url }: { url: URL }, request: IncomingMessage) => {
    const code = url.searchParams.get('code');
    if (!code) return;
    const chosen = cookieValue(request, OIDC_IDENTITY_COOKIE);
    byCode.set(code, (chosen && decodeIdentity(chosen)) || anonymousIdentity());
  });
  server.service.on(
    'beforeTokenSigning',
    (token: { payload: Record<string, unknown> }, request: { body?: { code?: string } }) => {
      const code = request.body?.code;
      const identity = code ? byCode.get(code) : undefined;
      if (identity) Object.assign(token.payload, identityClaims(identity));
    },
  );
  server.service.on('beforeResponse', (_response: unknown, request: { body?: { code?: string } }) => {
    if (request.body?.code) byCode.delete(request.body.code);
  });
  server.service.on(
    'beforeUserinfo',
    (response: { body: Record<string, unknown> | '' }, request: IncomingMessage) => {
      const claims = bearerClaims(request);
      if (!claims || typeof response.body !== 'object') return;
      for (const name of CLAIM_NAMES) if (name in claims) response.body[name] = claims[name];
    },
  );

  await server.start(0, '127.0.0.1');
  // It would name itself http://localhost:PORT; keep one host for the browser, the server and the cookie.
  server.issuer.url = `http://127.0.0.1:${server.address().port}`;
  const issuer = server.issuer.url;
  return {
    issuer,
    discoveryUrl: `${issuer}/.well-known/openid-configuration`,
    clientId: 'vidya-e2e',
    clientSecret: randomBytes(16).toString('hex'),
    stop: () => server.stop(),
  };
}
