import { VerifyEmailQuerySchema, accountEndpoints } from '@vidya/contracts';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError, tooManyRequests } from '#src/errors.ts';
import { SIGNUP_ROLE_COOKIE } from '#src/plugins/auth.ts';
import { route } from '#src/plugins/route.ts';
import { accountOf, loadAccount, requireAccount } from '#src/plugins/session.ts';
import { afterLearnerSignUp, checkLearnerSignUp } from '../consent/index.ts';
import * as accounts from './accounts.service.ts';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
// Failed sign-ins (OWASP Authentication Cheat Sheet, "account lockout"): per account and client, so a storm of wrong
// passwords from one client locks only that client out of that account; and a slower ceiling per account against
// guessing spread over many clients, which one client alone cannot reach (4 windows × 10 < 100).
const FAILED_LOGINS_PER_CLIENT = 10;
const FAILED_LOGINS_PER_CLIENT_WINDOW_MS = 15 * MINUTE_MS;
const FAILED_LOGINS_PER_ACCOUNT = 100;
const FAILED_LOGINS_PER_ACCOUNT_WINDOW_MS = HOUR_MS;
const SOCIAL_ROLE_COOKIE_MAX_AGE_SECONDS = 600;

function setCookies(reply: FastifyReply, cookies: string[]): void {
  for (const cookie of cookies) reply.header('set-cookie', cookie);
}

const emailOf = (request: FastifyRequest) => {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email.trim().toLowerCase() : '';
};

/** Sign-up, login, logout, verification, password reset and social sign-in. */
export function accountRoutes(app: FastifyInstance): void {
  // Limits per IP and per account, so neither one address nor many addresses can guess a password.
  const limiter = (name: string, max: number, windowMs: number, perAccount: boolean) => {
    const check = app.createRateLimit({
      max: perAccount ? max : max * app.config.rateLimitIpMultiplier,
      timeWindow: windowMs,
      keyGenerator: (request) => `${name}:${perAccount ? `acct:${emailOf(request)}` : `ip:${request.ip}`}`,
    });
    return async (request: FastifyRequest) => {
      const result = await check(request);
      if (!result.isAllowed && result.isExceeded) throw tooManyRequests();
    };
  };
  // Counts only the failures it is told of; `isSpent` reads the count without adding to it.
  const failures = (
    name: string,
    max: number,
    windowMs: number,
    key: (request: FastifyRequest) => string,
  ) => {
    const check = app.createRateLimit({
      max,
      timeWindow: windowMs,
      keyGenerator: (request) => `${name}:${key(request)}`,
    });
    return {
      isSpent: async (request: FastifyRequest) => {
        const result = await check(request, { increment: false });
        return !result.isAllowed && result.remaining === 0;
      },
      count: async (request: FastifyRequest) => {
        await check(request);
      },
    };
  };
  const signUpIp = limiter('signup', 10, 10 * MINUTE_MS, false);
  const loginIp = limiter('login', 20, MINUTE_MS, false);
  const failedFromClient = failures(
    'login-failed',
    FAILED_LOGINS_PER_CLIENT,
    FAILED_LOGINS_PER_CLIENT_WINDOW_MS,
    (request) => `acct:${emailOf(request)}:ip:${request.ip}`,
  );
  const failedOnAccount = failures(
    'login-failed',
    FAILED_LOGINS_PER_ACCOUNT,
    FAILED_LOGINS_PER_ACCOUNT_WINDOW_MS,
    (request) => `acct:${emailOf(request)}`,
  );
  const mailIp = limiter('mail', 5, MINUTE_MS, false);
  const mailAccount = limiter('mail', 3, 15 * MINUTE_MS, true);

  // Every sign-up mails the address (a verification mail, or a note to its owner): limited per address as mails are.
  route(
    app,
    accountEndpoints.signUp,
    async ({ params, body }) => {
      // A learner gives a month and year of birth; under 18 a parent's address, who is asked to consent.
      if (params.role !== 'learners') return accounts.signUp(app, params.role, body);
      checkLearnerSignUp(body);
      const startedAt = new Date();
      const result = await accounts.signUp(app, params.role, body);
      await afterLearnerSignUp(app, body, startedAt);
      return result;
    },
    { preHandler: [signUpIp, mailAccount] },
  );

  route(
    app,
    accountEndpoints.login,
    async ({ body, request, reply }) => {
      if ((await failedFromClient.isSpent(request)) || (await failedOnAccount.isSpent(request)))
        throw tooManyRequests();
      try {
        const { me, cookies } = await accounts.logIn(app, body, fromNodeHeaders(request.headers));
        setCookies(reply, cookies);
        return me;
      } catch (error) {
        if (error instanceof AppError && error.code === 'invalid_credentials') {
          await failedFromClient.count(request);
          await failedOnAccount.count(request);
        }
        throw error;
      }
    },
    { preHandler: [loginIp] },
  );

  route(app, accountEndpoints.logout, async ({ request, reply }) => {
    setCookies(reply, await accounts.logOut(app, fromNodeHeaders(request.headers)));
    return { ok: true as const };
  });

  route(app, accountEndpoints.session, async ({ request }) => ({ account: await loadAccount(app, request) }));

  route(app, accountEndpoints.me, async ({ request }) => accountOf(request), {
    preHandler: [requireAccount(app)],
  });

  route(
    app,
    accountEndpoints.resendVerification,
    async ({ body }) => {
      await accounts.resendVerification(app, body);
      return { ok: true as const };
    },
    { preHandler: [mailIp, mailAccount] },
  );

  route(
    app,
    accountEndpoints.requestPasswordReset,
    async ({ body }) => {
      await accounts.requestPasswordReset(app, body);
      return { ok: true as const };
    },
    { preHandler: [mailIp, mailAccount] },
  );

  route(
    app,
    accountEndpoints.resetPassword,
    async ({ body }) => {
      await accounts.resetPassword(app, body);
      return { ok: true as const };
    },
    { preHandler: [loginIp] },
  );

  // The link in the verification mail (a browser navigation, answered with a redirect, so not in the contracts).
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/auth/verify-email',
    {
      schema: { hide: true, querystring: VerifyEmailQuerySchema },
      preHandler: [loginIp],
    },
    async (request, reply) => reply.redirect(await accounts.verifyEmail(app, request.query.token)),
  );

  route(app, accountEndpoints.providers, async () => accounts.socialProviders(app));

  route(
    app,
    accountEndpoints.socialStart,
    async ({ body, request, reply }) => {
      const { url, cookies } = await accounts.startSocial(
        app,
        body.provider,
        body.role,
        fromNodeHeaders(request.headers),
      );
      setCookies(reply, cookies);
      const secure = app.config.secureCookies ? '; Secure' : '';
      reply.header(
        'set-cookie',
        `${SIGNUP_ROLE_COOKIE}=${body.role}; Path=/; Max-Age=${SOCIAL_ROLE_COOKIE_MAX_AGE_SECONDS}; HttpOnly; SameSite=Lax${secure}`,
      );
      return { url };
    },
    { preHandler: [loginIp] },
  );
}
