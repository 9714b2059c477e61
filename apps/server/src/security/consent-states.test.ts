import { describe, expect, it } from 'vitest';
import { app, useTestApp } from '#src/testing/test-server.ts';
import { createAccount, grantConsent, pendingChild, snapshotDatabase, type TestAccount } from './fixtures.ts';

/**
 * The authorisation matrix for a child's consent states: the same routes asked by the child, the parent the request
 * went to (who consents in the `consented` and `withdrawn` states), and a teacher, with the child pending, consented
 * and withdrawn. The main matrix (authorisation-matrix.test.ts) holds every route for a consented child.
 */
const STATES = ['pending', 'consented', 'withdrawn'] as const;
type State = (typeof STATES)[number];

interface Case {
  who: 'child' | 'parent' | 'teacher';
  method: 'GET' | 'POST' | 'DELETE';
  url: (c: Scene) => string;
  body?: (c: Scene) => object;
  /** Statuses in STATES order: pending, consented, withdrawn. */
  expect: [number, number, number];
  /** Per state, whether a success must still change no row (a neutral answer that records nothing). */
  recordsNothing?: [boolean, boolean, boolean];
}

interface Scene {
  child: TestAccount;
  parent: TestAccount;
  teacher: TestAccount;
  joinCode: string;
}

const learner = (s: Scene) => `/api/guardian/learners/${s.child.id}`;
const CASES: Case[] = [
  { who: 'child', method: 'GET', url: () => '/api/me/consent', expect: [200, 200, 401] },
  { who: 'child', method: 'GET', url: () => '/api/me/access', expect: [200, 200, 401] },
  // Quizzes are allowed while pending; nothing more.
  {
    who: 'child',
    method: 'POST',
    url: () => '/api/quizzes',
    body: () => ({ course: 'science' }),
    expect: [201, 201, 401],
  },
  {
    who: 'child',
    method: 'POST',
    url: () => '/api/tutor/conversations',
    body: () => ({}),
    expect: [403, 201, 401],
  },
  {
    who: 'child',
    method: 'POST',
    url: () => '/api/me/channels',
    body: () => ({ url: 'https://example.com/c' }),
    expect: [403, 201, 401],
  },
  {
    who: 'child',
    method: 'POST',
    url: () => '/api/classes/join',
    body: (s) => ({ code: s.joinCode }),
    expect: [403, 200, 401],
  },
  {
    who: 'child',
    method: 'POST',
    url: () => '/api/me/consent/reminders',
    body: (s) => ({ parentEmail: s.parent.person.email }),
    expect: [202, 409, 401],
  },
  // A teacher cannot ask a child who waits for consent, or whose consent was withdrawn: answered like every link
  // request (issue 20), but nothing is recorded.
  {
    who: 'teacher',
    method: 'POST',
    url: () => '/api/guardian/links',
    body: (s) => ({ username: s.child.person.username }),
    expect: [202, 202, 202],
    recordsNothing: [true, false, true],
  },
  // Consented, the child joined the teacher's class above: the teacher sees progress, never the data rights.
  { who: 'teacher', method: 'GET', url: (s) => `${learner(s)}/progress`, expect: [403, 200, 403] },
  { who: 'teacher', method: 'GET', url: (s) => `${learner(s)}/data-export`, expect: [403, 403, 403] },
  // The parent: nothing before consenting; everything while consent stands; only the download once withdrawn.
  { who: 'parent', method: 'GET', url: (s) => `${learner(s)}/progress`, expect: [403, 200, 403] },
  { who: 'parent', method: 'GET', url: (s) => `${learner(s)}/tutor/conversations`, expect: [403, 200, 403] },
  { who: 'parent', method: 'GET', url: (s) => `${learner(s)}/access`, expect: [403, 200, 200] },
  { who: 'parent', method: 'GET', url: (s) => `${learner(s)}/data-export`, expect: [403, 200, 200] },
  { who: 'parent', method: 'GET', url: () => '/api/guardian/consents', expect: [200, 200, 200] },
];
// Run last: they end the child's account or its consent.
const FINAL: Case[] = [
  {
    who: 'parent',
    method: 'POST',
    url: (s) => `${learner(s)}/consent-withdrawal`,
    body: (s) => ({ password: s.parent.person.password }),
    expect: [403, 200, 200],
  },
  {
    who: 'parent',
    method: 'DELETE',
    url: learner,
    body: (s) => ({ password: s.parent.person.password }),
    expect: [403, 200, 200],
  },
];

useTestApp();

async function scene(state: State): Promise<Scene> {
  const parent = await createAccount(app, 'parents');
  const teacher = await createAccount(app, 'instructors');
  const child = await pendingChild(app, parent.person.email);
  await child.client.post('/api/me/enrolments', { courses: ['science'] });
  const cls = await teacher.client.post('/api/classes', { name: 'Grade 6' });
  if (state !== 'pending') await grantConsent(app, parent);
  if (state === 'withdrawn') {
    const response = await parent.client.post(`/api/guardian/learners/${child.id}/consent-withdrawal`, {
      password: parent.person.password,
    });
    expect(response.statusCode).toBe(200);
  }
  return { child, parent, teacher, joinCode: cls.json<{ joinCode: string }>().joinCode };
}

describe('routes by consent state', () => {
  it.each(STATES)(
    'answers every caller as the state allows: %s',
    async (state) => {
      const index = STATES.indexOf(state);
      const s = await scene(state);
      const failures: string[] = [];
      for (const c of [...CASES, ...FINAL]) {
        const expected = c.expect[index]!;
        const isUnchanged = (expected >= 400 && c.method !== 'GET') || c.recordsNothing?.[index] === true;
        const before = isUnchanged ? await snapshotDatabase(app) : null;
        const body = c.body?.(s);
        const response = await app.inject({
          method: c.method,
          url: c.url(s),
          headers: { cookie: s[c.who].cookie },
          ...(body ? { payload: body } : {}),
        });
        const label = `${state}: ${c.method} ${c.url(s)} as ${c.who}`;
        if (response.statusCode !== expected)
          failures.push(
            `${label}: expected ${expected}, got ${response.statusCode} ${response.body.slice(0, 120)}`,
          );
        if (before && before !== (await snapshotDatabase(app)))
          failures.push(`${label}: ${expected >= 400 ? 'refused' : 'answered neutrally'} but changed rows`);
      }
      expect(failures).toEqual([]);
    },
    120_000,
  );
});
