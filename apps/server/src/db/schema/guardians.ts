import { index, pgTable, text, timestamp, unique, uuid, primaryKey } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';

/** A teacher's class; learners join with its short code. */
export const classroom = pgTable(
  'class',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    instructorId: text('instructor_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    joinCode: text('join_code').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('class_instructor_idx').on(t.instructorId)],
);

/** A link between a teacher or parent and a learner; only `verified` links expose the learner's data. */
export const guardianLink = pgTable(
  'guardian_link',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    guardianId: text('guardian_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    learnerId: text('learner_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** `instructor` | `parent`. */
    kind: text('kind').notNull(),
    /** `unverified` (SPEC literal) | `verified` | `declined`. */
    status: text('status').notNull(),
    /** The class a teacher asked the learner to join, if any. */
    classId: uuid('class_id').references(() => classroom.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    unique('guardian_link_pair_unique').on(t.guardianId, t.learnerId),
    index('guardian_link_learner_idx').on(t.learnerId),
  ],
);

/** A learner in a teacher's class. */
export const classMember = pgTable(
  'class_member',
  {
    classId: uuid('class_id')
      .notNull()
      .references(() => classroom.id, { onDelete: 'cascade' }),
    learnerId: text('learner_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.classId, t.learnerId] }),
    index('class_member_learner_idx').on(t.learnerId),
  ],
);

/** An education channel URL a learner saved on /teachers. */
export const learnerChannel = pgTable(
  'learner_channel',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    learnerId: text('learner_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('learner_channel_url_unique').on(t.learnerId, t.url)],
);

/**
 * A teacher or parent a learner blocked: their link requests stop reaching the learner, and they are not told
 * (issue 20: the answer to a link request never says whether a learner exists or blocked them).
 */
export const guardianBlock = pgTable(
  'guardian_block',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    learnerId: text('learner_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    guardianId: text('guardian_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('guardian_block_pair_unique').on(t.learnerId, t.guardianId),
    index('guardian_block_guardian_idx').on(t.guardianId),
  ],
);
