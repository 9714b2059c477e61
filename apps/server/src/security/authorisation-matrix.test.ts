import { CONSENT_NOTICE_VERSION, fillPath } from '@vidya/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPerson } from '#src/testing/test-app.ts';
import { ACTORS, buildWorld, type Actor, type World } from './authorisation-world.ts';
import { snapshotDatabase } from './fixtures.ts';
import { app, useTestApp } from '#src/testing/test-server.ts';

/**
 * The authorisation matrix: every route the app registers × every kind of caller, with the status each must get.
 * The route list comes from the app itself (`app.routeTable`, filled by an onRoute hook), so a new route without a
 * rule here fails the first test. HEAD routes Fastify adds for GETs are held to their GET's rule.
 */
interface Rule {
  /** Statuses in ACTORS order: signed out, learner, other learner, instructor verified/unverified/unlinked,
   * parent verified/unverified/unlinked. */
  expect: string;
  params?: (w: World) => Record<string, string>;
  body?: (w: World) => unknown;
  query?: string;
  /** An allowed call changes the world for the rules after it (deletes an account, a session, a link): rebuild the
   * world once the rule is done. Allowed callers of one rule never depend on each other. */
  destructive?: boolean;
}

const learnerParams = (w: World) => ({ learnerId: w.accounts.learner.id });
/** Every account of the world signed up with this password (newPerson). */
const PASSWORD = newPerson().password;
const quiz = (w: World) => ({ quizId: w.quizId });
const link = (key: keyof World['linkOf']) => (w: World) => ({ linkId: w.linkOf[key] });
const conversation = (w: World) => ({ conversationId: w.conversationId });
const wildcard = (value: string) => () => ({ '*': value });

