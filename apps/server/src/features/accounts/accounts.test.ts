import { SIGN_UP_MESSAGES } from '@vidya/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailOutbox, session, user } from '#src/db/schema/index.ts';
import {
  TEST_ORIGIN,
  cookieHeader,
  lastMailTo,
  linkIn,
  newPerson,
  signUpVerified,
} from '#src/testing/test-app.ts';
import { app, useTestApp } from '#src/testing/test-server.ts';

useTestApp();

const login = (email: string, password: string) =>
  app.inject({ method: 'POST', url: '/api/session', payload: { email, password } });

describe('POST /api/accounts/:role', () => {
  it.each(['learners', 'instructors', 'parents'] as const)(
    'creates a %s account and mails a verification link',
    async (role) => {
      const person = newPerson();
      const response = await app.inject({ method: 'POST', url: `/api/accounts/${role}`, payload: person });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({ email: person.email, verificationSent: true });
      const [row] = await app.db.select().from(user).where(eq(user.email, person.email));
      expect(row).toMatchObject({ role, firstName: 'Meera', lastName: 'Iyer', emailVerified: false });
      const mail = await lastMailTo(app, person.email);
      expect(mail?.subject).toBe('Verify your e-mail for Vidya');
      expect(linkIn(mail!.text)).toContain('/api/auth/verify-email?token=');
    },
  );

  it('ignores a role sent in the body: the sign-up page decides', async () => {
    const person = { ...newPerson(), role: 'instructors' };
    const response = await app.inject({ method: 'POST', url: '/api/accounts/learners', payload: person });
    expect(response.statusCode).toBe(201);
    const [row] = await app.db.select({ role: user.role }).from(user).where(eq(user.email, person.email));
    expect(row?.role).toBe('learners');
  });

  it('refuses a role that does not exist with 400', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/accounts/admins', payload: newPerson() });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toContain('application/problem+json');
    expect(response.json()).toMatchObject({
      code: 'validation_failed',
      fields: { role: expect.any(String) },
    });
  });

  it('answers every empty field with the spec message', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/accounts/learners',
      payload: { firstName: '', lastName: '', email: '', username: '', password: '' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({
      firstName: SIGN_UP_MESSAGES.firstName,
      lastName: SIGN_UP_MESSAGES.lastName,
      email: SIGN_UP_MESSAGES.email,
      username: SIGN_UP_MESSAGES.username,
      password: SIGN_UP_MESSAGES.password,
    });
  });

  it.each([
    ['username', 'ab', 'At least 3 characters'],
    ['username', 'has space', 'Use only letters, digits, _ . and -'],
    ['username', 'x'.repeat(31), 'At most 30 characters'],
    ['password', 'short', 'At least 8 characters'],
    ['password', 'p'.repeat(129), 'At most 128 characters'],
    ['firstName', 'n'.repeat(61), 'At most 60 characters'],
    ['email', 'not-an-email', 'Enter a valid e-mail address'],
    ['email', `${'a'.repeat(250)}@x.io`, 'At most 254 characters'],
  ])('rejects a bad %s (%s) with a field message', async (field, value, message) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/accounts/learners',
      payload: { ...newPerson(), [field]: value },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields[field]).toBe(message);
  });

  it('answers a registered e-mail exactly as a new one, and mails its owner instead', async () => {
    const { person: owner } = await signUpVerified(app, 'parents');
    const fresh = await app.inject({ method: 'POST', url: '/api/accounts/learners', payload: newPerson() });
    const intruder = { ...newPerson(), email: owner.email.toUpperCase(), password: 'intruder-pass-1' };
    const again = await app.inject({ method: 'POST', url: '/api/accounts/learners', payload: intruder });
    expect(again.statusCode).toBe(fresh.statusCode);
    expect(again.headers['content-type']).toBe(fresh.headers['content-type']);
    expect(again.json()).toEqual({ email: owner.email, verificationSent: true });
    // No second account, no change to the first: the intruder's password and username do nothing.
    const rows = await app.db.select().from(user).where(eq(user.email, owner.email));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ role: 'parents', username: owner.username });
    expect((await login(owner.email, 'intruder-pass-1')).statusCode).toBe(401);
    expect((await login(owner.email, owner.password)).statusCode).toBe(200);
    const mail = await lastMailTo(app, owner.email);
    expect(mail?.subject).toBe('Someone tried to sign up to Vidya with your address');
    expect(mail?.text).toContain('Forget Password');
    expect(linkIn(mail!.text)).toBe(`${TEST_ORIGIN}/guardian/parent-login`);
  });

  it('mails the verification link again when the registered address was never verified', async () => {
    const first = newPerson();
    await app.inject({ method: 'POST', url: '/api/accounts/learners', payload: first });
    const again = await app.inject({
      method: 'POST',
      url: '/api/accounts/learners',
      payload: { ...newPerson(), email: first.email },
    });
    expect(again.statusCode).toBe(201);
    const mails = await app.db.select().from(mailOutbox).where(eq(mailOutbox.to, first.email));
    expect(mails.map((m) => m.subject)).toEqual([
      'Verify your e-mail for Vidya',
      'Verify your e-mail for Vidya',
    ]);
  });

  it('counts sign-ups among the mails to an address: 3 in 15 minutes, then 429', async () => {
    const statusesFor = async (email: string) => {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        const response = await app.inject({
          method: 'POST',
          url: '/api/accounts/learners',
          payload: { ...newPerson(), email },
        });
        statuses.push(response.statusCode);
      }
      return statuses;
    };
    const { person } = await signUpVerified(app, 'learners');
    // The owner's own sign-up already mailed the address once.
    expect(await statusesFor(person.email)).toEqual([201, 201, 429, 429]);
    expect(await statusesFor(newPerson().email)).toEqual([201, 201, 201, 429]);
  });

  it('refuses a taken username in any letter case with 409', async () => {
    const person = newPerson();
    await app.inject({ method: 'POST', url: '/api/accounts/learners', payload: person });
    const sameName = await app.inject({
      method: 'POST',
      url: '/api/accounts/parents',
      payload: { ...newPerson(), username: person.username.toUpperCase() },
    });
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json()).toMatchObject({
      code: 'username_taken',
      fields: { username: expect.any(String) },
    });
  });
});

