import {
  ADULT_EXPORT_FORMAT,
  AdultRoleSchema,
  LEARNER_EXPORT_FORMAT,
  RoleSchema,
  type AdultExport,
  type LearnerExport,
} from '@vidya/contracts';
import type { AdultRows, LearnerRows, UserRow } from './data-rights.repository.ts';

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
// The hash of the parent's consent link still opens the consent page while the request waits.
const consentView = without('tokenHash');

/** Every account's rows per table as exported: the secrets left out, times as ISO 8601. */
function presentRecords(rows: LearnerRows | AdultRows): Record<string, Row[]> {
  const records: Record<string, Row[]> = {
    ...rows,
    sessions: rows.sessions.map(sessionView),
    signInMethods: rows.signInMethods.map(signInMethodView),
    mails: rows.mails.map(mailView),
    ...('consent' in rows ? { consent: rows.consent.map(consentView) } : {}),
  };
  return plain(records) as Record<string, Row[]>;
}

/** The account's own fields every export opens with (the role apart: each export narrows it). */
function presentOwner(owner: UserRow) {
  return {
    id: owner.id,
    email: owner.email,
    emailVerified: owner.emailVerified,
    username: owner.displayUsername ?? owner.username ?? '',
    firstName: owner.firstName,
    lastName: owner.lastName,
    createdAt: owner.createdAt.toISOString(),
  };
}

/** A learner's rows as the export document (`LearnerExportSchema`). */
export function presentExport(learner: UserRow, rows: LearnerRows, now = new Date()): LearnerExport {
  return {
    format: LEARNER_EXPORT_FORMAT,
    exportedAt: now.toISOString(),
    learner: { ...presentOwner(learner), role: RoleSchema.catch('learners').parse(learner.role) },
    records: presentRecords(rows),
  };
}

/** A teacher's or parent's rows as the export document (`AdultExportSchema`). */
export function presentAdultExport(adult: UserRow, rows: AdultRows, now = new Date()): AdultExport {
  return {
    format: ADULT_EXPORT_FORMAT,
    exportedAt: now.toISOString(),
    account: { ...presentOwner(adult), role: AdultRoleSchema.parse(adult.role) },
    records: presentRecords(rows),
  };
}

/** A download file name: letters, digits and `_.-` only, so it is safe in a Content-Disposition header. */
export function exportFileName(owner: UserRow, now = new Date()): string {
  const name = (owner.displayUsername ?? owner.username ?? 'account').replace(/[^A-Za-z0-9_.-]/g, '');
  return `vidya-data-${name || 'account'}-${now.toISOString().slice(0, 10)}.json`;
}
