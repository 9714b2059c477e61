import type { KnowsParameters, ModelParameters } from '@vidya/engine';
import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The production model's batch fits (decision 010), newest = highest version: every server process loads the newest
 * at start and picks up newer ones while it runs. Only the last few are kept.
 */
export const modelFit = pgTable('model_fit', {
  version: integer('version').primaryKey().generatedAlwaysAsIdentity(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** Attempts the fit read. */
  attempts: integer('attempts').notNull(),
  /** The engine's `ModelParameters` (JSON). */
  parameters: jsonb('parameters').$type<ModelParameters>().notNull(),
  /**
   * Fits stored before decision 017: the logit difficulty per item statistics key they also wrote to
   * `item_stats.prior_difficulty`. Empty since (a fit leaves the items' statistics alone).
   */
  itemPriors: jsonb('item_priors').$type<Record<string, number>>().notNull(),
  /**
   * The mastery evidence's two-state layer fitted per course (`fitKnowsParameters`, decision 015); a course without
   * enough answers is absent and keeps the generic parameters.
   */
  knows: jsonb('knows').$type<Record<string, KnowsParameters>>().notNull().default({}),
  /** Wall-clock milliseconds the fit took. */
  fitMs: integer('fit_ms').notNull(),
});

/**
 * A lease per scheduled job, so that one server process runs it at a time: a process takes the row when it is free
 * or its lease has expired (a holder that died), and gives it back when done.
 */
export const jobLease = pgTable('job_lease', {
  name: text('name').primaryKey(),
  holder: text('holder').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
