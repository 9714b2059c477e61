import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { Worker } from 'node:worker_threads';
import { parseMathItemId } from '@vidya/content';
import {
  createProductionModel,
  difficultyFromPrior,
  itemDifficulty,
  type AttemptLog,
  type KnowsParameters,
  type ModelFit,
  type TracedItem,
} from '@vidya/engine';
import type { FastifyInstance } from 'fastify';
import type { Database } from '#src/db/client.ts';
import {
  AUTHORED_MAX_DIFFICULTY,
  GENERATED_MAX_DIFFICULTY,
  generatedStatsKey,
  guessOf,
  statsFor,
  type StatsMap,
} from './item-bank.ts';
import * as repo from './model-fit.repository.ts';
import { ALL_STATS } from './quiz-sql.ts';

// The periodic refit of the engine's model (decision 010): a lease row lets one process at a time run it, the fit
// runs in a worker thread, and every process loads the newest stored fit at start and whenever it checks.

const JOB = 'model-refit';
/** A fit of 250,000 attempts takes about a minute of wall-clock time on a loaded 2-core machine; far less than this. */
const LEASE_MS = 30 * 60_000;

/** What one run of the job did. */
export type RefitOutcome =
  | { kind: 'fitted'; version: number; attempts: number; fitMs: number }
  | { kind: 'busy' }
  | { kind: 'not-due'; attempts: number };

export interface RefitSettings {
  refitIntervalMs: number;
  minAttempts: number;
}

/**
 * The attempt log the engine fits on: one learner per learner and course, items keyed as `item_stats` keys them, each
 * at its calibrated difficulty under `stats` (its content level's prior when it has no statistics).
 */
export function attemptLog(
  rows: Awaited<ReturnType<typeof repo.recordedAttempts>>,
  stats: StatsMap,
): AttemptLog {
  const learners = new Map<string, number>();
  const itemIndex = new Map<string, number>();
  const items: TracedItem[] = [];
  const learner = new Int32Array(rows.length);
  const item = new Int32Array(rows.length);
  const correct = new Uint8Array(rows.length);
  const timeMs = new Float64Array(rows.length);
  rows.forEach((row, r) => {
    const learnerKey = `${row.learnerId}\u0000${row.courseKey}`;
    let l = learners.get(learnerKey);
    if (l === undefined) learners.set(learnerKey, (l = learners.size));
    // Generated questions share statistics per skill and level, as in item_stats.
    const generated = row.source === 'generated' ? parseMathItemId(row.itemId) : undefined;
    const key = generated ? generatedStatsKey(generated.skill, generated.difficulty) : row.itemId;
    let i = itemIndex.get(key);
    if (i === undefined) {
      itemIndex.set(key, (i = items.length));
      const maxPrior = generated ? GENERATED_MAX_DIFFICULTY : AUTHORED_MAX_DIFFICULTY;
      const priorDifficulty = difficultyFromPrior(row.difficulty, maxPrior);
      items.push({
        id: key,
        skills: [row.skillId],
        difficulty: itemDifficulty(statsFor({ priorDifficulty }, stats.get(key))),
      });
    }
    learner[r] = l;
    item[r] = i;
    correct[r] = row.correct ? 1 : 0;
    timeMs[r] = row.createdAt.getTime();
  });
  return { learner, item, correct, timeMs, items };
}

/**
 * The attempt logs the mastery evidence's two-state layer is fitted on, one per course: one learner per learner, and
 * every question its own item (a generated question too, so that a repeat is told from a new question of the same
 * level), with its chance of a lucky guess.
 */
export function knowsLogs(
  rows: Awaited<ReturnType<typeof repo.recordedAttempts>>,
): Record<string, AttemptLog> {
  const byCourse = new Map<string, typeof rows>();
  for (const row of rows) {
    const courseRows = byCourse.get(row.courseKey);
    if (courseRows) courseRows.push(row);
    else byCourse.set(row.courseKey, [row]);
  }
  return Object.fromEntries(
    [...byCourse].map(([course, courseRows]) => {
      const learners = new Map<string, number>();
      const itemIndex = new Map<string, number>();
      const items: TracedItem[] = [];
      const n = courseRows.length;
      const log: AttemptLog = {
        learner: new Int32Array(n),
        item: new Int32Array(n),
        correct: new Uint8Array(n),
        timeMs: new Float64Array(n),
        items,
      };
      courseRows.forEach((row, r) => {
        let l = learners.get(row.learnerId);
        if (l === undefined) learners.set(row.learnerId, (l = learners.size));
        let i = itemIndex.get(row.itemId);
        if (i === undefined) {
          itemIndex.set(row.itemId, (i = items.length));
          items.push({ id: row.itemId, skills: [row.skillId], guess: guessOf(row.kind, row.choices) });
        }
        log.learner[r] = l;
        log.item[r] = i;
        log.correct[r] = row.correct ? 1 : 0;
        log.timeMs[r] = row.createdAt.getTime();
      });
      return [course, log];
    }),
  );
}

