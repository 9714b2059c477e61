import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { OAuth2Server } from 'oauth2-mock-server';
import { SMTPServer } from 'smtp-server';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ORIGIN, buildTestApp, cookieHeader, linkIn, newPerson } from '#src/testing/test-app.ts';
import { database, useTestDatabase } from '#src/testing/test-server.ts';

useTestDatabase();

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
      // The link leads the owner to choose the password (issue 20), after which they sign in.
      const token = new URL(verify.headers.location ?? '/', TEST_ORIGIN).searchParams.get('token');
      expect(token).toBeTruthy();
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
      expect(login.statusCode).toBe(200);
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

/** The mock OpenID provider's user for the next sign-in; each test signs in a different person. */
interface Identity {
  sub: string;
  email: string;
  givenName: string;
  familyName: string;
}

describe('social sign-in over OIDC', () => {
  let idp: OAuth2Server;
  let app: FastifyInstance;
  let identity: Identity;
  const claims = () => ({
    sub: identity.sub,
    email: identity.email,
    email_verified: true,
    given_name: identity.givenName,
    family_name: identity.familyName,
  });

  beforeAll(async () => {
    idp = new OAuth2Server();
    await idp.issuer.keys.generate('RS256');
    await idp.start(0, '127.0.0.1');
    idp.service.on('beforeTokenSigning', (token) => Object.assign(token.payload, claims()));
    idp.service.on('beforeUserinfo', (userInfo) => {
      userInfo.body = { ...claims(), name: `${identity.givenName} ${identity.familyName}` };
    });
    app = await buildTestApp(database, {
      OIDC_PROVIDER_ID: 'mock',
      OIDC_NAME: 'Test SSO',
      OIDC_DISCOVERY_URL: `${idp.issuer.url!}/.well-known/openid-configuration`,
      OIDC_CLIENT_ID: 'vidya',
      OIDC_CLIENT_SECRET: 'vidya-secret',
    });
  });
  afterAll(async () => {
    await app.close();
    await idp.stop();
  });

  /** Starts a social sign-in from a role's page; the provider's redirect back carries the code and state. */
  async function startSignIn(role: string, who: Identity) {
    identity = who;
    const start = await app.inject({
      method: 'POST',
      url: '/api/session/social',
      payload: { provider: 'mock', role },
    });
    expect(start.statusCode).toBe(200);
    // The browser follows the provider's authorize URL, which redirects back to our callback with a code.
    const authorize = await fetch(start.json().url as string, { redirect: 'manual' });
    expect(authorize.status).toBe(302);
    const callback = new URL(authorize.headers.get('location')!);
    expect(callback.pathname).toBe('/api/auth/callback/mock');
    return { cookies: cookieHeader(start), callback };
  }

  const meOf = (signedIn: LightMyRequestResponse) =>
    app.inject({ method: 'GET', url: '/api/me', headers: { cookie: cookieHeader(signedIn) } });

  it('lists the provider', async () => {
    const providers = await app.inject('/api/auth-providers');
    expect(providers.json().social).toEqual([{ id: 'mock', name: 'Test SSO' }]);
  });

  it('runs the whole redirect flow and gives a new account the role of the page it started on', async () => {
    const { cookies, callback } = await startSignIn('parents', {
      sub: 'kiran-1',
      email: 'kiran.social@example.com',
      givenName: 'Kiran',
      familyName: 'Das',
    });
    expect(cookies).toContain('vidya.signup-role=parents');
    const done = await app.inject({
      method: 'GET',
      url: `${callback.pathname}${callback.search}`,
      headers: { cookie: cookies },
    });
    expect(done.statusCode).toBe(302);
    expect(done.headers.location).toBe('/');
    const me = await meOf(done);
    expect(me.json()).toMatchObject({
      role: 'parents',
      email: 'kiran.social@example.com',
      firstName: 'Kiran',
      lastName: 'Das',
    });
    expect(me.json().username).toMatch(/^kiran\.social-[0-9a-f]{6}$/);
  });

  it('takes a form_post callback: the cross-site form POST is sent on to the callback, which signs in', async () => {
    const { cookies, callback } = await startSignIn('instructors', {
      sub: 'asha-2',
      email: 'asha.formpost@example.com',
      givenName: 'Asha',
      familyName: 'Menon',
    });
    // What the provider's auto-submitting form sends (response_mode=form_post): the code and state as a form, from
    // the provider's origin, without our cookies (SameSite=Lax keeps them off a cross-site POST).
    const posted = await app.inject({
      method: 'POST',
      url: callback.pathname,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: new URL(idp.issuer.url!).origin,
      },
      payload: callback.searchParams.toString(),
    });
    expect(posted.statusCode).toBe(302);
    const onward = new URL(posted.headers.location as string);
    expect(onward.pathname).toBe('/api/auth/callback/mock');
    expect(onward.searchParams.get('code')).toBe(callback.searchParams.get('code'));
    expect(onward.searchParams.get('state')).toBe(callback.searchParams.get('state'));

    // The browser follows that redirect as a top-level GET, which carries the cookies.
    const done = await app.inject({
      method: 'GET',
      url: `${onward.pathname}${onward.search}`,
      headers: { cookie: cookies },
    });
    expect(done.statusCode).toBe(302);
    expect(done.headers.location).toBe('/');
    expect((await meOf(done)).json()).toMatchObject({
      role: 'instructors',
      email: 'asha.formpost@example.com',
    });
  });

  it('ignores a malformed sign-up role cookie: the new account is a learner, never a 5xx', async () => {
    const { cookies, callback } = await startSignIn('parents', {
      sub: 'ravi-3',
      email: 'ravi.badcookie@example.com',
      givenName: 'Ravi',
      familyName: 'Kumar',
    });
    const malformed = cookies.replace('vidya.signup-role=parents', 'vidya.signup-role=%E0%A4%A');
    expect(malformed).toContain('vidya.signup-role=%E0%A4%A');
    const done = await app.inject({
      method: 'GET',
      url: `${callback.pathname}${callback.search}`,
      headers: { cookie: malformed },
    });
    expect(done.statusCode).toBe(302);
    expect(done.headers.location).toBe('/');
    expect((await meOf(done)).json()).toMatchObject({
      role: 'learners',
      email: 'ravi.badcookie@example.com',
    });
  });

  it('refuses a provider that is not configured with 400', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/session/social',
      payload: { provider: 'google', role: 'learners' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('validation_failed');
  });
});
