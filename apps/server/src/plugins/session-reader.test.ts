import { createHmac } from 'node:crypto';
import type { BetterAuthOptions } from 'better-auth';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#src/db/client.ts';
import { session, user } from '#src/db/schema/index.ts';
import { buildTestApp, createTestDatabase, signUpVerified } from '#src/testing/test-app.ts';
import { cookieValue, verifiedToken } from './session-reader.ts';

const sign = (token: string, secret: string) =>
  `${token}.${createHmac('sha256', secret).update(token).digest('base64')}`;

describe('cookieValue', () => {
  it('finds a cookie among others, decoded, the first of two with one name winning', () => {
    expect(cookieValue('a=1; vidya.session_token=abc%2Bdef; b=2', 'vidya.session_token')).toBe('abc+def');
    expect(cookieValue('vidya.session_token="quoted"', 'vidya.session_token')).toBe('quoted');
    expect(cookieValue('x=1; x=2', 'x')).toBe('1');
    expect(cookieValue('other=1', 'x')).toBeUndefined();
    expect(cookieValue('broken;x=3', 'x')).toBe('3');
    expect(cookieValue('x=%E0%A4%A', 'x')).toBe('%E0%A4%A');
  });
});

describe('verifiedToken', () => {
  it('returns the token of a correctly signed value and null for anything else', () => {
    const signed = sign('token123', 'secret');
    expect(verifiedToken(signed, 'secret')).toBe('token123');
    expect(verifiedToken(signed, 'another secret')).toBeNull();
    expect(verifiedToken(sign('token124', 'secret').replace('token124', 'token123x'), 'secret')).toBeNull();
    expect(verifiedToken('token123', 'secret')).toBeNull();
    expect(verifiedToken('token123.short=', 'secret')).toBeNull();
    expect(verifiedToken(`token123.${'A'.repeat(43)}=`, 'secret')).toBeNull();
  });
});

describe('the session on every request', () => {
  let database: Database;
  let app: FastifyInstance;
  beforeAll(async () => {
    database = await createTestDatabase();
    app = await buildTestApp(database);
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const me = (cookie: string) =>
    app.inject({ method: 'GET', url: '/api/me/enrolments', headers: { cookie } });
  const tokenOf = (cookie: string) =>
    decodeURIComponent(/session_token=([^;]+)/.exec(cookie)![1]!).split('.')[0]!;

  // decision 004 and docs/decisions/004-quiz-hot-path.md, "Guarding the copy": the reader copies better-auth's
  // cookie check and reads its `session` table. These two tests fail when an upgrade or an option breaks that.
  it('finds better-auth set up as the copy expects: sessions in the database, no cookie cache', async () => {
    // Read as better-auth's general options type: ours, inferred from the literal, has neither field at all.
    const options: BetterAuthOptions = (await app.auth.$context).options;
    // secondaryStorage moves sessions out of the table the reader's statement reads; cookieCache lets better-auth
    // answer from a cache cookie the reader never looks at, so the two would disagree about a session that ended.
    expect(options.secondaryStorage).toBeUndefined();
    expect(options.session?.cookieCache?.enabled ?? false).toBe(false);
  });

  it('reads a session that better-auth itself signed in, as better-auth reads it', async () => {
    const { person } = await signUpVerified(app, 'instructors');
    const signIn = await app.auth.api.signInEmail({
      body: { email: person.email, password: person.password },
      asResponse: true,
    });
    expect(signIn.status).toBe(200);
    const setCookies = signIn.headers.getSetCookie();
    expect(setCookies.some((c) => /session_data=/.test(c))).toBe(false);
    const cookie = setCookies.map((c) => c.split(';')[0]).join('; ');

    const ours = await app.sessions.read(cookie);
    const theirs = await app.auth.api.getSession({ headers: new Headers({ cookie }) });
    expect(theirs).not.toBeNull();
    expect(ours).toMatchObject({
      id: theirs!.user.id,
      email: person.email,
      username: person.username,
      firstName: person.firstName,
      role: 'instructors',
    });
    expect(await app.sessions.token(cookie)).toBe(theirs!.session.token);

    await app.auth.api.signOut({ headers: new Headers({ cookie }) });
    expect(await app.sessions.read(cookie)).toBeNull();
  });

  it('admits a signed-in learner and refuses a tampered cookie', async () => {
    const { cookie } = await signUpVerified(app, 'learners');
    expect((await me(cookie)).statusCode).toBe(200);
    const tampered = cookie.replace(/session_token=([^.;]+)/, 'session_token=$1x');
    expect((await me(tampered)).statusCode).toBe(401);
  });

  it('refuses a session at once after sign-out, and after the account is gone', async () => {
    const first = await signUpVerified(app, 'learners');
    expect((await me(first.cookie)).statusCode).toBe(200);
    await app.inject({ method: 'DELETE', url: '/api/session', headers: { cookie: first.cookie } });
    expect((await me(first.cookie)).statusCode).toBe(401);

    const second = await signUpVerified(app, 'learners');
    expect((await me(second.cookie)).statusCode).toBe(200);
    await app.db.delete(user).where(eq(user.email, second.person.email));
    expect((await me(second.cookie)).statusCode).toBe(401);
  });

  it('refuses an expired session and deletes it', async () => {
    const { cookie } = await signUpVerified(app, 'learners');
    const token = tokenOf(cookie);
    await app.db
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(session.token, token));
    expect((await me(cookie)).statusCode).toBe(401);
    expect(await app.db.select().from(session).where(eq(session.token, token))).toEqual([]);
  });

  it('leaves the daily refresh to better-auth: a session older than a day gets a new expiry', async () => {
    const { cookie } = await signUpVerified(app, 'learners');
    const token = tokenOf(cookie);
    const twoDaysUsed = new Date(Date.now() + 5 * 24 * 60 * 60 * 1000);
    await app.db.update(session).set({ expiresAt: twoDaysUsed }).where(eq(session.token, token));
    expect((await me(cookie)).statusCode).toBe(200);
    const [row] = await app.db.select().from(session).where(eq(session.token, token));
    expect(row!.expiresAt.getTime()).toBeGreaterThan(twoDaysUsed.getTime() + 24 * 60 * 60 * 1000);
  });
});
