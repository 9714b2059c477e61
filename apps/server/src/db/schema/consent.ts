import { index, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { tutorMessage } from './tutor.ts';

/**
 * A learner's age and parental consent (DPDP Act 2023 s.9): one row per learner who gave a month and year of birth.
 * `status`: `adult` | `pending` | `granted` | `withdrawn`. A learner without a row has not given an age yet.
 */
export const parentalConsent = pgTable(
  'parental_consent',
  {
    learnerId: text('learner_id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** Month and year only: no more than needed to tell a child from an adult. */
    birthYear: smallint('birth_year').notNull(),
    birthMonth: smallint('birth_month').notNull(),
    status: text('status').notNull(),
    /** Pending: the address the request goes to (cleared once a parent consents). */
    parentEmail: text('parent_email'),
    /** Pending: SHA-256 of the token in the mailed link (the token itself is never stored). */
    tokenHash: text('token_hash').unique(),
    requestedAt: timestamp('requested_at', { withTimezone: true }),
    /** Pending: deleted without consent after this; withdrawn: deleted after this (the download window). */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** When the day-5 reminder went out. */
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    /** The consent record: the parent account, the notice version read, how and when. */
    parentId: text('parent_id').references(() => user.id, { onDelete: 'set null' }),
    noticeVersion: text('notice_version'),
    /** `email_link` | `parent_created`. */
    method: text('method'),
    grantedAt: timestamp('granted_at', { withTimezone: true }),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('parental_consent_due_idx').on(t.status, t.expiresAt),
    index('parental_consent_parent_idx').on(t.parentId),
  ],
);

/**
 * The access log a learner and their consenting parent read: every event that changed who can see the learner's
 * data, or the data itself. The actor's role and name are kept as they were (an adult may delete their account).
 */
export const accessEvent = pgTable(
  'access_event',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    learnerId: text('learner_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    actorId: text('actor_id').references(() => user.id, { onDelete: 'set null' }),
    /** `learner` | `instructor` | `parent` | `system`. */
    actorRole: text('actor_role').notNull(),
    actorName: text('actor_name').notNull(),
    kind: text('kind').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('access_event_learner_idx').on(t.learnerId, t.createdAt)],
);

/** A tutor message that sounded worrying; the consenting parent and the class teachers see the message only. */
export const safetyAlert = pgTable(
  'safety_alert',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    learnerId: text('learner_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** One alert per message, however often its reply is retried. */
    messageId: uuid('message_id')
      .notNull()
      .unique()
      .references(() => tutorMessage.id, { onDelete: 'cascade' }),
    /** `self_harm` | `abuse` | `bullying` | `danger`. */
    category: text('category').notNull(),
    /** `urgent` | `concern`. */
    severity: text('severity').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('safety_alert_learner_idx').on(t.learnerId, t.createdAt)],
);