describe('POST /api/session', () => {
  it('refuses an unverified account with 403 email_not_verified', async () => {
    const person = newPerson();
    await app.inject({ method: 'POST', url: '/api/accounts/learners', payload: person });
    const response = await login(person.email, person.password);
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('email_not_verified');
  });

  it('signs in a verified account with an httpOnly SameSite=Lax session cookie', async () => {
    const { person } = await signUpVerified(app, 'parents');
    const response = await login(person.email.toUpperCase(), person.password);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      role: 'parents',
      email: person.email,
      username: person.username,
    });
    const setCookie = String(response.headers['set-cookie']);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');
  });

  it('gives the same 401 for a wrong password and an unknown e-mail', async () => {
    const { person } = await signUpVerified(app, 'learners');
    const wrong = await login(person.email, 'not-the-password');
    const unknown = await login('nobody@example.com', 'whatever-123');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().detail).toBe(unknown.json().detail);
    expect(wrong.json().code).toBe('invalid_credentials');
  });

  it('rate-limits repeated attempts on one account with 429', async () => {
    const { person } = await signUpVerified(app, 'learners');
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await login(person.email, `wrong-${i}-password`)).statusCode);
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  // Two limits on wrong passwords: one per client and account (a storm's client is refused even the right
  // password; the owner's own client is not), and one per account over every client.
  it.each([
    {
      limit: 'locks out only the client that sent ten wrong passwords: the owner signs in from another',
      role: 'learners' as const,
      guesses: 12,
      client: () => '198.51.100.7',
      statuses: [...Array<number>(10).fill(401), 429, 429],
      rightPassword: { '198.51.100.7': 429, '203.0.113.20': 200 },
    },
    {
      // Spread over twelve clients, none of which reaches its own limit of ten.
      limit: 'refuses every client once one account has had 100 wrong passwords in an hour',
      role: 'parents' as const,
      guesses: 100,
      client: (i: number) => `192.0.2.${i % 12}`,
      statuses: Array<number>(100).fill(401),
      rightPassword: { '203.0.113.99': 429 },
    },
  ])(
    '$limit',
    async ({ role, guesses, client, statuses, rightPassword }) => {
      const { person } = await signUpVerified(app, role);
      const from = (remoteAddress: string, password: string) =>
        app.inject({
          method: 'POST',
          url: '/api/session',
          remoteAddress,
          payload: { email: person.email, password },
        });
      const storm: number[] = [];
      for (let i = 0; i < guesses; i++) storm.push((await from(client(i), `guess-${i}-password`)).statusCode);
      expect(storm).toEqual(statuses);
      for (const [remoteAddress, status] of Object.entries(rightPassword))
        expect((await from(remoteAddress, person.password)).statusCode).toBe(status);
    },
    120_000,
  );

  it('does not count right passwords against the account', async () => {
    const { person } = await signUpVerified(app, 'learners');
    for (let i = 0; i < 12; i++) expect((await login(person.email, person.password)).statusCode).toBe(200);
  });
});