//                                                       out  L    L2   IV   IU   IX   PV   PU   PX
const PUBLIC = (status: number) => ({ expect: Array(9).fill(status).join(' ') });
const RULES: Record<string, Rule> = {
  // Documents, health and the development outbox: public.
  'GET /api/docs': PUBLIC(200),
  'GET /api/docs/': PUBLIC(200),
  'GET /api/docs/static/index.html': PUBLIC(302),
  'GET /api/docs/static/swagger-initializer.js': PUBLIC(200),
  'GET /api/docs/json': PUBLIC(200),
  'GET /api/docs/yaml': PUBLIC(200),
  'GET /api/docs/static/*': { ...PUBLIC(200), params: wildcard('swagger-ui.css') },
  'GET /api/openapi.json': PUBLIC(200),
  'GET /healthz': PUBLIC(200),
  'GET /readyz': PUBLIC(200),
  'GET /dev/mail': PUBLIC(200),
  'GET /dev/mail/messages': PUBLIC(200),
  // Runs the due jobs now (nothing in the world is due); development only, like the outbox.
  'POST /dev/jobs/run': PUBLIC(200),
  // better-auth: only the allow-listed paths answer; its own sign-in endpoints are not reachable.
  'GET /api/auth/*': { ...PUBLIC(200), params: wildcard('get-session') },
  // The verification link: a forged token leads every caller to the page that says the link is bad.
  'GET /api/auth/verify-email': { ...PUBLIC(302), query: 'token=not-a-token' },
  'HEAD /api/auth/*': { ...PUBLIC(404), params: wildcard('get-session') },
  'POST /api/auth/*': { ...PUBLIC(404), params: wildcard('sign-in/email'), body: () => ({}) },
  // Accounts and sessions: open to everyone; they act on the credentials sent, not on the caller.
  'POST /api/accounts/:role': {
    ...PUBLIC(201),
    params: () => ({ role: 'learners' }),
    body: () => newPerson(),
  },
  'POST /api/session': {
    ...PUBLIC(200),
    body: (w) => ({
      email: w.accounts.otherLearner.person.email,
      password: w.accounts.otherLearner.person.password,
    }),
  },
  'DELETE /api/session': { ...PUBLIC(200), destructive: true },
  'GET /api/session': PUBLIC(200),
  'POST /api/accounts/verification': { ...PUBLIC(202), body: () => ({ email: newPerson().email }) },
  'POST /api/password/reset-requests': { ...PUBLIC(202), body: () => ({ email: newPerson().email }) },
  'POST /api/password': {
    ...PUBLIC(400),
    body: () => ({ token: 'not-a-token', password: 'new-password-9' }),
  },
  'GET /api/auth-providers': PUBLIC(200),
  'POST /api/session/social': { ...PUBLIC(400), body: () => ({ provider: 'google', role: 'learners' }) },
  'GET /api/courses': PUBLIC(200),
  'GET /api/me': { expect: '401 200 200 200 200 200 200 200 200' },

  // The learner's own data: learners only, each their own.
  'GET /api/me/enrolments': { expect: '401 200 200 403 403 403 403 403 403' },
  'POST /api/me/enrolments': {
    expect: '401 201 201 403 403 403 403 403 403',
    body: () => ({ courses: ['english'] }),
  },
  'DELETE /api/me/enrolments/:course': {
    expect: '401 200 200 403 403 403 403 403 403',
    params: () => ({ course: 'science' }),
    destructive: true,
  },
  'GET /api/me/stats': { expect: '401 200 200 403 403 403 403 403 403' },
  'GET /api/me/progress': { expect: '401 200 200 403 403 403 403 403 403', query: 'period=30d' },
  'GET /api/me/badges': { expect: '401 200 200 403 403 403 403 403 403' },
  'GET /api/me/link-requests': { expect: '401 200 200 403 403 403 403 403 403' },
  'GET /api/me/channels': { expect: '401 200 200 403 403 403 403 403 403' },
  'POST /api/me/channels': {
    expect: '401 201 201 403 403 403 403 403 403',
    body: () => ({ url: 'https://example.com/new' }),
  },
  // The other learner is not enrolled in science: their start is refused as not_enrolled.
  'POST /api/quizzes': { expect: '401 201 403 403 403 403 403 403 403', body: () => ({ course: 'science' }) },

  // Addressed by id: only the owner; another learner gets 404, as if it did not exist.
  'POST /api/quizzes/:quizId/next': { expect: '401 200 404 403 403 403 403 403 403', params: quiz },
  'POST /api/quizzes/:quizId/answers': {
    expect: '401 200 404 403 403 403 403 403 403',
    params: quiz,
    body: (w) => ({ itemId: w.itemId, answer: '0' }),
    destructive: true,
  },
  'GET /api/quizzes/:quizId': { expect: '401 200 404 403 403 403 403 403 403', params: quiz },
  'POST /api/me/link-requests/:linkId/accept': {
    expect: '401 200 404 403 403 403 403 403 403',
    params: link('parentUnverified'),
    destructive: true,
  },
  'POST /api/me/link-requests/:linkId/decline': {
    expect: '401 200 404 403 403 403 403 403 403',
    params: link('parentUnverified'),
    destructive: true,
  },
  // The teacher's link: the consenting parent's stays while consent stands (409 for the learner, see consent tests).
  'DELETE /api/me/links/:linkId': {
    expect: '401 200 404 403 403 403 403 403 403',
    params: link('instructorVerified'),
    destructive: true,
  },
  'POST /api/me/link-requests/:linkId/block': {
    expect: '401 200 404 403 403 403 403 403 403',
    params: link('parentUnverified'),
    destructive: true,
  },
  'GET /api/me/blocked-guardians': { expect: '401 200 200 403 403 403 403 403 403' },
  'DELETE /api/me/blocked-guardians/:blockId': {
    expect: '401 200 404 403 403 403 403 403 403',
    params: (w) => ({ blockId: w.blockId }),
    destructive: true,
  },
  'DELETE /api/me/channels/:channelId': {
    expect: '401 200 404 403 403 403 403 403 403',
    params: (w) => ({ channelId: w.channelId }),
    destructive: true,
  },
  'POST /api/classes/join': {
    expect: '401 200 200 403 403 403 403 403 403',
    body: (w) => ({ code: w.joinCode }),
  },

  // Teachers and parents.
  'POST /api/guardian/links': {
    expect: '401 403 403 202 202 202 202 202 202',
    body: (w) => ({ username: w.accounts.learner.person.username, confirmed: true }),
    destructive: true,
  },
  'GET /api/guardian/learners': { expect: '401 403 403 200 200 200 200 200 200' },
  'DELETE /api/guardian/links/:linkId': {
    expect: '401 403 403 404 404 404 200 404 404',
    params: link('parentVerified'),
    destructive: true,
  },
  'GET /api/guardian/learners/:learnerId/progress': {
    expect: '401 403 403 200 403 403 200 403 403',
    params: learnerParams,
  },
  'POST /api/classes': { expect: '401 403 403 201 201 201 403 403 403', body: () => ({ name: 'Grade 6 B' }) },
  'GET /api/classes': { expect: '401 403 403 200 200 200 403 403 403' },
  'GET /api/classes/:classId': {
    expect: '401 403 403 200 404 404 403 403 403',
    params: (w) => ({ classId: w.classId }),
  },

  // Every account's own data rights, each for itself: the account comes from the session, never from the path.
  // Each allowed caller deletes only itself, so none depends on another; the world is rebuilt with new accounts.
  'GET /api/me/data-export': { expect: '401 200 200 200 200 200 200 200 200' },
  'DELETE /api/me/account': { expect: '401 200 200 200 200 200 200 200 200', destructive: true },

  // Data rights over a child: the consenting parent only (a teacher's link never carries them; nor does a parent's
  // link made by a username request: see data-rights.test.ts). Deleting asks for the password again.
  'GET /api/guardian/learners/:learnerId/data-export': {
    expect: '401 403 403 403 403 403 200 403 403',
    params: learnerParams,
  },
  'DELETE /api/guardian/learners/:learnerId': {
    expect: '401 403 403 403 403 403 200 403 403',
    params: learnerParams,
    body: () => ({ password: PASSWORD }),
    destructive: true,
  },

  // Consent (the world's learner is a child whose parent `parentVerified` consented; pending and withdrawn children
  // are in consent-states.test.ts). The learner's own state, and the requests that only a pending learner may send.
  'GET /api/me/consent': { expect: '401 200 200 403 403 403 403 403 403' },
  'POST /api/me/consent/reminders': {
    expect: '401 409 409 403 403 403 403 403 403',
    body: () => ({ parentEmail: newPerson().email }),
  },
  'POST /api/me/age': {
    expect: '401 409 409 403 403 403 403 403 403',
    body: () => ({ birthYear: 1990, birthMonth: 6 }),
  },
  // The mailed link: anyone holding it sees whose request it is; only a parent consents (the one who did: 201 again).
  'GET /api/consent-requests/:token': { ...PUBLIC(200), params: (w) => ({ token: w.consentToken }) },
  'POST /api/consent-requests/:token/grant': {
    expect: '401 403 403 403 403 403 201 409 409',
    params: (w) => ({ token: w.consentToken }),
    body: () => ({ isParent: true, isAdult: true, noticeVersion: CONSENT_NOTICE_VERSION }),
  },
  'POST /api/guardian/children': {
    expect: '401 403 403 403 403 403 201 201 201',
    body: () => {
      const child = newPerson();
      return {
        firstName: child.firstName,
        lastName: child.lastName,
        email: child.email,
        username: child.username,
        birthYear: new Date().getUTCFullYear() - 10,
        birthMonth: 1,
        isParent: true,
        isAdult: true,
        noticeVersion: CONSENT_NOTICE_VERSION,
      };
    },
  },
  'GET /api/guardian/consents': { expect: '401 403 403 403 403 403 200 200 200' },
  'POST /api/guardian/learners/:learnerId/consent-withdrawal': {
    expect: '401 403 403 403 403 403 200 403 403',
    params: learnerParams,
    body: () => ({ password: PASSWORD }),
    destructive: true,
  },

  // Who can see my learning: the learner's page, the consenting parent's same view and removals.
  'GET /api/me/access': { expect: '401 200 200 403 403 403 403 403 403' },
  'GET /api/guardian/learners/:learnerId/access': {
    expect: '401 403 403 403 403 403 200 403 403',
    params: learnerParams,
  },
  'DELETE /api/guardian/learners/:learnerId/links/:linkId': {
    expect: '401 403 403 403 403 403 200 403 403',
    params: (w) => ({ ...learnerParams(w), ...link('instructorVerified')(w) }),
    destructive: true,
  },
  // Safety alerts: every teacher and parent has a list (only their children's and class members' alerts in it).
  'GET /api/guardian/safety-alerts': { expect: '401 403 403 200 200 200 200 200 200' },

  // The tutor: the learner's own conversations; a verified parent reads them.
  'GET /api/tutor/engine': { expect: '401 200 200 403 403 403 403 403 403' },
  'GET /api/tutor/conversations': { expect: '401 200 200 403 403 403 403 403 403' },
  'POST /api/tutor/conversations': { expect: '401 201 201 403 403 403 403 403 403', body: () => ({}) },
  'GET /api/tutor/conversations/:conversationId': {
    expect: '401 200 404 403 403 403 403 403 403',
    params: conversation,
  },
  'POST /api/tutor/conversations/:conversationId/messages': {
    expect: '401 200 404 403 403 403 403 403 403',
    params: conversation,
    body: () => ({ text: 'What is 2 + 3?' }),
  },
  // Nothing unanswered to retry: the owner gets 409, everyone else what they get for any conversation.
  'POST /api/tutor/conversations/:conversationId/retry': {
    expect: '401 409 404 403 403 403 403 403 403',
    params: conversation,
  },
  'GET /api/guardian/learners/:learnerId/tutor/conversations': {
    expect: '401 403 403 403 403 403 200 403 403',
    params: learnerParams,
  },
  'GET /api/guardian/learners/:learnerId/tutor/conversations/:conversationId': {
    expect: '401 403 403 403 403 403 200 403 403',
    params: (w) => ({ ...learnerParams(w), ...conversation(w) }),
  },
};

