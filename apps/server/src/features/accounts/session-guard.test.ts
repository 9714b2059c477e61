import { createHmac } from 'node:crypto';
import type { BetterAuthOptions } from 'better-auth';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#src/db/client.ts';
import { session, user } from '#src/db/schema/index.ts';
import { recordingRun } from '#src/testing/row-shapes.ts';
import { buildTestApp, createTestDatabase, signUpVerified } from '#src/testing/test-app.ts';
import { SESSION_USER, SessionGuard } from './session-guard.ts';

const sign = (token: string, secret: string) =>
  `${token}.${createHmac('sha256', secret).update(token).digest('base64')}`;

// The cookie is read and its signature checked by better-auth itself (`SessionGuard.token`); these pin what that
// reading accepts, as the copy it replaced was pinned (decision 004, "Guarding the copy"; decision 013).
describe('the session cookie, read by better-auth', () => {
  let database: Database;
  let app: FastifyInstance;
  let name: string;
  let secret: string;
  beforeAll(async () => {
    database = await createTestDatabase();
    app = await buildTestApp(database);
    const context = await app.auth.$context;
    name = context.authCookies.sessionToken.name;
    secret = context.secret;
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });
  const token = (header: string) => app.sessions.token(header);
  const signed = (t: string, key = secret) => encodeURIComponent(sign(t, key));

  it('finds the cookie among others, decoded, the first of two with one name winning', async () => {
    expect(await token(`a=1; ${name}=${signed('abc+def')}; b=2`)).toBe('abc+def');
    expect(await token(`${name}="${sign('quoted', secret)}"`)).toBe('quoted');
    expect(await token(`${name}=${signed('first')}; ${name}=${signed('second')}`)).toBe('first');
    expect(await token(`other=${signed('x')}`)).toBeNull();
    expect(await token(`broken;${name}=${signed('three')}`)).toBe('three');
    expect(await token(`${name}=${sign('%E0%A4%A', secret)}`)).toBe('%E0%A4%A');
  });

  it('returns the token of a correctly signed value and null for anything else', async () => {
    expect(await token(`${name}=${signed('token123')}`)).toBe('token123');
    expect(await token(`${name}=${signed('token123', 'another secret')}`)).toBeNull();
    const tampered = sign('token124', secret).replace('token124', 'token123x');
    expect(await token(`${name}=${encodeURIComponent(tampered)}`)).toBeNull();
    expect(await token(`${name}=token123`)).toBeNull();
    expect(await token(`${name}=token123.short%3D`)).toBeNull();
    expect(await token(`${name}=token123.${'A'.repeat(43)}%3D`)).toBeNull();
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

  it('reads the session and its user as the row shape declares them', async () => {
    const { cookie } = await signUpVerified(app, 'learners');
    const { run, checked } = recordingRun(database.run);
    expect(await new SessionGuard(app.auth, run).read(cookie)).toMatchObject({ role: 'learners' });
    expect(checked(SESSION_USER)).toEqual({ rows: 1, mismatches: [] });
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
