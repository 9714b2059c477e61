import { bigserial, index, jsonb, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { quizSession } from './learning.ts';

/** A learner's conversation with the tutor; optionally about one served quiz question ("Ask the tutor"). */
export const tutorConversation = pgTable(
  'tutor_conversation',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    learnerId: text('learner_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    title: text('title'),
    /** The quiz and position of the question the conversation is about, if any. */
    quizId: uuid('quiz_id').references(() => quizSession.id, { onDelete: 'set null' }),
    position: smallint('position'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('tutor_conversation_learner_idx').on(t.learnerId, t.updatedAt)],
);

/** One message of a conversation; `seq` orders them (several may share a timestamp). */
export const tutorMessage = pgTable(
  'tutor_message',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => tutorConversation.id, { onDelete: 'cascade' }),
    /** `user` | `assistant`. */
    role: text('role').notNull(),
    text: text('text').notNull(),
    /** `complete` | `failed`. */
    status: text('status').notNull().default('complete'),
    /** Who wrote an assistant message: `{ kind: 'model' | 'offline', name }`. */
    engine: jsonb('engine').$type<{ kind: 'model' | 'offline'; name: string }>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('tutor_message_conversation_idx').on(t.conversationId, t.seq)],
);
