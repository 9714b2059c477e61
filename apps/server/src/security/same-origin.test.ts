import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_ORIGIN, buildTestApp, newPerson } from '#src/testing/test-app.ts';
import { createAccount, snapshotDatabase, type TestAccount } from './fixtures.ts';
import { app, database, useTestApp } from '#src/testing/test-server.ts';

useTestApp();
let learner: TestAccount;

beforeAll(async () => {
  learner = await createAccount(app, 'learners');
});

const enrol = (headers: Record<string, string>) =>
  app.inject({
    method: 'POST',
    url: '/api/me/enrolments',
    headers: { cookie: learner.cookie, ...headers },
    payload: { courses: ['science'] },
  });

async function expectRefused(response: Awaited<ReturnType<typeof enrol>>) {
  expect(response.statusCode).toBe(403);
  expect(response.headers['content-type']).toContain('application/problem+json');
  expect(response.json()).toMatchObject({ status: 403, code: 'cross_site_request' });
}

describe('same-origin guard (CSRF)', () => {
  it.each([
    ['another site’s Origin', { origin: 'https://evil.example' }],
    ['a sibling port', { origin: 'http://localhost:3001' }],
    ['the right host over another scheme', { origin: 'https://localhost:3000' }],
    ['an opaque Origin (sandboxed frame, file:)', { origin: 'null' }],
    ['a malformed Origin', { origin: 'not a url' }],
    ['Sec-Fetch-Site cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['Sec-Fetch-Site same-site (a sibling subdomain)', { 'sec-fetch-site': 'same-site' }],
    ['a cross-site Referer without Origin', { referer: 'https://evil.example/page' }],
    [
      'a cross-site Origin, whatever the Referer says',
      { origin: 'https://evil.example', referer: TEST_ORIGIN },
    ],
  ])('refuses a state-changing request with %s, and changes nothing', async (_name, headers) => {
    const before = await snapshotDatabase(app);
    await expectRefused(await enrol(headers));
    expect(await snapshotDatabase(app)).toBe(before);
  });

  it.each([
    ['the public origin', { origin: TEST_ORIGIN, 'sec-fetch-site': 'same-origin' }],
    ['the host the request was sent to', { origin: 'http://127.0.0.1:4173', host: '127.0.0.1:4173' }],
    ['Sec-Fetch-Site same-origin', { 'sec-fetch-site': 'same-origin' }],
    ['a same-origin Referer', { referer: `${TEST_ORIGIN}/courses` }],
    ['no browser headers at all (curl, server-to-server)', {}],
  ])('lets through a request with %s', async (_name, headers) => {
    expect((await enrol(headers)).statusCode).toBe(201);
  });

  it('leaves safe methods alone, whatever their origin', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/me/enrolments',
      headers: { cookie: learner.cookie, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(response.statusCode).toBe(200);
  });

  it('guards signed-out forms too: sign-up, sign-in (login CSRF) and reset requests', async () => {
    const person = newPerson();
    const cross = { origin: 'https://evil.example' };
    const requests = [
      { url: '/api/accounts/learners', payload: person },
      { url: '/api/session', payload: { email: learner.person.email, password: learner.person.password } },
      { url: '/api/password/reset-requests', payload: { email: person.email } },
    ];
    for (const request of requests) {
      const response = await app.inject({ method: 'POST', headers: cross, ...request });
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('cross_site_request');
    }
  });

  it('exempts the OAuth callbacks, which providers may POST from their own site', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/callback/google',
      headers: { origin: 'https://accounts.google.com' },
      payload: {},
    });
    expect(response.statusCode).not.toBe(403);
  });
});

describe('session cookies', () => {
  it('are httpOnly, SameSite=Lax and not Secure over http outside production', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/session',
      payload: { email: learner.person.email, password: learner.person.password },
    });
    const cookie = String(response.headers['set-cookie']);
    expect(cookie).toMatch(/^vidya\.session_token=/);
    expect(cookie).toMatch(/; HttpOnly/i);
    expect(cookie).toMatch(/; SameSite=Lax/i);
    expect(cookie).not.toMatch(/; Secure/i);
  });

  it('are Secure (with the __Secure- prefix) in production', async () => {
    const production = await buildTestApp(database, {
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://vidya.example',
    });
    try {
      const response = await production.inject({
        method: 'POST',
        url: '/api/session',
        headers: { origin: 'https://vidya.example' },
        payload: { email: learner.person.email, password: learner.person.password },
      });
      expect(response.statusCode).toBe(200);
      const cookie = String(response.headers['set-cookie']);
      expect(cookie).toMatch(/^__Secure-vidya\.session_token=/);
      expect(cookie).toMatch(/; Secure/i);
      expect(cookie).toMatch(/; HttpOnly/i);
      expect(cookie).toMatch(/; SameSite=Lax/i);
    } finally {
      await production.close();
    }
  });
});
