import { describe, expect, it } from 'vitest';
import { fakeWebDist } from '#src/testing/test-app.ts';
import { app, useTestApp } from '#src/testing/test-server.ts';

useTestApp({ WEB_DIST_DIR: fakeWebDist() });

/** The directives of a Content-Security-Policy header, by name. */
function directives(header: unknown): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of (typeof header === 'string' ? header : '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name.toLowerCase(), values);
  }
  return map;
}

describe('Content-Security-Policy', () => {
  it.each([
    ['the SPA', '/', 'text/html'],
    ['an API response', '/api/courses', 'application/json'],
    ['a problem response', '/api/no-such-thing', 'application/json'],
    ['the API docs', '/api/docs/static/index.html', 'text/html'],
    ['the development outbox', '/dev/mail', 'text/html'],
  ])('on %s allows no inline or eval scripts', async (_name, url, accept) => {
    const response = await app.inject({ method: 'GET', url, headers: { accept } });
    expect(response.statusCode).toBeLessThan(500);
    const csp = directives(response.headers['content-security-policy']);
    const scripts = csp.get('script-src') ?? csp.get('default-src');
    expect(scripts, `script-src of ${url}`).toBeDefined();
    expect(scripts).not.toContain("'unsafe-inline'");
    expect(scripts).not.toContain("'unsafe-eval'");
    expect(scripts).not.toContain('*');
    expect(csp.get('script-src-attr') ?? ["'none'"]).toEqual(["'none'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    // Swagger UI's own policy allows same-origin framing; nothing else may frame a page.
    expect([["'none'"], ["'self'"]]).toContainEqual(csp.get('frame-ancestors'));
  });

  it('comes with the other hardening headers', async () => {
    const response = await app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
  });
});

describe('malformed request headers', () => {
  it.each([
    ['a NUL', 'application/json\u0000'],
    ['a character above U+00FF', 'application/jsön‽'],
  ])('answers a header value with %s with 400 problem+json, not a 500', async (_name, contentType) => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { 'content-type': contentType, cookie: 'vidya.session_token=x' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toContain('application/problem+json');
    expect(response.json()).toMatchObject({ code: 'validation_failed' });
  });
});
