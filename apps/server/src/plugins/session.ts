import type { Me, Role } from '@vidya/contracts';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { forbidden, unauthenticated } from '#src/errors.ts';
import { presentMe } from '#src/features/accounts/accounts.presenter.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in account, once `loadAccount` has run (undefined before, null when signed out). */
    account?: Me | null;
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

/** A preHandler that lets through only signed-in accounts, of one of `roles` when given (401, else 403). */
export function requireAccount(app: FastifyInstance, roles?: readonly Role[]): preHandlerAsyncHookHandler {
  return async (request) => {
    const account = await loadAccount(app, request);
    if (!account) throw unauthenticated();
    if (roles && !roles.includes(account.role)) throw forbidden();
  };
}

/** The account a `requireAccount` preHandler admitted. */
export function accountOf(request: FastifyRequest): Me {
  if (!request.account) throw unauthenticated();
  return request.account;
}
