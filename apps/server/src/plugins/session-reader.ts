import { createHmac, timingSafeEqual } from 'node:crypto';
import { parseCookie } from 'cookie';
import type { Me } from '@vidya/contracts';
import type { RunStatement } from '#src/db/client.ts';
import { presentMe } from '#src/features/accounts/accounts.presenter.ts';
import type { Auth } from './auth.ts';

/**
 * Reads better-auth's session cookie without going through better-auth (decision 004): the signed cookie is checked
 * with the same HMAC, and the session and its user are read in one prepared statement, fresh on every request (a
 * sign-out or a deleted account takes effect at once, on every server). Whatever this path cannot answer alone —
 * an expired session to clean up, a session due for its daily refresh — it leaves to better-auth (`'ask-auth'`).
 */
export type SessionRead = Me | null | 'ask-auth';

const SESSION = `select u.id, u.email, u.email_verified as "emailVerified", u.username, u.display_username as "displayUsername",
    u.role, u.first_name as "firstName", u.last_name as "lastName", s.expires_at as "expiresAt"
  from session s join "user" u on u.id = s.user_id where s.token = $1::text`;

interface SessionUserRow {
  id: string;
  email: string;
  emailVerified: boolean;
  username: string | null;
  displayUsername: string | null;
  role: string;
  firstName: string;
  lastName: string;
  expiresAt: Date;
}

interface SessionSettings {
  cookieName: string;
  secret: string;
  expiresInMs: number;
  updateAgeMs: number;
}

/**
 * better-call strips one pair of double quotes around a value before decoding it; `cookie` keeps them. A value that
 * is not valid percent-encoding stays as it came (as in both libraries).
 */
function decodeAsBetterCall(raw: string): string {
  const value = raw.codePointAt(0) === 34 ? raw.slice(1, -1) : raw;
  if (!value.includes('%')) return value;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** One cookie's value from a Cookie header, as better-auth reads it (first occurrence wins). */
export function cookieValue(header: string, name: string): string | undefined {
  return parseCookie(header, { decode: decodeAsBetterCall })[name];
}

/** The token of a signed cookie value (`token.base64(HMAC-SHA256(token))`), or null when the signature is wrong. */
export function verifiedToken(value: string, secret: string): string | null {
  const dot = value.lastIndexOf('.');
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const signature = value.slice(dot + 1);
  if (signature.length !== 44 || !signature.endsWith('=')) return null;
  const expected = createHmac('sha256', secret).update(token).digest();
  const given = Buffer.from(signature, 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}

/** Verified cookie values and their tokens: a signature, once checked, stays right (whether the session lives is
 * asked of the database every time). Bounded; the oldest entries go first. */
const VERIFIED_LIMIT = 10_000;

export class SessionReader {
  private settings: Promise<SessionSettings> | undefined;
  private readonly verified = new Map<string, string>();

  constructor(
    private readonly auth: Auth,
    private readonly run: RunStatement,
  ) {}

  private async load(): Promise<SessionSettings> {
    const context = await this.auth.$context;
    return {
      cookieName: context.authCookies.sessionToken.name,
      secret: context.secret,
      expiresInMs: context.sessionConfig.expiresIn * 1000,
      updateAgeMs: context.sessionConfig.updateAge * 1000,
    };
  }

  /**
   * The session token of a request's Cookie header if its signature is right, else null. It says nothing of whether
   * the session still exists: a statement that reads by token must check that itself (see `fresh`).
   */
  async token(cookieHeader: string | undefined): Promise<string | null> {
    if (!cookieHeader) return null;
    const settings = await (this.settings ??= this.load());
    const value = cookieValue(cookieHeader, settings.cookieName);
    if (!value) return null;
    const known = this.verified.get(value);
    if (known) return known;
    const token = verifiedToken(value, settings.secret);
    if (!token) return null;
    if (this.verified.size >= VERIFIED_LIMIT) this.verified.delete(this.verified.keys().next().value!);
    this.verified.set(value, token);
    return token;
  }

  /**
   * Whether a session that expires at `expiresAt` can be used as it is: not expired (better-auth deletes it and
   * clears the cookie) and not due for better-auth's daily refresh.
   */
  async fresh(expiresAt: Date | string): Promise<boolean> {
    const settings = await (this.settings ??= this.load());
    const at = new Date(expiresAt).getTime();
    const now = Date.now();
    return at >= now && at - settings.expiresInMs + settings.updateAgeMs > now;
  }

  /** The signed-in account of a request's Cookie header, null when signed out, or `'ask-auth'` (see above). */
  async read(cookieHeader: string | undefined): Promise<SessionRead> {
    const token = await this.token(cookieHeader);
    if (!token) return null;
    const [row] = await this.run<SessionUserRow>(SESSION, [token]);
    if (!row) return null;
    return (await this.fresh(row.expiresAt)) ? presentMe(row) : 'ask-auth';
  }
}
