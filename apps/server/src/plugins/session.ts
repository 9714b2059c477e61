import type { Me, Role } from '@vidya/contracts';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { forbidden, unauthenticated } from '#src/errors.ts';

// The session itself is read by the accounts feature's SessionGuard (`app.sessions`): these are the route checks.

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in account, once `loadAccount` has run (undefined before, null when signed out). */
    account?: Me | null;
    /** The verified session, once `requireSessionToken` has run (opaque: only statements take it). */
    sessionKey?: NonNullable<Awaited<ReturnType<FastifyInstance['sessions']['token']>>>;
  }
}

/** Reads the session cookie and returns the signed-in account, or null. Cached on the request. */
export async function loadAccount(app: FastifyInstance, request: FastifyRequest): Promise<Me | null> {
  if (request.account !== undefined) return request.account;
  request.account = await app.sessions.account(request.headers);
  return request.account;
}

/** Lets through only signed-in accounts, of one of `roles` when given (401, else 403). */
async function checkAccount(app: FastifyInstance, request: FastifyRequest, roles?: readonly Role[]) {
  const account = await loadAccount(app, request);
  if (!account) throw unauthenticated();
  if (roles && !roles.includes(account.role)) throw forbidden();
  return account;
}

/** A preHandler that lets through only signed-in accounts, of one of `roles` when given (401, else 403). */
export function requireAccount(app: FastifyInstance, roles?: readonly Role[]): preHandlerAsyncHookHandler {
  return async (request) => {
    await checkAccount(app, request, roles);
  };
}

/**
 * A preHandler for routes whose statements check the session themselves, in the same read as their data (the quiz
 * calls): here only the cookie's signature is checked (401 without a signed cookie).
 */
export function requireSessionToken(app: FastifyInstance): preHandlerAsyncHookHandler {
  return async (request) => {
    const key = await app.sessions.token(request.headers.cookie);
    if (!key) throw unauthenticated();
    request.sessionKey = key;
  };
}

/** The caller of a `requireSessionToken` route (the accounts feature's `Caller`), checked for `roles` when it must be. */
export function sessionCaller(app: FastifyInstance, request: FastifyRequest, roles: readonly Role[]) {
  if (!request.sessionKey) throw unauthenticated();
  return app.sessions.caller(request.sessionKey, () => checkAccount(app, request, roles));
}

/** The account a `requireAccount` preHandler admitted. */
export function accountOf(request: FastifyRequest): Me {
  if (!request.account) throw unauthenticated();
  return request.account;
}