describe('e-mail verification', () => {
  it('verifies, signs nobody in, and asks the owner to choose the password', async () => {
    const person = newPerson();
    await app.inject({ method: 'POST', url: '/api/accounts/instructors', payload: person });
    const link = linkIn((await lastMailTo(app, person.email))!.text).replace(TEST_ORIGIN, '');
    const verify = await app.inject({ method: 'GET', url: link });
    expect(verify.statusCode).toBe(302);
    expect(verify.headers['set-cookie']).toBeUndefined();
    const location = new URL(verify.headers.location!, TEST_ORIGIN);
    expect(location.pathname).toBe('/reset-password');
    expect(location.searchParams.get('verified')).toBe('1');
    expect(location.searchParams.get('role')).toBe('instructors');
    const [row] = await app.db.select().from(user).where(eq(user.email, person.email));
    expect(row?.emailVerified).toBe(true);

    const chosen = await app.inject({
      method: 'POST',
      url: '/api/password',
      payload: { token: location.searchParams.get('token'), password: 'chosen-by-owner-1' },
    });
    expect(chosen.statusCode).toBe(200);
    const signedIn = await login(person.email, 'chosen-by-owner-1');
    expect(signedIn.statusCode).toBe(200);
    const me = await app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { cookie: cookieHeader(signedIn) },
    });
    expect(me.json()).toMatchObject({ role: 'instructors', emailVerified: true });

    // The link followed again changes nothing: it leads to the role's login page.
    const again = await app.inject({ method: 'GET', url: link });
    expect(again.headers.location).toBe('/guide/instructor-login?verified=1');
    expect((await login(person.email, 'chosen-by-owner-1')).statusCode).toBe(200);
  });

  it('takes the account from whoever signed up with the address: their password and sessions end', async () => {
    const owner = newPerson();
    // Someone else signs up first with the owner's address and a password of their own.
    await app.inject({
      method: 'POST',
      url: '/api/accounts/learners',
      payload: { ...newPerson(), email: owner.email, password: 'squatter-pass-1' },
    });
    const [squatted] = await app.db.select().from(user).where(eq(user.email, owner.email));
    const context = await app.auth.$context;
    await context.internalAdapter.createSession(squatted!.id);
    expect(await app.db.select().from(session).where(eq(session.userId, squatted!.id))).toHaveLength(1);

    // The owner follows the mail and chooses a password.
    const link = linkIn((await lastMailTo(app, owner.email))!.text).replace(TEST_ORIGIN, '');
    const verify = await app.inject({ method: 'GET', url: link });
    expect(await app.db.select().from(session).where(eq(session.userId, squatted!.id))).toEqual([]);
    expect((await login(owner.email, 'squatter-pass-1')).statusCode).toBe(401);
    const token = new URL(verify.headers.location!, TEST_ORIGIN).searchParams.get('token');
    await app.inject({ method: 'POST', url: '/api/password', payload: { token, password: owner.password } });
    expect((await login(owner.email, 'squatter-pass-1')).statusCode).toBe(401);
    expect((await login(owner.email, owner.password)).statusCode).toBe(200);
  });

  it('sends a bad or expired link to the page that says so, and verifies nothing', async () => {
    const verify = await app.inject({ method: 'GET', url: '/api/auth/verify-email?token=forged.token.x' });
    expect(verify.statusCode).toBe(302);
    expect(verify.headers.location).toBe('/reset-password?verified=1&error=invalid_token');
  });

  it('resends the mail to an unverified address and stays silent for unknown ones', async () => {
    const person = newPerson();
    await app.inject({ method: 'POST', url: '/api/accounts/learners', payload: person });
    const resend = await app.inject({
      method: 'POST',
      url: '/api/accounts/verification',
      payload: { email: person.email },
    });
    expect(resend.statusCode).toBe(202);
    const mails = await app.db.select().from(mailOutbox).where(eq(mailOutbox.to, person.email));
    expect(mails).toHaveLength(2);
    const unknown = await app.inject({
      method: 'POST',
      url: '/api/accounts/verification',
      payload: { email: 'ghost@example.com' },
    });
    expect(unknown.statusCode).toBe(202);
    expect(await lastMailTo(app, 'ghost@example.com')).toBeUndefined();
  });
});

