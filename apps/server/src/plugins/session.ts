import type { Me, Role } from '@vidya/contracts';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { forbidden, unauthenticated } from '#src/errors.ts';
import { presentMe } from '#src/features/accounts/accounts.presenter.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in account, once `loadAccount` has run (undefined before, null when signed out). */
    account?: Me | null;
    /** The signed session token, once `requireSessionToken` has run. */
    sessionToken?: string;
  }
}

/** Reads the session cookie and returns the signed-in account, or null. Cached on the request. */
export async function loadAccount(app: FastifyInstance, request: FastifyRequest): Promise<Me | null> {
  if (request.account !== undefined) return request.account;
  const read = await app.sessions.read(request.headers.cookie);
  if (read !== 'ask-auth') return (request.account = read);
  const session = await app.auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
  request.account = session ? presentMe(session.user) : null;
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
    const token = await app.sessions.token(request.headers.cookie);
    if (!token) throw unauthenticated();
    request.sessionToken = token;
  };
}

/** The caller of a `requireSessionToken` route: its token, and the whole check for when the statement is not enough. */
export interface SessionCaller {
  token: string;
  /**
   * Checks the account as `requireAccount` does (401, 403), for a statement that found nothing (to tell a missing
   * quiz from a missing session) or a session better-auth must see (expired, due for refresh).
   */
  confirm(): Promise<Me>;
}

export function sessionCaller(
  app: FastifyInstance,
  request: FastifyRequest,
  roles: readonly Role[],
): SessionCaller {
  if (!request.sessionToken) throw unauthenticated();
  return { token: request.sessionToken, confirm: () => checkAccount(app, request, roles) };
}

/** The account a `requireAccount` preHandler admitted. */
export function accountOf(request: FastifyRequest): Me {
  if (!request.account) throw unauthenticated();
  return request.account;
}
