// Quiz API benchmark (issue 6):
// `npm run bench:api -- [--learners 16,64] [--seconds 20] [--db pg|pglite|both] [--rate 42%|<answers/s>|none]`.
//
// Starts the built server (apps/server/dist/main.js) on loopback against a throw-away PostgreSQL database and/or a
// fresh PGlite directory, signs learners up, drives whole quizzes (load-driver.ts) and prints answers per second and
// exact p50/p95/p99 latency of `next` and `answers`; for PostgreSQL also the TPS of pgbench running the equivalent
// write transaction, as the physical reference. Two kinds of run (docs/decisions/007-latency-at-a-set-rate.md):
// - closed loop, for each --learners level: every learner sends its next call as soon as the last one returns, which
//   finds the most answers per second the server can give; the latency is then the queue (learners ÷ calls/s);
// - at a set rate, with the largest --learners level: the learners together aim at --rate answers per second (by
//   default 42% of pgbench's TPS, so that the rate reached clears the 40% through the run's random variation)
//   with random think times; latency runs from when each call was sent, and how far calls fell behind their schedule
//   is printed beside it (decision 008).
// Everything it creates is removed on exit.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, cpus, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { serverRoot } from '#src/config.ts';
import {
  driveQuizzes,
  LoadClient,
  signUpLearners,
  type DriveResult,
  type LatencySummary,
} from '#src/testing/load-driver.ts';
import {
  adminDatabaseUrl,
  cleanupRegistry,
  ensureServerBuilt,
  runScript,
  startServer,
  throwAwayDatabase,
} from '#src/testing/server-process.ts';
import { runPgbench, type Reference } from './pgbench-reference.ts';

const { values: args } = parseArgs({
  options: {
    learners: { type: 'string', default: '16,64' },
    seconds: { type: 'string', default: '20' },
    warmup: { type: 'string', default: '5' },
    db: { type: 'string', default: 'both' },
    'admin-url': { type: 'string', default: adminDatabaseUrl() },
    'pgbench-seconds': { type: 'string', default: '15' },
    'pgbench-clients': { type: 'string', default: '64' },
    'no-pgbench': { type: 'boolean', default: false },
    /**
     * The set rate's answers per second: a share of pgbench's TPS ("42%"), a number, or "none". The default aims a
     * little above the 40%: the answers counted in 15–20 s of Poisson arrivals vary by about ±1%.
     */
    rate: { type: 'string', default: '42%' },
    build: { type: 'boolean', default: false },
    /** Directory for the server's V8 CPU profiles (node --cpu-prof), for profiling under load. */
    'cpu-prof': { type: 'string' },
  },
});

const levels = args.learners
  .split(',')
  .map(Number)
  .filter((n) => Number.isInteger(n) && n > 0)
  .sort((a, b) => a - b);
const seconds = Number(args.seconds);
const warmup = Number(args.warmup);
const isDb = (d: string): d is 'pg' | 'pglite' => d === 'pg' || d === 'pglite';
const dbs = (args.db === 'both' ? ['pg', 'pglite'] : [args.db]).filter(isDb);
const rateShare = /^(\d+(?:\.\d+)?)%$/.exec(args.rate);
const fixedRate = rateShare || args.rate === 'none' ? null : Number(args.rate);
if (
  levels.length === 0 ||
  !(seconds > 0) ||
  !(warmup >= 0) ||
  dbs.length === 0 ||
  (fixedRate !== null && !(fixedRate > 0))
) {
  console.error(
    'usage: bench:api [--learners 16,64] [--seconds 20] [--warmup 5] [--db pg|pglite|both] [--rate 42%|<answers/s>|none]',
  );
  process.exit(2);
}

/** The set rate for a database: a fixed number, or the share of that database's pgbench reference (PostgreSQL). */
function setRate(reference: Reference | null): number | null {
  if (fixedRate !== null) return fixedRate;
  if (rateShare && reference) return (Number(rateShare[1]) / 100) * reference.tps;
  return null;
}

// Bounded in time: setup, sign-ups and pgbench get generous slack on top of the measured runs.
const budgetMs =
  (dbs.length * (120 + (levels.length + 1) * (seconds + warmup + 15)) +
    Number(args['pgbench-seconds']) +
    60) *
  1000;

const cleanup = cleanupRegistry('bench:api', budgetMs);

interface Row {
  db: string;
  result: DriveResult;
  load: number;
}