describe('DELETE /api/session', () => {
  it('ends the session on the server, so the old cookie no longer works', async () => {
    const { cookie } = await signUpVerified(app, 'learners');
    expect((await app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).statusCode).toBe(200);
    const out = await app.inject({
      method: 'DELETE',
      url: '/api/session',
      headers: { cookie, origin: TEST_ORIGIN },
    });
    expect(out.statusCode).toBe(200);
    const after = await app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('unauthenticated');
  });
});

describe('password reset', () => {
  it('mails a link that sets a new password and ends old sessions', async () => {
    const { person, cookie } = await signUpVerified(app, 'learners');
    const request = await app.inject({
      method: 'POST',
      url: '/api/password/reset-requests',
      payload: { email: person.email },
    });
    expect(request.statusCode).toBe(202);
    const mail = await lastMailTo(app, person.email);
    expect(mail?.subject).toBe('Reset your Vidya password');
    const follow = await app.inject({ method: 'GET', url: linkIn(mail!.text).replace(TEST_ORIGIN, '') });
    expect(follow.statusCode).toBe(302);
    const location = new URL(follow.headers.location!, TEST_ORIGIN);
    expect(location.pathname).toBe('/reset-password');
    const token = location.searchParams.get('token')!;
    const reset = await app.inject({
      method: 'POST',
      url: '/api/password',
      payload: { token, password: 'brand-new-pass-1' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await login(person.email, person.password)).statusCode).toBe(401);
    expect((await login(person.email, 'brand-new-pass-1')).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).statusCode).toBe(401);
  });

  it('answers an unknown address exactly like a known one and sends nothing', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/password/reset-requests',
      payload: { email: 'nobody-here@example.com' },
    });
    expect(response.statusCode).toBe(202);
    expect(await lastMailTo(app, 'nobody-here@example.com')).toBeUndefined();
  });

  it('refuses a forged token with 400 invalid_token', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/password',
      payload: { token: 'forged', password: 'brand-new-pass-1' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('invalid_token');
  });

  it('requires an address, with the spec message', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/password/reset-requests',
      payload: { email: '' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields.email).toBe('Email address is required.');
  });
});

describe('GET /api/session', () => {
  it('answers null when signed out and the account when signed in', async () => {
    expect((await app.inject('/api/session')).json()).toEqual({ account: null });
    const { cookie, person } = await signUpVerified(app, 'learners');
    const response = await app.inject({ method: 'GET', url: '/api/session', headers: { cookie } });
    expect(response.json().account).toMatchObject({ role: 'learners', username: person.username });
  });
});
