import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Role } from '@vidya/contracts';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { buildApp, type BuildOptions } from '#src/app.ts';
import { loadConfig, serverRoot } from '#src/config.ts';
import { createDatabase, type Database } from '#src/db/client.ts';
import { mailOutbox } from '#src/db/schema/index.ts';

export const TEST_ORIGIN = 'http://localhost:3000';

/** The PostgreSQL server this test run uses (the server-pg project), or undefined when it runs on PGlite. */
export const testPostgresUrl = (): string | undefined =>
  process.env.TEST_DB === 'pg' ? process.env.DATABASE_URL : undefined;

/** A fresh, migrated database for one test file: PGlite in memory, or a throw-away PostgreSQL database. */
export async function createTestDatabase(): Promise<Database> {
  const migrations = join(serverRoot(), 'drizzle');
  const url = testPostgresUrl();
  if (url) {
    const name = `vidya_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const target = new URL(url);
    target.pathname = `/${name}`;
    const database = await createDatabase({ kind: 'postgres', url: target.toString() });
    await database.migrate(migrations);
    return {
      ...database,
      close: async () => {
        await database.close();
        const dropper = new pg.Client({ connectionString: url });
        await dropper.connect();
        await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await dropper.end();
      },
    };
  }
  const database = await createDatabase({ kind: 'pglite', dataDir: null });
  await database.migrate(migrations);
  return database;
}

/** A web dist folder with a marker index.html, for page-guard tests without a real build. */
export function fakeWebDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'vidya-web-'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Vidya</title><div id="root">spa</div>');
  return dir;
}

/** Builds the app on a test database with test configuration; `env` overrides variables. */
export async function buildTestApp(
  database: Database,
  env: Record<string, string> = {},
  options: Omit<BuildOptions, 'database'> = {},
): Promise<FastifyInstance> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: TEST_ORIGIN,
    AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
    WEB_DIST_DIR: join(tmpdir(), 'vidya-no-web'),
    RATE_LIMIT_IP_MULTIPLIER: '100',
    // Tests run the jobs themselves, at the time they choose (runDueJobs(app, now)).
    JOBS_INTERVAL_SECONDS: '0',
    // Nor does the model-fit check wake up by itself in a long test file (it takes a lease row); tests that
    // watch it set their own interval.
    MODEL_FIT_CHECK_SECONDS: '86400',
    // The offline tutor's pause between chunks only paces the stream a person reads: tests get the same chunks at
    // once (the 200-a-day and adversarial tutor tests take about 6 s each instead of 21–27 s).
    TUTOR_OFFLINE_CHUNK_MS: '0',
    ...env,
  });
  const app = await buildApp(config, { ...options, database });
  await app.ready();
  return app;
}

/** Session cookies from a response, as a Cookie header value. */
export function cookieHeader(response: LightMyRequestResponse): string {
  const raw = response.headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : raw ? [raw] : [];
  return list.map((c) => c.split(';')[0]).join('; ');
}

/** The newest mail sent to an address through the development outbox. */
export async function lastMailTo(app: FastifyInstance, to: string) {
  const [mail] = await app.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, to.toLowerCase()))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  return mail;
}

/** The first link in a mail's text. */
export function linkIn(text: string): string {
  const match = /https?:\/\/\S+/.exec(text);
  if (!match) throw new Error('no link in mail');
  return match[0];
}

let counter = 0;
/** Sign-up form values that are unique within the run. */
export function newPerson(
  overrides: Partial<Record<'firstName' | 'lastName' | 'email' | 'username' | 'password', string>> &
    Partial<{ birthYear: number; birthMonth: number; parentEmail: string }> = {},
) {
  counter += 1;
  const tag = `${Date.now().toString(36)}${counter}`;
  return {
    firstName: 'Meera',
    lastName: 'Iyer',
    email: `meera.${tag}@example.com`,
    username: `meera_${tag}`,
    password: 'correct-horse-9',
    // An adult's month and year of birth: a learner signs up without a parent (teachers and parents ignore it).
    birthYear: 1990,
    birthMonth: 6,
    ...overrides,
  };
}

/**
 * Signs up with a role, follows the verification link, chooses the password on the page it leads to (the sign-up
 * password no longer works after verification) and signs in; returns the signed-in cookie.
 */
export async function signUpVerified(app: FastifyInstance, role: Role, person = newPerson()) {
  const signUp = await app.inject({ method: 'POST', url: `/api/accounts/${role}`, payload: person });
  if (signUp.statusCode !== 201) throw new Error(`sign-up failed: ${signUp.body}`);
  const mail = await lastMailTo(app, person.email);
  const verify = await app.inject({ method: 'GET', url: linkIn(mail!.text).replace(TEST_ORIGIN, '') });
  const token = new URL(verify.headers.location ?? '/', TEST_ORIGIN).searchParams.get('token');
  if (verify.statusCode !== 302 || !token) throw new Error(`verification failed: ${verify.statusCode}`);
  const chosen = await app.inject({
    method: 'POST',
    url: '/api/password',
    payload: { token, password: person.password },
  });
  if (chosen.statusCode !== 200) throw new Error(`choosing the password failed: ${chosen.body}`);
  const login = await app.inject({
    method: 'POST',
    url: '/api/session',
    payload: { email: person.email, password: person.password },
  });
  if (login.statusCode !== 200) throw new Error(`sign-in failed: ${login.body}`);
  return { person, cookie: cookieHeader(login), verify };
}