/** What the worker fits: the production model on every attempt, and the two-state layer per course. */
export interface RefitInput {
  log: AttemptLog;
  knowsLogs: Record<string, AttemptLog>;
}

/** What the worker gives back. */
export interface RefitResult {
  model: ModelFit;
  knows: Record<string, KnowsParameters>;
}

/** Fits in a worker thread, so the event loop keeps serving requests while the fit runs; `signal` stops it. */
function fitInWorker(input: RefitInput, signal?: AbortSignal): Promise<RefitResult> {
  // From the sources (tsx, Vitest) the worker is TypeScript and needs tsx's loader; the build bundles it as .js.
  const worker = import.meta.url.endsWith('.ts')
    ? new Worker(
        `import { register } from ${JSON.stringify(import.meta.resolve('tsx/esm/api'))};
         register();
         await import(${JSON.stringify(new URL('./model-fit.worker.ts', import.meta.url).href)});`,
        { eval: true, workerData: input },
      )
    : new Worker(new URL('./model-fit.worker.js', import.meta.url), { workerData: input });
  const stop = () => void worker.terminate();
  signal?.addEventListener('abort', stop, { once: true });
  return new Promise<RefitResult>((resolve, reject) => {
    worker.once('message', (fit: RefitResult) => resolve(fit));
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the model fit's worker stopped (exit code ${code})`)));
  }).finally(() => {
    signal?.removeEventListener('abort', stop);
    stop();
  });
}

/**
 * Runs the refit job once: takes the lease (another process holding it → `busy`), and when the job is due — no fit
 * yet and at least `minAttempts` recorded, or the newest fit older than `refitIntervalMs` with attempts since —
 * fits the production model on every recorded attempt, each item at its calibrated difficulty (decision 017), and
 * stores it with the two-state layer fitted per course.
 */
export async function runRefitJob(
  database: Database,
  settings: RefitSettings,
  holder: string,
  signal?: AbortSignal,
): Promise<RefitOutcome> {
  const { db } = database;
  if (!(await repo.takeLease(db, JOB, holder, LEASE_MS))) return { kind: 'busy' };
  try {
    const [newest, attempts] = await Promise.all([repo.newestFitSummary(db), repo.countAttempts(db)]);
    const isDue = newest
      ? Date.now() - newest.createdAt.getTime() >= settings.refitIntervalMs && attempts > newest.attempts
      : attempts >= settings.minAttempts;
    if (!isDue) return { kind: 'not-due', attempts };
    // Each key's statistics as selection reads them (`ALL_STATS`).
    const [rows, stats] = await Promise.all([repo.recordedAttempts(db), ALL_STATS.run(database.run, {})]);
    const log = attemptLog(rows, new Map(stats.map((s) => [s.itemId, s])));
    const started = performance.now();
    const { model, knows } = await fitInWorker({ log, knowsLogs: knowsLogs(rows) }, signal);
    const fitMs = performance.now() - started;
    const version = await repo.storeFit(db, { ...model, knows, fitMs });
    return { kind: 'fitted', version, attempts: model.attempts, fitMs };
  } finally {
    await repo.releaseLease(db, JOB, holder);
  }
}

/** Loads the newest stored fit into this process's engine when it is newer than the one in use; returns its version. */
export async function loadNewestFit(app: FastifyInstance): Promise<number | null> {
  const found = await repo.newestFitAfter(app.db, app.learning.modelVersion ?? 0);
  if (found) {
    app.learning.model = createProductionModel(found.parameters);
    app.learning.knows = found.knows;
    app.learning.modelVersion = found.version;
  }
  return app.learning.modelVersion;
}

/**
 * Every `checkMs`: loads a newer stored fit, then (when this process takes part) runs the job if it is due. The
 * timer does not keep the process alive; closing the app stops it and any fit under way (the lease is given back).
 * A failed check is logged and retried next time.
 */
export function scheduleModelFit(app: FastifyInstance): void {
  const { modelFit } = app.config;
  const holder = `${hostname()}:${process.pid}:${randomUUID()}`;
  const closing = new AbortController();
  let running: Promise<void> | undefined;
  const check = async () => {
    await loadNewestFit(app);
    if (!modelFit.isRefitEnabled) return;
    const outcome = await runRefitJob(app.database, modelFit, holder, closing.signal);
    if (outcome.kind === 'fitted') {
      app.log.info(outcome, 'model refitted');
      await loadNewestFit(app);
    }
  };
  const timer = setInterval(() => {
    running ??= check()
      .catch((error: unknown) => {
        if (!closing.signal.aborted) app.log.error({ err: error }, 'model refit check failed');
      })
      .finally(() => (running = undefined));
  }, modelFit.checkMs);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    closing.abort();
    await running;
  });
}
