import { describe, expect, it } from 'vitest';
import { fakeWebDist, signUpVerified } from '#src/testing/test-app.ts';
import { app, useTestApp } from '#src/testing/test-server.ts';

useTestApp({ WEB_DIST_DIR: fakeWebDist() });

const page = (url: string, cookie?: string) =>
  app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) } });

describe('health', () => {
  it('answers /healthz and /readyz while the database is up', async () => {
    expect((await app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    expect((await app.inject('/readyz')).json()).toEqual({ status: 'ok' });
  });
});

describe('API documentation', () => {
  it('serves the OpenAPI document built from the contracts, with the Problem schema', async () => {
    const doc = (await app.inject('/api/openapi.json')).json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/accounts/{role}', '/api/session', '/api/me']),
    );
    expect(doc.components.schemas).toHaveProperty('Problem');
    expect((await app.inject('/api/docs/')).statusCode).toBe(200);
  });
});

describe('errors', () => {
  it('answers an unknown API path with a 404 problem', async () => {
    const response = await app.inject('/api/nope');
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/problem+json');
    expect(response.json()).toMatchObject({ status: 404, code: 'not_found' });
  });

  it('keeps better-auth endpoints we do not expose closed', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { email: 'x@example.com', password: 'password123', name: 'x' },
    });
    expect(response.statusCode).toBe(404);
  });

  it('answers malformed JSON with a 400 problem', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/session',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('validation_failed');
  });

  it('answers a body over the limit with 413', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/session',
      payload: { email: 'a@b.co', password: 'x'.repeat(100_000) },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().code).toBe('payload_too_large');
  });
});

describe('security headers', () => {
  it('sends a content security policy without inline scripts, and nosniff', async () => {
    const response = await page('/aboutus');
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers['content-security-policy']).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('pages and guards', () => {
  it('serves the app for any unknown page path (SPA fallback)', async () => {
    const response = await page('/some/unknown/page');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('id="root"');
  });

  it('serves pages to clients that accept anything, and a missing file as a 404 problem', async () => {
    for (const headers of [{}, { accept: '*/*' }]) {
      const home = await app.inject({ method: 'GET', url: '/', headers });
      expect(home.statusCode).toBe(200);
      expect(home.body).toContain('id="root"');
    }
    const missing = await app.inject({
      method: 'GET',
      url: '/assets/missing.js',
      headers: { accept: '*/*' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toContain('application/problem+json');
  });

  it.each([
    ['/instructor', '/guide/instructor-login'],
    ['/parent', '/guardian/parent-login'],
    ['/instructor/account', '/guide/instructor-login'],
    ['/parent/account', '/guardian/parent-login'],
    ['/guardian/instructor-login', '/guide/instructor-login'],
    ['/mathematics', '/'],
    ['/progress', '/learner/login'],
  ])('sends a signed-out visitor of %s to %s', async (path, target) => {
    const response = await page(path);
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(target);
  });

  it('lets a signed-out visitor see /courses, which shows its own login prompt', async () => {
    expect((await page('/courses')).statusCode).toBe(200);
  });

  it('sends each role from other areas and from login pages to its own area', async () => {
    const learner = (await signUpVerified(app, 'learners')).cookie;
    const instructor = (await signUpVerified(app, 'instructors')).cookie;
    const parent = (await signUpVerified(app, 'parents')).cookie;
    expect((await page('/instructor', learner)).headers.location).toBe('/courses');
    expect((await page('/parent', learner)).headers.location).toBe('/courses');
    expect((await page('/courses', instructor)).headers.location).toBe('/instructor');
    expect((await page('/parent', instructor)).headers.location).toBe('/instructor');
    expect((await page('/instructor', parent)).headers.location).toBe('/parent');
    expect((await page('/learner/login', parent)).headers.location).toBe('/parent');
    expect((await page('/', learner)).headers.location).toBe('/courses');
    expect((await page('/instructor', instructor)).statusCode).toBe(200);
    expect((await page('/instructor/account', learner)).headers.location).toBe('/courses');
    expect((await page('/instructor/account', parent)).headers.location).toBe('/parent');
    expect((await page('/parent/account', instructor)).headers.location).toBe('/instructor');
    expect((await page('/instructor/account', instructor)).statusCode).toBe(200);
    expect((await page('/parent/account', parent)).statusCode).toBe(200);
  });
});
