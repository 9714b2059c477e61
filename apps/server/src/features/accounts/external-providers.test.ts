import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { OAuth2Server } from 'oauth2-mock-server';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#src/db/client.ts';
import {
  TEST_ORIGIN,
  buildTestApp,
  cookieHeader,
  createTestDatabase,
  linkIn,
  newPerson,
} from '#src/testing/test-app.ts';

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe('mail over SMTP', () => {
  it('sends the verification mail to a real SMTP server, and its link verifies the account', async () => {
    const received: string[] = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, callback) {
        simpleParser(stream)
          .then((mail) => {
            received.push(mail.text ?? '');
            callback();
          })
          .catch(callback);
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.server.address() as AddressInfo;
    const app = await buildTestApp(database, { SMTP_URL: `smtp://127.0.0.1:${port}` });
    try {
      const person = newPerson();
      const signUp = await app.inject({ method: 'POST', url: '/api/accounts/learners', payload: person });
      expect(signUp.statusCode).toBe(201);
      await expect.poll(() => received.length, { timeout: 10_000 }).toBe(1);
      const verify = await app.inject({ method: 'GET', url: linkIn(received[0]!).replace(TEST_ORIGIN, '') });
      expect(verify.statusCode).toBe(302);
      const token = new URL(verify.headers.location!, TEST_ORIGIN).searchParams.get('token');
      const chosen = await app.inject({
        method: 'POST',
        url: '/api/password',
        payload: { token, password: person.password },
      });
      expect(chosen.statusCode).toBe(200);
      const login = await app.inject({
        method: 'POST',
        url: '/api/session',
        payload: { email: person.email, password: person.password },
      });
      const me = await app.inject({
        method: 'GET',
        url: '/api/me',
        headers: { cookie: cookieHeader(login) },
      });
      expect(me.json()).toMatchObject({ email: person.email, emailVerified: true });
    } finally {
      await app.close();
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    }
  });
});

describe('social sign-in over OIDC', () => {
  it('runs the whole redirect flow and gives a new account the role of the page it started on', async () => {
    const idp = new OAuth2Server();
    await idp.issuer.keys.generate('RS256');
    await idp.start(0, '127.0.0.1');
    const issuer = idp.issuer.url!;
    idp.service.on('beforeTokenSigning', (token) => {
      Object.assign(token.payload, {
        email: 'kiran.social@example.com',
        email_verified: true,
        given_name: 'Kiran',
        family_name: 'Das',
      });
    });
    idp.service.on('beforeUserinfo', (userInfo) => {
      userInfo.body = {
        sub: 'kiran-1',
        email: 'kiran.social@example.com',
        email_verified: true,
        given_name: 'Kiran',
        family_name: 'Das',
        name: 'Kiran Das',
      };
    });
    const app = await buildTestApp(database, {
      OIDC_PROVIDER_ID: 'mock',
      OIDC_NAME: 'Test SSO',
      OIDC_DISCOVERY_URL: `${issuer}/.well-known/openid-configuration`,
      OIDC_CLIENT_ID: 'vidya',
      OIDC_CLIENT_SECRET: 'vidya-secret',
    });
    try {
      const providers = await app.inject('/api/auth-providers');
      expect(providers.json().social).toEqual([{ id: 'mock', name: 'Test SSO' }]);

      const start = await app.inject({
        method: 'POST',
        url: '/api/session/social',
        payload: { provider: 'mock', role: 'parents' },
      });
      expect(start.statusCode).toBe(200);
      const startCookies = cookieHeader(start);
      expect(startCookies).toContain('vidya.signup-role=parents');

      // The browser follows the provider's authorize URL, which redirects back to our callback with a code.
      const authorize = await fetch(start.json().url as string, { redirect: 'manual' });
      expect(authorize.status).toBe(302);
      const callback = new URL(authorize.headers.get('location')!);
      expect(callback.pathname).toBe('/api/auth/callback/mock');

      const done = await app.inject({
        method: 'GET',
        url: `${callback.pathname}${callback.search}`,
        headers: { cookie: startCookies },
      });
      expect(done.statusCode).toBe(302);
      expect(done.headers.location).toBe('/');
      const me = await app.inject({ method: 'GET', url: '/api/me', headers: { cookie: cookieHeader(done) } });
      expect(me.json()).toMatchObject({
        role: 'parents',
        email: 'kiran.social@example.com',
        firstName: 'Kiran',
        lastName: 'Das',
      });
      expect(me.json().username).toMatch(/^kiran\.social-[0-9a-f]{6}$/);
    } finally {
      await app.close();
      await idp.stop();
    }
  });

  it('refuses a provider that is not configured with 400', async () => {
    const app = await buildTestApp(database);
    try {
      const response = await app.inject({
        method: 'POST',
        url: '/api/session/social',
        payload: { provider: 'google', role: 'learners' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('validation_failed');
    } finally {
      await app.close();
    }
  });
});
