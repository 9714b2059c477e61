import { QUESTIONS_PER_QUIZ, type CourseKey } from '@vidya/contracts';
import type { FastifyInstance } from 'fastify';
import { conflict, type AppError } from '#src/errors.ts';
import type { Caller } from '#src/features/accounts/index.ts';
import { createProductionModel, type KnowsParameters, type ProductionModel } from '@vidya/engine';
import type { Database } from '#src/db/client.ts';
import { ItemBank, ItemStatsCache, type ItemContent } from './item-bank.ts';
import { QuizContexts } from './quiz-contexts.ts';
import {
  ALL_STATS,
  ANSWER_WRITE,
  QUIZ_CHECK,
  QUIZ_READ,
  SERVE,
  SERVED,
  START,
  type ContextRow,
  type StoredItem,
} from './quiz-sql.ts';
import { serveValues, type AnswerPlan, type Choice, type Engine, type QuizContext } from './quiz-state.ts';
import * as repo from './quizzes.repository.ts';

/**
 * The only I/O of the quiz calls: the quiz's context from this process's cache or the database, the item statistics,
 * the guarded writes and their retries, and the caller's session check (the accounts feature's `Caller`; its session
 * goes into the statements, which check it in the same round trip, decisions 004–006).
 */

/** The engine's model, the question bank, the item statistics and the quizzes' contexts, one of each per process. */
export interface Learning {
  /** The newest stored fit's model (model-fit.job.ts), or the cold-start model before the first fit. */
  model: ProductionModel;
  /** The `model_fit` version of `model`; null = the cold-start model. */
  modelVersion: number | null;
  /** The mastery evidence's two-state layer fitted per course with `model` (generic parameters for a course absent). */
  knows: Readonly<Record<string, KnowsParameters>>;
  bank: ItemBank;
  stats: ItemStatsCache;
  contexts: QuizContexts;
}

/** This process's `Learning`: the cold-start model (model-fit.job.ts loads the newest fit), the bank, the caches. */
export async function loadLearning(database: Database): Promise<Learning> {
  return {
    model: createProductionModel(),
    modelVersion: null,
    knows: {},
    bank: await ItemBank.load(database.db),
    stats: new ItemStatsCache(() => ALL_STATS.run(database.run, {})),
    contexts: new QuizContexts(),
  };
}

const RECENT_QUIZZES = 3;

/** The engine, the bank and the item statistics (at most 5 s old, decision 004) a decision is made with. */
export async function engineOf(app: FastifyInstance): Promise<Engine> {
  const { model, modelVersion, knows, bank, stats } = app.learning;
  return { model, modelVersion, knows, bank, stats: await stats.current() };
}

/** The context of a row read with the caller's session (see `QuizContext`). */
function contextOf(caller: Caller, row: ContextRow): QuizContext {
  return {
    ...row,
    session: caller.session,
    asked: row.asked.map((q) => SERVED.fromJson(q)),
    learner: row.learner ?? undefined,
    item: row.item ?? undefined,
    quizTally: row.quizTally ?? undefined,
    timeZone: row.timeZone ?? 'UTC',
  };
}

/**
 * A row read with the caller's session checked in the same statement. When there is none, the whole check tells a
 * missing session (401) or a wrong role (403) from what `missing` answers; a session that better-auth must see goes
 * through it too.
 */
async function checked<Row extends { sessionExpiresAt: Date }>(
  caller: Caller,
  row: Row | undefined,
  missing: () => AppError,
): Promise<Row> {
  if (!row) {
    await caller.confirm();
    throw missing();
  }
  await caller.confirmIfDue(row.sessionExpiresAt);
  return row;
}

/** Starts a quiz in `course` (see START): the new quiz and its context (kept), or undefined when not enrolled. */
export async function start(
  app: FastifyInstance,
  caller: Caller,
  course: CourseKey,
  timeZone: string | undefined,
  missing: () => AppError,
): Promise<{ id: string; context: QuizContext } | undefined> {
  const [found] = await START.run(app.database.run, {
    session: caller.session,
    course,
    recent: RECENT_QUIZZES,
    timeZone: timeZone ?? null,
    length: QUESTIONS_PER_QUIZ,
  });
  const { id, ...row } = await checked(caller, found, missing);
  if (id === null) return undefined;
  const context = contextOf(caller, { ...row, asked: [], attempts: [], item: null });
  app.learning.contexts.set(id, context);
  return { id, context };
}

/**
 * The quiz's context for a call: the one this process's last call on the quiz left (decision 005) when `canUse`
 * accepts it and the session is not due for better-auth, else read afresh (404 `missing` when it is not the
 * caller's). A call that would answer from a cached context without writing reads, so that what it returns is checked.
 */
