import { z } from 'zod';
import { OkSchema } from './accounts.ts';
import { PasswordBodySchema } from './consent.ts';
import { endpoint } from './endpoint.ts';
import { LearnerIdParamsSchema } from './guardians.ts';
import { RoleSchema } from './roles.ts';

/** The format tag of a learner data export; a new version gets a new tag. */
export const LEARNER_EXPORT_FORMAT = 'vidya-learner-export/1';

/** One stored row as exported: column names in camelCase, times as ISO 8601 strings. */
export const ExportRowSchema = z.record(z.string(), z.unknown()).describe('One stored row');

/** The exported account's own fields, beside its role: the same for a learner and for an adult. */
const OWNER_FIELDS = {
  id: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  createdAt: z.iso.datetime(),
};

/**
 * Everything Vidya stores about a learner, as `GET /api/me/data-export` returns it. Secrets (password hashes,
 * session and OAuth tokens) are left out; everything else the learner's account owns is in `records`.
 */
export const LearnerExportSchema = z
  .object({
    format: z.literal(LEARNER_EXPORT_FORMAT),
    exportedAt: z.iso.datetime(),
    learner: z.object({ ...OWNER_FIELDS, role: RoleSchema }),
    records: z
      .record(z.string(), z.array(ExportRowSchema))
      .describe(
        'Rows per stored table: enrolments, quiz sessions and questions, attempts, skill states, badges, links, ' +
          'blocked teachers and parents, class memberships, channels, tutor conversations and messages, sessions and sign-in methods (no secrets)',
      ),
  })
  .meta({ id: 'LearnerExport' });
export type LearnerExport = z.infer<typeof LearnerExportSchema>;

/** The roles of the adults' accounts: teachers and parents. */
export const AdultRoleSchema = RoleSchema.exclude(['learners']);
export type AdultRole = z.infer<typeof AdultRoleSchema>;

/** The format tag of a teacher's or parent's own data export; a new version gets a new tag. */
export const ADULT_EXPORT_FORMAT = 'vidya-adult-export/1';

/**
 * Everything Vidya stores about a teacher or a parent, as `GET /api/me/data-export` returns it to them. Learners'
 * own records are theirs, not the adult's: only the links to them are in it. Secrets are left out as for a learner.
 */
export const AdultExportSchema = z
  .object({
    format: z.literal(ADULT_EXPORT_FORMAT),
    exportedAt: z.iso.datetime(),
    account: z.object({ ...OWNER_FIELDS, role: AdultRoleSchema }),
    records: z
      .record(z.string(), z.array(ExportRowSchema))
      .describe(
        "Rows per stored table: links learners accepted (with the learner's username and name, when made and " +
          'decided; a pending or declined request is the learner’s to see), classes (with their number of ' +
          'students), sessions, sign-in methods and mails (no secrets)',
      ),
  })
  .meta({ id: 'AdultExport' });
export type AdultExport = z.infer<typeof AdultExportSchema>;

/** The signed-in account's own export: a learner's or an adult's, told apart by `format`. */
export const MyDataExportSchema = z
  .discriminatedUnion('format', [LearnerExportSchema, AdultExportSchema])
  .meta({ id: 'MyDataExport' });
export type MyDataExport = z.infer<typeof MyDataExportSchema>;

/** Every account's own data rights (learner, teacher, parent), and a verified parent's on behalf of their child. */
export const dataRightsEndpoints = {
  exportMine: endpoint({
    method: 'GET',
    path: '/api/me/data-export',
    summary:
      "Download all of the signed-in account's data as JSON (an attachment): a learner's records, or a teacher's " +
      "or parent's account, links to learners and classes",
    tags: ['data rights'],
    response: MyDataExportSchema,
  }),
  deleteMine: endpoint({
    method: 'DELETE',
    path: '/api/me/account',
    summary:
      "Delete the signed-in account and every row of theirs; signs out. A teacher's or parent's deletion removes " +
      "their links to learners and their classes, never a learner's own records",
    tags: ['data rights'],
    response: OkSchema,
  }),
  exportChild: endpoint({
    method: 'GET',
    path: '/api/guardian/learners/:learnerId/data-export',
    summary: "The consenting parent downloads all of the child's data as JSON",
    tags: ['data rights'],
    params: LearnerIdParamsSchema,
    response: LearnerExportSchema,
  }),
  deleteChild: endpoint({
    method: 'DELETE',
    path: '/api/guardian/learners/:learnerId',
    summary:
      "The consenting parent deletes the child's account and every row of theirs (their password typed again)",
    tags: ['data rights'],
    params: LearnerIdParamsSchema,
    body: PasswordBodySchema,
    response: OkSchema,
  }),
};