async function benchDatabase(db: 'pg' | 'pglite'): Promise<{ rows: Row[]; reference: Reference | null }> {
  let env: Record<string, string>;
  let reference: Reference | null = null;
  if (db === 'pg') {
    const database = await throwAwayDatabase(args['admin-url'], 'vidya_bench');
    cleanup.add(database.drop);
    env = { DATABASE_URL: database.url };
    // Before the server starts, so that pgbench has the machine to itself.
    if (!args['no-pgbench'])
      reference = await runPgbench(database.url, {
        clients: Number(args['pgbench-clients']),
        seconds: args['pgbench-seconds'],
        cleanup,
      });
  } else {
    const dir = mkdtempSync(join(tmpdir(), 'vidya-bench-'));
    cleanup.add(() => rmSync(dir, { recursive: true, force: true }));
    env = { DATA_DIR: dir };
  }
  console.error(`[${db}] starting the server`);
  // With --cpu-prof, the server writes a V8 CPU profile into that directory when it stops.
  const server = await startServer({
    env,
    nodeArgs: args['cpu-prof']
      ? ['--cpu-prof', `--cpu-prof-dir=${resolve(args['cpu-prof'])}`, `--cpu-prof-name=${db}.cpuprofile`]
      : [],
  });
  cleanup.add(() => server.stop());
  const max = levels[levels.length - 1]!;
  const client = new LoadClient(server.baseUrl, max);
  try {
    const t0 = Date.now();
    const all = await signUpLearners(client, max, { concurrency: 8 });
    console.error(`[${db}] ${max} learners signed up in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    const rows: Row[] = [];
    for (const n of levels) {
      console.error(`[${db}] ${n} learners: ${warmup} s warm-up, ${seconds} s measured`);
      const result = await driveQuizzes(client, all.slice(0, n), { seconds, warmupSeconds: warmup });
      const load = loadavg()[0]!;
      if (result.errors > 0)
        console.error(`[${db}] ${result.errors} errors, e.g. ${result.errorSamples.join(' | ')}`);
      rows.push({ db, result, load });
    }
    const rate = setRate(reference);
    if (rate !== null) {
      console.error(
        `[${db}] ${max} learners at ${rate.toFixed(1)} answers/s: ${warmup} s warm-up, ${seconds} s measured`,
      );
      const result = await driveQuizzes(client, all, {
        seconds,
        warmupSeconds: warmup,
        answersPerSecond: rate,
      });
      if (result.errors > 0)
        console.error(`[${db}] ${result.errors} errors, e.g. ${result.errorSamples.join(' | ')}`);
      rows.push({ db, result, load: loadavg()[0]! });
    }
    return { rows, reference };
  } finally {
    client.close();
    await server.stop();
  }
}

// ---------- report ----------
const ms = (s: LatencySummary, key: 'p50' | 'p95' | 'p99') =>
  Number.isNaN(s[key]) ? '–' : s[key].toFixed(1);

function tableRow({ db, result: r, load }: Row): string {
  const { next, answers } = r.latency;
  const rate = r.targetAnswersPerSecond === null ? '' : `${r.targetAnswersPerSecond.toFixed(1)} | `;
  const behind = r.behindSchedule ? `${ms(r.behindSchedule, 'p50')} / ${ms(r.behindSchedule, 'p99')} | ` : '';
  return (
    `| ${db === 'pg' ? 'PostgreSQL' : 'PGlite'} | ${r.learners} | ${rate}${r.answersPerSecond.toFixed(1)} | ${r.quizzes} | ` +
    `${ms(next, 'p50')} / ${ms(next, 'p95')} / ${ms(next, 'p99')} | ` +
    `${ms(answers, 'p50')} / ${ms(answers, 'p95')} / ${ms(answers, 'p99')} | ${behind}${r.errors} | ${load.toFixed(2)} |`
  );
}

function printReport(rows: Row[], reference: Reference | null) {
  const closed = rows.filter((r) => r.result.targetAnswersPerSecond === null);
  const paced = rows.filter((r) => r.result.targetAnswersPerSecond !== null);
  const lines = [
    `quiz API benchmark: ${cpus().length} CPUs, Node ${process.version}, ${seconds} s measured after ${warmup} s warm-up`,
    '',
    'Closed loop (each learner calls again as soon as a reply comes: the most the server can do):',
    '',
    '| database | learners | answers/s | quizzes | next p50 / p95 / p99 ms | answers p50 / p95 / p99 ms | errors | load avg (1 min) |',
    '|---|---:|---:|---:|---|---|---:|---:|',
    ...closed.map(tableRow),
  ];
  if (paced.length > 0) {
    lines.push(
      '',
      'At a set rate (calls due on a Poisson schedule, each sent when due or when the learner has the reply it waits',
      "for; latency from sending; 'behind schedule': how late the calls went out, decision 008):",
      '',
      '| database | learners | aimed answers/s | answers/s | quizzes | next p50 / p95 / p99 ms | answers p50 / p95 / p99 ms | behind schedule p50 / p99 ms | errors | load avg (1 min) |',
      '|---|---:|---:|---:|---:|---|---|---|---:|---:|',
      ...paced.map(tableRow),
    );
  }
  if (reference) {
    lines.push(
      '',
      `pgbench reference (the answer's write transaction, ${reference.clients} clients, -j 2 -M prepared): ` +
        `${reference.tps.toFixed(0)} TPS, latency p50 / p95 / p99 ${ms(reference.latency, 'p50')} / ` +
        `${ms(reference.latency, 'p95')} / ${ms(reference.latency, 'p99')} ms (load avg ${reference.load.toFixed(2)})`,
    );
    for (const { db, result } of rows.filter((r) => r.db === 'pg')) {
      const ratio = (100 * result.answersPerSecond) / reference.tps;
      const how = result.targetAnswersPerSecond === null ? 'closed loop' : 'set rate';
      lines.push(
        `  ${db} at ${result.learners} learners (${how}): ${result.answersPerSecond.toFixed(1)} answers/s = ${ratio.toFixed(1)}% of pgbench`,
      );
    }
  }
  console.log(lines.join('\n'));
}

async function main(): Promise<number> {
  if (args.build) {
    console.error('building the server (tsup)');
    const build = spawnSync('npm', ['run', 'build'], { cwd: serverRoot(), stdio: 'inherit' });
    if (build.status !== 0) throw new Error('server build failed');
  } else ensureServerBuilt();
  const rows: Row[] = [];
  let reference: Reference | null = null;
  for (const db of dbs) {
    const result = await benchDatabase(db);
    rows.push(...result.rows);
    reference ??= result.reference;
  }
  printReport(rows, reference);
  return 0;
}

await runScript(main, cleanup);
