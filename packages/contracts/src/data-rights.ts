import { z } from 'zod';
import { OkSchema } from './accounts.ts';
import { endpoint } from './endpoint.ts';
import { LearnerIdParamsSchema } from './guardians.ts';
import { RoleSchema } from './roles.ts';

/** The format tag of a learner data export; a new version gets a new tag. */
export const LEARNER_EXPORT_FORMAT = 'vidya-learner-export/1';

/** One stored row as exported: column names in camelCase, times as ISO 8601 strings. */
export const ExportRowSchema = z.record(z.string(), z.unknown()).describe('One stored row');

/**
 * Everything Vidya stores about a learner, as `GET /api/me/data-export` returns it. Secrets (password hashes,
 * session and OAuth tokens) are left out; everything else the learner's account owns is in `records`.
 */
export const LearnerExportSchema = z
  .object({
    format: z.literal(LEARNER_EXPORT_FORMAT),
    exportedAt: z.iso.datetime(),
    learner: z.object({
      id: z.string(),
      role: RoleSchema,
      email: z.string(),
      emailVerified: z.boolean(),
      username: z.string(),
      firstName: z.string(),
      lastName: z.string(),
      createdAt: z.iso.datetime(),
    }),
    records: z
      .record(z.string(), z.array(ExportRowSchema))
      .describe(
        'Rows per stored table: enrolments, quiz sessions and questions, attempts, skill states, badges, links, ' +
          'class memberships, channels, tutor conversations and messages, sessions and sign-in methods (no secrets)',
      ),
  })
  .meta({ id: 'LearnerExport' });
export type LearnerExport = z.infer<typeof LearnerExportSchema>;

/** A learner's own data rights, and a verified parent's on behalf of their child. */
export const dataRightsEndpoints = {
  exportMine: endpoint({
    method: 'GET',
    path: '/api/me/data-export',
    summary: "Download all of the signed-in learner's data as JSON (an attachment)",
    tags: ['data rights'],
    response: LearnerExportSchema,
  }),
  deleteMine: endpoint({
    method: 'DELETE',
    path: '/api/me/account',
    summary: "Delete the signed-in learner's account and every row of theirs; signs out",
    tags: ['data rights'],
    response: OkSchema,
  }),
  exportChild: endpoint({
    method: 'GET',
    path: '/api/guardian/learners/:learnerId/data-export',
    summary: "A parent with a verified link downloads all of the child's data as JSON",
    tags: ['data rights'],
    params: LearnerIdParamsSchema,
    response: LearnerExportSchema,
  }),
  deleteChild: endpoint({
    method: 'DELETE',
    path: '/api/guardian/learners/:learnerId',
    summary: "A parent with a verified link deletes the child's account and every row of theirs",
    tags: ['data rights'],
    params: LearnerIdParamsSchema,
    response: OkSchema,
  }),
};
