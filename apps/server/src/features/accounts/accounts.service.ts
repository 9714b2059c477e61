import { randomBytes } from 'node:crypto';
import {
  LOGIN_PATH,
  ROLE_HOME,
  RoleSchema,
  paths,
  type AuthProviders,
  type EmailBody,
  type LoginBody,
  type Me,
  type NewPasswordBody,
  type Role,
  type SignUpBody,
  type SignUpResult,
} from '@vidya/contracts';
import { APIError } from 'better-auth/api';
import { and, eq, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { account, user } from '#src/db/schema/index.ts';
import { AppError, badRequest, conflict } from '#src/errors.ts';
import { linkMail } from '#src/lib/mailer.ts';
import { SIGNUP_ROLE_COOKIE } from '#src/plugins/auth.ts';
import { presentMe } from './accounts.presenter.ts';

const EMAIL_TAKEN = 'An account with this e-mail already exists. Try logging in instead.';
const USERNAME_TAKEN = 'This username is taken. Please choose another.';
// The token of the "choose your password" step after verification: as long-lived as a reset link.
const CHOOSE_PASSWORD_TOKEN_SECONDS = 60 * 60;

/**
 * The owner of a registered address is told that someone tried to sign up with it (the sign-up itself is answered
 * as for a new address); an owner who never verified gets the verification mail again instead.
 */
async function mailOwnerOfRegisteredAddress(
  app: FastifyInstance,
  owner: { email: string; firstName: string; role: string; emailVerified: boolean },
): Promise<void> {
  const role = RoleSchema.catch('learners').parse(owner.role);
  if (!owner.emailVerified) {
    await app.auth.api.sendVerificationEmail({ body: { email: owner.email, callbackURL: ROLE_HOME[role] } });
    return;
  }
  await app.mailer.send(
    linkMail(
      owner.email,
      'Someone tried to sign up to Vidya with your address',
      `Hello ${owner.firstName},`,
      'Someone (perhaps you) tried to create a new Vidya account with this e-mail address, which already has ' +
        'one. If it was you, log in to your account, or use “Forget Password” on the login page if you do not ' +
        'remember your password. If it was not you, you can ignore this mail: nothing has changed.',
      'Log in',
      `${app.config.publicUrl}${LOGIN_PATH[role]}`,
    ),
  );
}

/**
 * Creates an account whose role is the sign-up page's, and sends the verification mail. A registered address gets
 * the same answer, and its owner a mail instead (issue 20: sign-up must not tell who has an account); a taken
 * username is still said, since usernames are public to teachers and parents anyway.
 */
export async function signUp(app: FastifyInstance, role: Role, body: SignUpBody): Promise<SignUpResult> {
  const email = body.email.toLowerCase();
  const taken = await app.db
    .select()
    .from(user)
    .where(or(eq(user.email, email), eq(sql`lower(${user.username})`, body.username.toLowerCase())));
  if (taken.some((t) => t.username?.toLowerCase() === body.username.toLowerCase()))
    throw conflict('username_taken', USERNAME_TAKEN, { username: USERNAME_TAKEN });
  const owner = taken.find((t) => t.email === email);
  if (owner) {
    // As long as a new account's sign-up takes: the password is hashed either way.
    await (await app.auth.$context).password.hash(body.password);
    await mailOwnerOfRegisteredAddress(app, owner);
    return { email, verificationSent: true };
  }
  try {
    await app.auth.api.signUpEmail({
      body: {
        email,
        password: body.password,
        name: `${body.firstName} ${body.lastName}`,
        username: body.username,
        firstName: body.firstName,
        lastName: body.lastName,
        callbackURL: ROLE_HOME[role],
      },
      // The role travels as a server-made cookie to better-auth's create hook; a client cannot set it here.
      headers: new Headers({ cookie: `${SIGNUP_ROLE_COOKIE}=${role}` }),
    });
  } catch (error) {
    // Two sign-ups with one address at once: the later one is answered like any sign-up with a registered address.
    const [racing] = await app.db.select().from(user).where(eq(user.email, email));
    if (!racing) throw mapAuthError(error);
    await mailOwnerOfRegisteredAddress(app, racing);
  }
  return { email, verificationSent: true };
}

/**
 * Follows the verification link: better-auth marks the address verified, and its hook ends every session and
 * removes the sign-up password (plugins/auth.ts). Returns where to send the browser: the "choose your password"
 * page with a one-hour token while the account has no password, its role's login page once it has one (the link
 * followed again), or the page that explains a bad or expired link.
 */
export async function verifyEmail(app: FastifyInstance, token: string): Promise<string> {
  const failed = `${paths.resetPassword}?verified=1&error=invalid_token`;
  try {
    await app.auth.api.verifyEmail({ query: { token } });
  } catch (error) {
    if (error instanceof APIError) return failed;
    throw error;
  }
  // The token was good, so its payload names the address (a JWT better-auth signed and has just checked).
  const email = emailInVerificationToken(token);
  const [owner] = email ? await app.db.select().from(user).where(eq(user.email, email)) : [];
  if (!owner) return failed;
  const role = RoleSchema.catch('learners').parse(owner.role);
  const [password] = await app.db
    .select({ id: account.id })
    .from(account)
    .where(and(eq(account.userId, owner.id), eq(account.providerId, 'credential')));
  if (password) return `${LOGIN_PATH[role]}?verified=1`;
  const choose = randomBytes(24).toString('base64url');
  const context = await app.auth.$context;
  // Stored as better-auth stores a reset token, so POST /api/password (resetPassword) sets the first password.
  await context.internalAdapter.createVerificationValue({
    identifier: `reset-password:${choose}`,
    value: owner.id,
    expiresAt: new Date(Date.now() + CHOOSE_PASSWORD_TOKEN_SECONDS * 1000),
  });
  return `${paths.resetPassword}?${new URLSearchParams({ token: choose, verified: '1', role }).toString()}`;
}

function emailInVerificationToken(token: string): string | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  const parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { email?: unknown };
  return typeof parsed.email === 'string' ? parsed.email.toLowerCase() : null;
}

