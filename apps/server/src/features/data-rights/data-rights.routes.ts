import { dataRightsEndpoints } from '@vidya/contracts';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { tooManyRequests } from '#src/errors.ts';
import { route } from '#src/plugins/route.ts';
import { accountOf, requireAccount } from '#src/plugins/session.ts';
import { recordEvent } from '../access/index.ts';
import { logOut } from '../accounts/index.ts';
import { checkPassword } from '../consent/index.ts';
import * as dataRights from './data-rights.service.ts';

const HOUR_MS = 60 * 60 * 1000;
const EXPORTS_PER_HOUR = 20;

function asDownload(reply: FastifyReply, fileName: string): void {
  reply.header('content-disposition', `attachment; filename="${fileName}"`);
  reply.header('cache-control', 'no-store');
}

/** Every account's export and deletion of its own data; a verified parent's on behalf of their child. */
export function dataRightsRoutes(app: FastifyInstance): void {
  // Any signed-in account, each for itself only: the account comes from the session, never from the request.
  const signedIn = requireAccount(app);
  const parentsOnly = requireAccount(app, ['parents']);
  // An export reads every table of an account: a per-account limit keeps it from being used as a load generator.
  const exportLimit = app.createRateLimit({
    max: EXPORTS_PER_HOUR,
    timeWindow: HOUR_MS,
    keyGenerator: (request: FastifyRequest) => `export:${request.account?.id ?? request.ip}`,
  });
  const limitExports = async (request: FastifyRequest) => {
    const result = await exportLimit(request);
    if (!result.isAllowed && result.isExceeded)
      throw tooManyRequests('Too many downloads. Please try later.');
  };

  route(
    app,
    dataRightsEndpoints.exportMine,
    async ({ request, reply }) => {
      const caller = accountOf(request);
      const { document, fileName } = await dataRights.exportOwnData(app, caller.id);
      if (caller.role === 'learners') await recordEvent(app.db, caller.id, caller, 'data_exported');
      asDownload(reply, fileName);
      return document;
    },
    { preHandler: [signedIn, limitExports] },
  );

  route(
    app,
    dataRightsEndpoints.deleteMine,
    async ({ request, reply }) => {
      const accountId = accountOf(request).id;
      // Clear the cookie in the browser; the session rows go with the account.
      for (const cookie of await logOut(app, fromNodeHeaders(request.headers)))
        reply.header('set-cookie', cookie);
      await dataRights.deleteOwnAccount(app, accountId);
      return { ok: true as const };
    },
    { preHandler: [signedIn] },
  );

  route(
    app,
    dataRightsEndpoints.exportChild,
    async ({ params, request, reply }) => {
      await dataRights.assertParentOf(app, accountOf(request).id, params.learnerId);
      const { document, fileName } = await dataRights.exportLearner(app, params.learnerId);
      await recordEvent(app.db, params.learnerId, accountOf(request), 'data_exported');
      asDownload(reply, fileName);
      return document;
    },
    { preHandler: [parentsOnly, limitExports] },
  );

  route(
    app,
    dataRightsEndpoints.deleteChild,
    async ({ params, body, request }) => {
      const parentId = accountOf(request).id;
      await dataRights.assertParentOf(app, parentId, params.learnerId);
      // Deleting a child's account cannot be undone: the parent types their password again.
      await checkPassword(app, parentId, body.password);
      await dataRights.deleteLearner(app, params.learnerId);
      return { ok: true as const };
    },
    { preHandler: [parentsOnly] },
  );
}
