import { CONSENT_NOTICE_VERSION, type Role } from '@vidya/contracts';
import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import * as schema from '#src/db/schema/index.ts';
import { as, answerKey } from '#src/testing/learning.ts';
import { lastMailTo, linkIn, newPerson, signUpVerified } from '#src/testing/test-app.ts';

/** A signed-up, verified, signed-in account with a request helper. */
export interface TestAccount {
  id: string;
  role: Role;
  cookie: string;
  person: ReturnType<typeof newPerson>;
  client: ReturnType<typeof as>;
}

export async function createAccount(
  app: FastifyInstance,
  role: Role,
  person = newPerson(),
): Promise<TestAccount> {
  const { cookie } = await signUpVerified(app, role, person);
  const client = as(app, cookie);
  const me = await client.get('/api/me');
  if (me.statusCode !== 200) throw new Error(`sign-in failed: ${me.body}`);
  return { id: me.json<{ id: string }>().id, role, cookie, person, client };
}

/** A month and year of birth that makes a learner `years` old now. */
export function bornYearsAgo(years: number, now = new Date()) {
  return { birthYear: now.getUTCFullYear() - years, birthMonth: 1 };
}

/** A 12-year-old who signed up giving `parentEmail`: the account waits for consent. */
export async function pendingChild(app: FastifyInstance, parentEmail: string): Promise<TestAccount> {
  return createAccount(app, 'learners', newPerson({ ...bornYearsAgo(12), parentEmail }));
}

/** The token in the newest consent mail to a parent's address. */
export async function consentToken(app: FastifyInstance, parentEmail: string): Promise<string> {
  const mail = await lastMailTo(app, parentEmail);
  if (!mail) throw new Error(`no mail to ${parentEmail}`);
  const token = new URL(linkIn(mail.text)).searchParams.get('token');
  if (!token) throw new Error(`no consent link in "${mail.subject}"`);
  return token;
}

/** The parent consents by the mailed link, as the consent page does. */
export async function grantConsent(app: FastifyInstance, parent: TestAccount): Promise<void> {
  const token = await consentToken(app, parent.person.email);
  await expectOk(
    'consent',
    await parent.client.post(`/api/consent-requests/${token}/grant`, {
      isParent: true,
      isAdult: true,
      noticeVersion: CONSENT_NOTICE_VERSION,
    }),
  );
}

/** A 12-year-old whose parent consented by the mailed link (the parent–child link is verified by it). */
export async function consentedChild(app: FastifyInstance, parent: TestAccount): Promise<TestAccount> {
  const child = await pendingChild(app, parent.person.email);
  await grantConsent(app, parent);
  return child;
}

async function expectOk(what: string, response: { statusCode: number; body: string }) {
  if (response.statusCode >= 300) throw new Error(`${what}: ${response.statusCode} ${response.body}`);
  return JSON.parse(response.body) as Record<string, unknown> & { id: string };
}

/** A guardian's link request to a learner; returns the link id, as the learner sees it (the guardian is not told). */
export async function requestLink(guardian: TestAccount, learner: TestAccount): Promise<string> {
  const body =
    guardian.role === 'parents'
      ? { username: learner.person.username, confirmed: true }
      : { username: learner.person.username };
  await expectOk('link request', await guardian.client.post('/api/guardian/links', body));
  const requests = (await learner.client.get('/api/me/link-requests')).json<
    { id: string; guardian: { username: string } }[]
  >();
  const request = requests.find((r) => r.guardian.username === guardian.person.username);
  if (!request) throw new Error('link request: the learner did not get it');
  return request.id;
}

/** A link the learner accepted (status verified); returns the link id. */
export async function verifiedLink(guardian: TestAccount, learner: TestAccount): Promise<string> {
  const linkId = await requestLink(guardian, learner);
  await expectOk('accept', await learner.client.post(`/api/me/link-requests/${linkId}/accept`));
  return linkId;
}

/** A class of the instructor the learner joined with its code (a verified link by construction). */
export async function joinedClass(instructor: TestAccount, learner: TestAccount): Promise<string> {
  const cls = await expectOk('class', await instructor.client.post('/api/classes', { name: 'Grade 5 A' }));
  await expectOk('join', await learner.client.post('/api/classes/join', { code: cls.joinCode }));
  return cls.id;
}

/** Enrols the learner, runs one quiz to the end (finished quiz, attempts, skill states, badges); returns its id. */
export async function finishedQuiz(app: FastifyInstance, learner: TestAccount, course = 'science') {
  await expectOk('enrol', await learner.client.post('/api/me/enrolments', { courses: [course] }));
  const quiz = await expectOk(
    'start',
    await learner.client.post('/api/quizzes', { course, timeZone: 'Asia/Kolkata' }),
  );
  for (let position = 0; position < (quiz.total as number); position++) {
    const question = await expectOk('next', await learner.client.post(`/api/quizzes/${quiz.id}/next`));
    const key = await answerKey(app, question as never);
    await expectOk(
      'answer',
      await learner.client.post(`/api/quizzes/${quiz.id}/answers`, {
        itemId: question.itemId,
        answer: position % 2 ? key.wrong : key.right,
      }),
    );
  }
  return quiz.id;
}

/** Every table of the schema by SQL name. */
export function allTableNames(): string[] {
  const values: unknown[] = Object.values(schema);
  return values
    .filter((value): value is PgTable => is(value, PgTable))
    .map((table) => getTableName(table))
    .sort();
}

async function rowsOf<T>(app: FastifyInstance, query: ReturnType<typeof sql>): Promise<T[]> {
  const result: unknown = await app.db.execute(query);
  return Array.isArray(result) ? (result as T[]) : (result as { rows: T[] }).rows;
}

/** Tables holding at least one row whose text contains `needle` (an id, an e-mail address), with the count. */
export async function tablesMentioning(
  app: FastifyInstance,
  needle: string,
): Promise<Record<string, number>> {
  const found: Record<string, number> = {};
  for (const name of allTableNames()) {
    const [row] = await rowsOf<{ n: number }>(
      app,
      sql`select count(*)::int as n from ${sql.identifier(name)} t where strpos(lower(t::text), lower(${needle})) > 0`,
    );
    if (row && row.n > 0) found[name] = row.n;
  }
  return found;
}

// The catalogue is large and only the seed writes it.
const SNAPSHOT_SKIP = new Set(['course', 'skill', 'passage']);

/**
 * A fingerprint of every row the API can change: per table, the row count and the sum of the rows' `xmin` (the
 * transaction that wrote each row version). An insert, update or delete changes it; reading it costs no more
 * than counting, so the fuzzer can take one after every request.
 */
export async function snapshotDatabase(app: FastifyInstance): Promise<string> {
  const names = allTableNames().filter((name) => !SNAPSHOT_SKIP.has(name));
  const parts = names.map(
    (name) =>
      sql`select ${name} as t, count(*)::text || ':' || coalesce(sum(x.xmin::text::bigint), 0)::text as h from ${sql.identifier(name)} x`,
  );
  const rows = await rowsOf<{ t: string; h: string }>(app, sql.join(parts, sql` union all `));
  return rows.map((r) => `${r.t}:${r.h}`).join(',');
}