const SAFE = new Set(['GET', 'HEAD']);

useTestApp();
let world: World;
let cases = 0;

beforeAll(async () => {
  world = await buildWorld(app);
});
afterAll(async () => {
  console.log(`authorisation matrix: ${cases} requests checked`);
});

/** The rule a route is held to (HEAD falls back to its GET's unless it has its own). */
const ruleKey = (method: string, url: string) =>
  method === 'HEAD' && !(`HEAD ${url}` in RULES) ? `GET ${url}` : `${method} ${url}`;

function routes(): { method: string; url: string }[] {
  const seen = new Set<string>();
  return app.routeTable
    .filter((r) => r.method !== 'OPTIONS')
    .filter((r) => {
      const key = `${r.method} ${r.url}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

function fill(url: string, params: Record<string, string>): string {
  const withWildcard = url.endsWith('*') ? url.slice(0, -1) + (params['*'] ?? '') : url;
  return fillPath(withWildcard, params);
}

async function call(method: string, url: string, rule: Rule, actor: Actor) {
  const path = fill(url, rule.params?.(world) ?? {});
  const cookie = actor === 'signedOut' ? undefined : world.accounts[actor].cookie;
  const body = rule.body?.(world);
  cases += 1;
  return app.inject({
    method: method as 'GET',
    url: rule.query ? `${path}?${rule.query}` : path,
    headers: cookie ? { cookie } : {},
    ...(body === undefined ? {} : { payload: body as object }),
  });
}

describe('authorisation matrix', () => {
  it('has a rule for every registered route, and no rule for a route that does not exist', () => {
    const keys = new Set(routes().map((r) => ruleKey(r.method, r.url)));
    const missing = [...keys].filter((key) => !(key in RULES));
    expect(missing, 'routes without an authorisation rule: add them to RULES').toEqual([]);
    const stale = Object.keys(RULES).filter((key) => !keys.has(key));
    expect(stale, 'rules for routes that are not registered').toEqual([]);
  });

  it('gives every caller of every route the expected status, and a refused caller changes nothing', async () => {
    const failures: string[] = [];
    let isDirty = false;
    // A fingerprint of the database, valid until an allowed request or a rebuild may have changed it.
    let snapshot: string | null = null;
    for (const { method, url } of routes()) {
      const rule = RULES[ruleKey(method, url)];
      if (!rule) continue;
      const expected = rule.expect.trim().split(/\s+/).map(Number);
      if (expected.length !== ACTORS.length)
        throw new Error(`rule for ${method} ${url} needs ${ACTORS.length}`);
      const mutates = !SAFE.has(method);
      if (isDirty) {
        world = await buildWorld(app, world);
        isDirty = false;
        snapshot = null;
      }
      // Refused callers first, on an untouched world; then the allowed ones.
      const order = ACTORS.map((actor, i) => ({ actor, status: expected[i]! })).sort(
        (a, b) => Number(a.status < 300) - Number(b.status < 300),
      );
      for (const { actor, status } of order) {
        const isAllowed = status < 300;
        const checksNoChange = mutates && !isAllowed;
        if (checksNoChange) snapshot ??= await snapshotDatabase(app);
        const response = await call(method, url, rule, actor);
        const label = `${method} ${url} as ${actor}`;
        if (isAllowed) snapshot = null;
        if (isAllowed && rule.destructive) isDirty = true;
        if (response.statusCode !== status) {
          failures.push(
            `${label}: expected ${status}, got ${response.statusCode} ${response.body.slice(0, 120)}`,
          );
          snapshot = null;
          continue;
        }
        if (
          status >= 400 &&
          method !== 'HEAD' &&
          !String(response.headers['content-type']).includes('problem+json')
        )
          failures.push(`${label}: a ${status} without problem+json`);
        if (checksNoChange) {
          const after = await snapshotDatabase(app);
          if (after !== snapshot) failures.push(`${label}: refused with ${status} but changed the database`);
          snapshot = after;
        }
      }
    }
    expect(failures).toEqual([]);
  }, 180_000);
});
