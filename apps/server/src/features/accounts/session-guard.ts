import type { Me } from '@vidya/contracts';
import { createAuthEndpoint } from 'better-auth/api';
import { fromNodeHeaders } from 'better-auth/node';
import type { IncomingHttpHeaders } from 'node:http';
import { session as sessionTable, user } from '#src/db/schema/index.ts';
import { columnOf, params, shape, sql, statement, type RunStatement } from '#src/db/sql.ts';
import type { Auth } from '#src/plugins/auth.ts';
import { presentMe } from './accounts.presenter.ts';

/**
 * The session on every request, without better-auth's `getSession` where it can (decision 004, 013): the signed cookie
 * is verified by better-auth itself, and the session and its user are read in one prepared statement, fresh on every
 * request (a sign-out or a deleted account takes effect at once, on every server). Whatever this path cannot answer
 * alone — an expired session to clean up, a session due for its daily refresh — it leaves to better-auth.
 */

declare const sessionKey: unique symbol;
/** A verified session, as statements take it (`features/accounts/session-sql.ts`); opaque to every other feature. */
export type SessionKey = string & { readonly [sessionKey]: true };

/** The signed-in account, null when signed out, or `'ask-auth'` when better-auth must answer (see above). */
export type SessionRead = Me | null | 'ask-auth';

/** The caller of a route whose statements check the session themselves (the quiz calls). */
export interface Caller {
  /** The caller's verified session, for the `session` parameter of the accounts feature's SQL conditions. */
  readonly session: SessionKey;
  /** The whole check, as `requireAccount` makes it (401, 403), for when a statement found nothing. */
  confirm(): Promise<Me>;
  /** Whether a session that expires at `expiresAt` can be used as it is (see `SessionGuard.fresh`). */
  fresh(expiresAt: Date): Promise<boolean>;
  /** Lets better-auth see a session that expires at `expiresAt` if it must (expired, or due for its refresh). */
  confirmIfDue(expiresAt: Date): Promise<void>;
}

const p = params({ session: 'text' });
/** A session's user (`"user" u`) and when the session expires (`session s`). */
const SESSION_USER_ROW = shape('u', {
  id: user.id,
  email: user.email,
  emailVerified: user.emailVerified,
  username: user.username,
  displayUsername: user.displayUsername,
  role: user.role,
  firstName: user.firstName,
  lastName: user.lastName,
  expiresAt: columnOf('s', sessionTable.expiresAt),
});
/** The session of token `session` and its user, in one prepared statement. */
export const SESSION_USER = statement(SESSION_USER_ROW)(sql`select ${SESSION_USER_ROW.columns}
  from session s join "user" u on u.id = s.user_id where s.token = ${p.session}`);

/**
 * better-auth's own reading of its session cookie: the endpoint context's `getSignedCookie` with better-auth's
 * cookie name and secret, exactly as its `getSession` starts (no copy of the signature scheme here).
 */
const signedSessionCookie = createAuthEndpoint({ method: 'GET' }, async (ctx) =>
  ctx.getSignedCookie(ctx.context.authCookies.sessionToken.name, ctx.context.secret),
);

/** Cookie headers already verified, and their session: a signature, once checked, stays right. Bounded, oldest out. */
const VERIFIED_LIMIT = 10_000;

export class SessionGuard {
  private settings: Promise<{ expiresInMs: number; updateAgeMs: number }> | undefined;
  private readonly verified = new Map<string, SessionKey>();

  constructor(
    private readonly auth: Auth,
    private readonly run: RunStatement,
  ) {}

  private load() {
    return (this.settings ??= this.auth.$context.then((c) => ({
      expiresInMs: c.sessionConfig.expiresIn * 1000,
      updateAgeMs: c.sessionConfig.updateAge * 1000,
    })));
  }

  /**
   * The session of a request's Cookie header if better-auth verifies its signature, else null. It says nothing of
   * whether the session still exists: a statement that takes it must check that itself (`session-sql.ts`).
   */
  async token(cookieHeader: string | undefined): Promise<SessionKey | null> {
    if (!cookieHeader) return null;
    const known = this.verified.get(cookieHeader);
    if (known) return known;
    const value = await signedSessionCookie({
      headers: new Headers({ cookie: cookieHeader }),
      context: await this.auth.$context,
    } as never);
    if (typeof value !== 'string' || value === '') return null;
    const key = value as SessionKey;
    if (this.verified.size >= VERIFIED_LIMIT) this.verified.delete(this.verified.keys().next().value!);
    this.verified.set(cookieHeader, key);
    return key;
  }

  /**
   * Whether a session that expires at `expiresAt` can be used as it is: not expired (better-auth deletes it and
   * clears the cookie) and not due for better-auth's daily refresh.
   */
  async fresh(expiresAt: Date | string): Promise<boolean> {
    const settings = await this.load();
    const at = new Date(expiresAt).getTime();
    const now = Date.now();
    return at >= now && at - settings.expiresInMs + settings.updateAgeMs > now;
  }

  /** The signed-in account of a request's Cookie header, null when signed out, or `'ask-auth'` (see above). */
  async read(cookieHeader: string | undefined): Promise<SessionRead> {
    const session = await this.token(cookieHeader);
    if (!session) return null;
    const [row] = await SESSION_USER.run(this.run, { session });
    if (!row) return null;
    return (await this.fresh(row.expiresAt)) ? presentMe(row) : 'ask-auth';
  }

  /** The signed-in account of a request, or null: `read`, and better-auth's `getSession` when it must answer. */
  async account(headers: IncomingHttpHeaders): Promise<Me | null> {
    const read = await this.read(headers.cookie);
    if (read !== 'ask-auth') return read;
    const session = await this.auth.api.getSession({ headers: fromNodeHeaders(headers) });
    return session ? presentMe(session.user) : null;
  }

  /** The caller of a request with a verified session; `confirm` is the whole account check of the route. */
  caller(session: SessionKey, confirm: () => Promise<Me>): Caller {
    return {
      session,
      confirm,
      fresh: (expiresAt) => this.fresh(expiresAt),
      confirmIfDue: async (expiresAt) => {
        if (!(await this.fresh(expiresAt))) await confirm();
      },
    };
  }
}
