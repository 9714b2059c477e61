import { LEARNER_EXPORT_FORMAT, RoleSchema, type LearnerExport } from '@vidya/contracts';
import type { LearnerRows, UserRow } from './data-rights.repository.ts';

type Row = Record<string, unknown>;

/** JSON-ready values: times as ISO 8601; everything else as stored. */
function plain(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(plain);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value as Row).map(([key, v]) => [key, plain(v)]));
  }
  return value;
}

const without =
  <K extends string>(...secrets: K[]) =>
  (row: Row): Row =>
    Object.fromEntries(Object.entries(row).filter(([key]) => !secrets.includes(key as K)));

// Secrets never leave the server, not even to their owner: a stolen export must not sign anyone in.
const sessionView = without('token', 'id');
const signInMethodView = without('password', 'accessToken', 'refreshToken', 'idToken', 'id');
// Mail bodies carry one-time links (verification, reset); the export keeps that a mail was sent, and when.
const mailView = without('text', 'html');

/** A learner's rows as the export document (`LearnerExportSchema`). */
export function presentExport(learner: UserRow, rows: LearnerRows, now = new Date()): LearnerExport {
  const records: Record<string, Row[]> = {
    ...rows,
    sessions: rows.sessions.map(sessionView),
    signInMethods: rows.signInMethods.map(signInMethodView),
    mails: rows.mails.map(mailView),
  };
  return {
    format: LEARNER_EXPORT_FORMAT,
    exportedAt: now.toISOString(),
    learner: {
      id: learner.id,
      role: RoleSchema.catch('learners').parse(learner.role),
      email: learner.email,
      emailVerified: learner.emailVerified,
      username: learner.displayUsername ?? learner.username ?? '',
      firstName: learner.firstName,
      lastName: learner.lastName,
      createdAt: learner.createdAt.toISOString(),
    },
    records: plain(records) as Record<string, Row[]>,
  };
}

/** A download file name: letters, digits and `_.-` only, so it is safe in a Content-Disposition header. */
export function exportFileName(learner: UserRow, now = new Date()): string {
  const name = (learner.displayUsername ?? learner.username ?? 'learner').replace(/[^A-Za-z0-9_.-]/g, '');
  return `vidya-data-${name || 'learner'}-${now.toISOString().slice(0, 10)}.json`;
}