export async function load(
  app: FastifyInstance,
  caller: Caller,
  quizId: string,
  canUse: (context: QuizContext) => boolean,
  missing: () => AppError,
): Promise<QuizContext> {
  const { contexts } = app.learning;
  const cached = contexts.get(quizId, caller.session);
  if (cached && canUse(cached) && (await caller.fresh(cached.sessionExpiresAt))) return cached;
  contexts.delete(quizId);
  const [found] = await QUIZ_READ.run(app.database.run, {
    session: caller.session,
    quizId,
    recent: RECENT_QUIZZES,
  });
  const context = contextOf(caller, await checked(caller, found, missing));
  contexts.set(quizId, context);
  return context;
}

/**
 * The cached context of a quiz whose current question `isServed` (by the last answer's write), if a small read
 * confirms that the quiz is still at that position and the session still holds; else undefined (and the caller reads
 * the whole context).
 */
export async function confirmServed(
  app: FastifyInstance,
  caller: Caller,
  quizId: string,
  isServed: (context: QuizContext) => boolean,
): Promise<QuizContext | undefined> {
  const { contexts } = app.learning;
  const cached = contexts.get(quizId, caller.session);
  if (!cached || !isServed(cached)) return undefined;
  const [now] = await QUIZ_CHECK.run(app.database.run, { session: caller.session, quizId });
  if (!now || now.answered !== cached.answered || now.finishedAt) {
    contexts.delete(quizId);
    return undefined;
  }
  await caller.confirmIfDue(now.sessionExpiresAt);
  return cached;
}

/**
 * The content of a question served in the quiz: the bank's, the generated item the context holds, or the stored row
 * (a generated item stored before by another quiz is shown and checked as stored).
 */
export async function content(
  app: FastifyInstance,
  context: QuizContext,
  itemId: string,
  version: string,
): Promise<{ item: StoredItem; passage: ItemContent['passage'] }> {
  const known = app.learning.bank.contentOf(itemId, version);
  if (known) return known;
  if (context.item?.id === itemId && context.item.version === version)
    return { item: context.item, passage: null };
  return (await repo.itemWithPassage(app.db, itemId, version))!;
}

/**
 * Serves `choice` if the quiz is still at its position, nothing was served there yet and the session holds: when it
 * was served and whether its generated item was stored now; undefined when another call got there first or the
 * session ended (the cached context is dropped, and the caller reads again).
 */
export async function serve(app: FastifyInstance, caller: Caller, quizId: string, choice: Choice) {
  const [row] = await SERVE.run(app.database.run, {
    session: caller.session,
    quizId,
    position: choice.served.position,
    ...serveValues(choice),
  });
  if (!row) app.learning.contexts.delete(quizId);
  return row && { servedAt: new Date(row.servedAt), itemStored: row.itemStored };
}

/**
 * Writes an answer as planned if the quiz is still at the position read, the session holds and the learner's version
 * is the one read: the badges awarded now, the learner's new version and when the next question was served; undefined
 * (and the cached context dropped) when another call or tab moved first or the session ended.
 */
export async function saveAnswer(app: FastifyInstance, caller: Caller, plan: AnswerPlan) {
  const { write } = plan;
  const [row] = await ANSWER_WRITE.run(app.database.run, { session: caller.session, ...write });
  if (!row || row.applied === 0 || row.version === null) {
    app.learning.contexts.delete(write.quizId);
    return undefined;
  }
  return {
    badges: row.badges,
    stamp: { ...write.stamp, [write.course]: row.version },
    served:
      row.servedAt === null ? undefined : { servedAt: new Date(row.servedAt), itemStored: row.itemStored },
  };
}

/** Keeps a quiz's context as a successful call left it (a finished quiz is dropped). */
export function keep(app: FastifyInstance, quizId: string, context: QuizContext): void {
  if (context.finishedAt || context.answered >= context.length) app.learning.contexts.delete(quizId);
  else app.learning.contexts.set(quizId, context);
}

/** A guarded write lost to a concurrent call reads again; a third loss in a row means heavy contention. */
const ATTEMPTS = 3;

/** Runs `attempt` until it returns a value (undefined: its guarded write lost, read again): 409 `conflict` after 3. */
export async function withRetries<T>(attempt: (first: boolean) => Promise<T | undefined>): Promise<T> {
  for (let n = 0; n < ATTEMPTS; n++) {
    const done = await attempt(n === 0);
    if (done !== undefined) return done;
  }
  throw conflict('conflict', 'This quiz changed while we saved. Please try again.');
}
