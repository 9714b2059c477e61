import { sql } from 'drizzle-orm';
import {
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/** The quiz courses (seeded from packages/content). */
export const course = pgTable('course', {
  key: text('key').primaryKey(),
  title: text('title').notNull(),
  subject: text('subject').notNull(),
  sortOrder: smallint('sort_order').notNull(),
  /** `authored` multiple choice or `generated` free-text mathematics. */
  source: text('source').notNull(),
});

/** A skill of a course's taxonomy, with its prerequisites (skill ids of the same course). */
export const skill = pgTable(
  'skill',
  {
    id: text('id').notNull(),
    courseKey: text('course_key')
      .notNull()
      .references(() => course.key),
    name: text('name').notNull(),
    description: text('description').notNull(),
    gradeFrom: smallint('grade_from').notNull(),
    gradeTo: smallint('grade_to').notNull(),
    prerequisites: jsonb('prerequisites').$type<string[]>().notNull(),
    sortOrder: smallint('sort_order').notNull(),
  },
  (t) => [primaryKey({ columns: [t.courseKey, t.id] })],
);

/** An English reading passage, versioned like items. */
export const passage = pgTable(
  'passage',
  {
    id: text('id').notNull(),
    version: text('version').notNull(),
    title: text('title').notNull(),
    kind: text('kind').notNull(),
    text: text('text').notNull(),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.id, t.version] })],
);

/**
 * A question, keyed by id and content version: an edited item gets a new row and the old one is retired, so old
 * attempts keep pointing at what was answered. Generated mathematics items are stored when first served.
 */
export const item = pgTable(
  'item',
  {
    id: text('id').notNull(),
    version: text('version').notNull(),
    courseKey: text('course_key')
      .notNull()
      .references(() => course.key),
    skillId: text('skill_id').notNull(),
    /** `choice` (answer is the correct index) or `free_text` (answer is the canonical text). */
    kind: text('kind').notNull(),
    prompt: text('prompt').notNull(),
    choices: jsonb('choices').$type<string[]>(),
    answer: text('answer').notNull(),
    /** For free-text items, the form the question asks for (content's AnswerForm), used by the matcher. */
    answerForm: jsonb('answer_form'),
    explanation: text('explanation').notNull(),
    passageId: text('passage_id'),
    passageVersion: text('passage_version'),
    /** Content difficulty prior: 1–3 authored, 1–5 generated. */
    difficulty: smallint('difficulty').notNull(),
    source: text('source').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.version] }),
    index('item_course_skill_live_idx')
      .on(t.courseKey, t.skillId)
      .where(sql`${t.retiredAt} is null`),
  ],
);

/**
 * Online difficulty statistics per item id (all versions of an id share them): counts, and the engine's calibration
 * sums (`residual` = Σ correct − predicted, `information` = Σ predicted·(1 − predicted), predictions at the item's
 * prior difficulty), plain sums that concurrent answers add to in any order; rows from before them read 0.
 */
export const itemStats = pgTable('item_stats', {
  itemId: text('item_id').primaryKey(),
  attempts: integer('attempts').notNull().default(0),
  correct: integer('correct').notNull().default(0),
  residual: doublePrecision('residual').notNull().default(0),
  information: doublePrecision('information').notNull().default(0),
  /**
   * The item's logit difficulty from the newest model fit (decision 010), the prior that the calibration sums
   * (reset by each fit) move it from; null before any fit has seen the item (its content level's prior then applies).
   */
  priorDifficulty: doublePrecision('prior_difficulty'),
});
