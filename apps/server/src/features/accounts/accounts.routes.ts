import { accountEndpoints } from '@vidya/contracts';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { tooManyRequests } from '#src/errors.ts';
import { SIGNUP_ROLE_COOKIE } from '#src/plugins/auth.ts';
import { route } from '#src/plugins/route.ts';
import { accountOf, loadAccount, requireAccount } from '#src/plugins/session.ts';
import { afterLearnerSignUp, checkLearnerSignUp } from '../consent/consent.service.ts';
import * as accounts from './accounts.service.ts';

const MINUTE_MS = 60_000;
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
  const signUpIp = limiter('signup', 10, 10 * MINUTE_MS, false);
  const loginIp = limiter('login', 20, MINUTE_MS, false);
  const loginAccount = limiter('login', 10, 15 * MINUTE_MS, true);
  const mailIp = limiter('mail', 5, MINUTE_MS, false);
  const mailAccount = limiter('mail', 3, 15 * MINUTE_MS, true);

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
    { preHandler: [signUpIp] },
  );

  route(
    app,
    accountEndpoints.login,
    async ({ body, request, reply }) => {
      const { me, cookies } = await accounts.logIn(app, body, fromNodeHeaders(request.headers));
      setCookies(reply, cookies);
      return me;
    },
    { preHandler: [loginIp, loginAccount] },
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