/** better-auth's failures as our stable codes. */
export function mapAuthError(error: unknown): unknown {
  if (!(error instanceof APIError)) return error;
  const code = (error.body as { code?: string } | undefined)?.code ?? '';
  if (code.includes('USER_ALREADY_EXISTS') || code.includes('EMAIL')) {
    if (code === 'EMAIL_NOT_VERIFIED') {
      return new AppError(
        403,
        'email_not_verified',
        'Please verify your e-mail address first. Check your inbox.',
      );
    }
    if (code.includes('INVALID_EMAIL'))
      return badRequest('Enter a valid e-mail address', { email: 'Enter a valid e-mail address' });
    return conflict('email_taken', EMAIL_TAKEN, { email: EMAIL_TAKEN });
  }
  if (code.includes('USERNAME')) {
    if (code.includes('TAKEN') || code.includes('EXISTS'))
      return conflict('username_taken', USERNAME_TAKEN, { username: USERNAME_TAKEN });
    return badRequest('This username is not allowed', { username: 'Use 3–30 letters, digits, _ . and -' });
  }
  if (code.includes('PASSWORD'))
    return badRequest('This password is not allowed', { password: 'Use 8–128 characters' });
  if (code.includes('INVALID_TOKEN') || code.includes('TOKEN')) {
    return new AppError(
      400,
      'invalid_token',
      'This link is invalid or has expired. Please ask for a new one.',
    );
  }
  if (error.statusCode === 401 || code.includes('INVALID_EMAIL_OR_PASSWORD')) {
    return new AppError(401, 'invalid_credentials', 'Wrong e-mail or password.');
  }
  return error;
}

