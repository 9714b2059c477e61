import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { course } from './catalogue.ts';

const learnerRef = () =>
  text('learner_id')
    .notNull()
    .references(() => user.id, { onDelete: 'cascade' });
const courseRef = () =>
  text('course_key')
    .notNull()
    .references(() => course.key);

/** A learner's enrolment in a course. Unenrolling deletes every row of the learner for that course. */
export const enrolment = pgTable(
  'enrolment',
  {
    learnerId: learnerRef(),
    courseKey: courseRef(),
    enrolledAt: timestamp('enrolled_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.learnerId, t.courseKey] })],
);

/** The engine's learner-level state for one course (overall counts and recency), updated with every answer. */
export const learnerCourseState = pgTable(
  'learner_course_state',
  {
    learnerId: learnerRef(),
    courseKey: courseRef(),
    modelState: jsonb('model_state').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.learnerId, t.courseKey] })],
);

/** One row per learner and skill, updated in the same transaction as the attempt. */
export const skillState = pgTable(
  'skill_state',
  {
    learnerId: learnerRef(),
    courseKey: courseRef(),
    skillId: text('skill_id').notNull(),
    /** The engine's `SkillModelState`: tracing state and review card. */
    modelState: jsonb('model_state').notNull(),
    /** Mastery probability 0–1 and its band, as last computed. */
    mastery: real('mastery').notNull(),
    band: text('band').notNull(),
    attempts: integer('attempts').notNull().default(0),
    correct: integer('correct').notNull().default(0),
    lastPractisedAt: timestamp('last_practised_at', { withTimezone: true }).notNull(),
    nextReviewAt: timestamp('next_review_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.learnerId, t.courseKey, t.skillId] })],
);

/** A 5-question quiz. */
export const quizSession = pgTable(
  'quiz_session',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    learnerId: learnerRef(),
    courseKey: courseRef(),
    length: smallint('length').notNull(),
    answered: smallint('answered').notNull().default(0),
    score: smallint('score').notNull().default(0),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('quiz_session_learner_course_idx').on(t.learnerId, t.courseKey, t.startedAt)],
);

/** The question served at each position of a quiz (chosen by the engine when first asked for). */
export const quizQuestion = pgTable(
  'quiz_question',
  {
    quizId: uuid('quiz_id')
      .notNull()
      .references(() => quizSession.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    itemId: text('item_id').notNull(),
    itemVersion: text('item_version').notNull(),
    skillId: text('skill_id').notNull(),
    /** Why the engine chose it: placement, review, practice or explore (a random item of the skill, decision 021). */
    reason: text('reason').notNull(),
    predicted: real('predicted').notNull(),
    servedAt: timestamp('served_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.quizId, t.position] })],
);

/** Every answer, append-only: the truth from which skill states, progress and badges derive. */
export const attempt = pgTable(
  'attempt',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    quizId: uuid('quiz_id')
      .notNull()
      .references(() => quizSession.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    learnerId: learnerRef(),
    courseKey: courseRef(),
    itemId: text('item_id').notNull(),
    itemVersion: text('item_version').notNull(),
    skillId: text('skill_id').notNull(),
    answer: text('answer').notNull(),
    correct: boolean('correct').notNull(),
    /** P(correct) the engine predicted before the answer. */
    predicted: real('predicted').notNull(),
    masteryBefore: real('mastery_before').notNull(),
    /** The learner's first answer on this skill: there was no mastery before it to show. */
    firstOfSkill: boolean('first_of_skill').notNull().default(false),
    masteryAfter: real('mastery_after').notNull(),
    bandAfter: text('band_after').notNull(),
    responseMs: integer('response_ms').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The item's logit difficulty the engine used for this answer (from the item statistics it read), so the
     * answer can be replayed exactly; null when the engine used its own (and on rows from before it was kept).
     */
    itemDifficulty: doublePrecision('item_difficulty'),
    /** The `model_fit` version the engine predicted with; null = the cold-start model (decision 010). */
    modelVersion: integer('model_version'),
  },
  (t) => [
    // One answer per quiz position: a retry or a second tab cannot score the same question twice.
    unique('attempt_quiz_position_unique').on(t.quizId, t.position),
    index('attempt_learner_course_idx').on(t.learnerId, t.courseKey, t.createdAt),
  ],
);
