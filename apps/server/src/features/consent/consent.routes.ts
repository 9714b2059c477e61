import { consentEndpoints } from '@vidya/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { tooManyRequests } from '#src/errors.ts';
import { route } from '#src/plugins/route.ts';
import { accountOf, requireAccount } from '#src/plugins/session.ts';
import * as consent from './consent.service.ts';
import * as parentConsent from './parent-consent.service.ts';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const RESENDS_PER_DAY = 3;
const PARENT_ACTIONS_PER_HOUR = 20;

/** Parental consent: the learner's state and resend, the parent's consent, child accounts and withdrawal. */
export function consentRoutes(app: FastifyInstance): void {
  const learnersOnly = requireAccount(app, ['learners']);
  // Consent is a parent's to give: teachers and learners get 403, signed-out visitors 401.
  const parentsOnly = requireAccount(app, ['parents']);
  const perAccount = (name: string, max: number, timeWindow: number, detail: string) => {
    const check = app.createRateLimit({
      max,
      timeWindow,
      keyGenerator: (request: FastifyRequest) => `${name}:${request.account?.id ?? request.ip}`,
    });
    return async (request: FastifyRequest) => {
      const result = await check(request);
      if (!result.isAllowed && result.isExceeded) throw tooManyRequests(detail);
    };
  };
  const resendLimit = perAccount(
    'consent-resend',
    RESENDS_PER_DAY,
    DAY_MS,
    'You have sent the request a few times today. Ask your parent to look in their e-mail, or try again tomorrow.',
  );
  const parentLimit = perAccount(
    'consent-parent',
    PARENT_ACTIONS_PER_HOUR,
    HOUR_MS,
    'Too many requests. Please try again later.',
  );

  route(app, consentEndpoints.mine, async ({ request }) => consent.myConsent(app, accountOf(request).id), {
    preHandler: [learnersOnly],
  });
  route(
    app,
    consentEndpoints.resend,
    async ({ body, request }) => consent.resend(app, accountOf(request), body.parentEmail),
    { preHandler: [learnersOnly, resendLimit] },
  );
  route(
    app,
    consentEndpoints.giveAge,
    async ({ body, request }) => consent.giveAge(app, accountOf(request), body),
    {
      preHandler: [learnersOnly, resendLimit],
    },
  );
  route(app, consentEndpoints.request, async ({ params }) => consent.requestByToken(app, params.token));
  route(
    app,
    consentEndpoints.grant,
    async ({ params, body, request }) => parentConsent.grant(app, accountOf(request), params.token, body),
    { preHandler: [parentsOnly, parentLimit] },
  );
  route(
    app,
    consentEndpoints.createChild,
    async ({ body, request }) => parentConsent.createChild(app, accountOf(request), body),
    { preHandler: [parentsOnly, parentLimit] },
  );
  route(
    app,
    consentEndpoints.given,
    async ({ request }) => parentConsent.consentsGiven(app, accountOf(request).id),
    {
      preHandler: [parentsOnly],
    },
  );
  route(
    app,
    consentEndpoints.withdraw,
    async ({ params, body, request }) =>
      parentConsent.withdraw(app, accountOf(request), params.learnerId, body.password),
    { preHandler: [parentsOnly, parentLimit] },
  );
}