/** Signs in with e-mail and password; returns the account and the session cookies to set. */
export async function logIn(
  app: FastifyInstance,
  body: LoginBody,
  headers: Headers,
): Promise<{ me: Me; cookies: string[] }> {
  let response: Response;
  try {
    response = await app.auth.api.signInEmail({
      body: { email: body.email.toLowerCase(), password: body.password, rememberMe: true },
      headers,
      asResponse: true,
    });
  } catch (error) {
    throw mapAuthError(error);
  }
  if (!response.ok) {
    const payload = (await response.json().catch(() => ({}))) as { code?: string };
    if (response.status === 403 || payload.code === 'EMAIL_NOT_VERIFIED') {
      throw new AppError(
        403,
        'email_not_verified',
        'Please verify your e-mail address first. Check your inbox.',
      );
    }
    throw new AppError(401, 'invalid_credentials', 'Wrong e-mail or password.');
  }
  const { user: signedIn } = (await response.json()) as { user: Parameters<typeof presentMe>[0] };
  return { me: presentMe(signedIn), cookies: response.headers.getSetCookie() };
}

/** Ends the session on the server; returns the cookie-clearing headers. */
export async function logOut(app: FastifyInstance, headers: Headers): Promise<string[]> {
  const response = await app.auth.api.signOut({ headers, asResponse: true });
  return response.headers.getSetCookie();
}

/** Sends the verification mail again to an unverified account; silent otherwise (no enumeration). */
export async function resendVerification(app: FastifyInstance, body: EmailBody): Promise<void> {
  const email = body.email.toLowerCase();
  const [found] = await app.db
    .select({ role: user.role, verified: user.emailVerified })
    .from(user)
    .where(eq(user.email, email));
  if (!found || found.verified) return;
  const role = found.role as Role;
  await app.auth.api.sendVerificationEmail({ body: { email, callbackURL: ROLE_HOME[role] } });
}

/** Mails a reset link if the address has an account; the answer is the same either way. */
export async function requestPasswordReset(app: FastifyInstance, body: EmailBody): Promise<void> {
  await app.auth.api.requestPasswordReset({
    body: { email: body.email.toLowerCase(), redirectTo: '/reset-password' },
  });
}

/** Sets a new password from a reset token; ends every session of the account. */
export async function resetPassword(app: FastifyInstance, body: NewPasswordBody): Promise<void> {
  try {
    await app.auth.api.resetPassword({ body: { newPassword: body.password, token: body.token } });
  } catch (error) {
    throw mapAuthError(error);
  }
}

/** The social providers this server has configured. */
export function socialProviders(app: FastifyInstance): AuthProviders {
  const { google, microsoft, github, oidc } = app.config.social;
  const social = [
    ...(google ? [{ id: 'google', name: 'Google' }] : []),
    ...(microsoft ? [{ id: 'microsoft', name: 'Microsoft' }] : []),
    ...(github ? [{ id: 'github', name: 'GitHub' }] : []),
    ...(oidc ? [{ id: oidc.id, name: oidc.name }] : []),
  ];
  return { social };
}

/** Starts a social sign-in: the provider URL plus the state cookies better-auth set. */
export async function startSocial(
  app: FastifyInstance,
  provider: string,
  role: Role,
  headers: Headers,
): Promise<{ url: string; cookies: string[] }> {
  if (!socialProviders(app).social.some((p) => p.id === provider)) {
    throw badRequest('This sign-in provider is not available.', { provider: 'Not configured' });
  }
  const response = await app.auth.api.signInSocial({
    body: { provider, callbackURL: '/', errorCallbackURL: `${LOGIN_PATH[role]}?error=social` },
    headers,
    asResponse: true,
  });
  const { url } = (await response.json()) as { url?: string };
  if (!response.ok || !url)
    throw new AppError(502, 'service_unavailable', 'The sign-in provider did not answer.');
  return { url, cookies: response.headers.getSetCookie() };
}
