// The physical reference of `npm run bench:api` (bench/api.bench.ts): pgbench running the write transaction one
// answer makes, on the same PostgreSQL, so that the API's answers per second read as a share of what the database
// itself can do.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { summarise, type LatencySummary } from '#src/testing/load-driver.ts';

// One answer's writes, as submitAnswer does them: lock the quiz, insert the attempt, upsert the skill and learner
// states, update the quiz, upsert the item statistics. Each pgbench client is one learner with its own quiz row;
// item statistics are shared, as they are in the app.
const PGBENCH_SETUP = `
DROP TABLE IF EXISTS bench_attempt, bench_quiz, bench_skill_state, bench_learner_state, bench_item_stats;
CREATE TABLE bench_quiz (id int PRIMARY KEY, learner_id text NOT NULL, course_key text NOT NULL,
  length smallint NOT NULL, answered int NOT NULL DEFAULT 0, score int NOT NULL DEFAULT 0,
  started_at timestamptz NOT NULL DEFAULT now(), finished_at timestamptz);
CREATE TABLE bench_attempt (id uuid PRIMARY KEY DEFAULT gen_random_uuid(), quiz_id int NOT NULL REFERENCES bench_quiz(id),
  position int NOT NULL, learner_id text NOT NULL, course_key text NOT NULL, item_id text NOT NULL,
  item_version text NOT NULL, skill_id text NOT NULL, answer text NOT NULL, correct boolean NOT NULL,
  predicted real NOT NULL, mastery_before real NOT NULL, first_of_skill boolean NOT NULL DEFAULT false,
  mastery_after real NOT NULL, band_after text NOT NULL, response_ms int NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(), UNIQUE (quiz_id, position));
CREATE INDEX ON bench_attempt (learner_id, course_key, created_at);
CREATE TABLE bench_skill_state (learner_id text, course_key text, skill_id text, model_state jsonb NOT NULL,
  mastery real NOT NULL, band text NOT NULL, attempts int NOT NULL DEFAULT 0, correct int NOT NULL DEFAULT 0,
  last_practised_at timestamptz NOT NULL, next_review_at timestamptz, PRIMARY KEY (learner_id, course_key, skill_id));
CREATE TABLE bench_learner_state (learner_id text, course_key text, model_state jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(), PRIMARY KEY (learner_id, course_key));
CREATE TABLE bench_item_stats (item_id text PRIMARY KEY, attempts int NOT NULL DEFAULT 0, correct int NOT NULL DEFAULT 0);
INSERT INTO bench_quiz (id, learner_id, course_key, length)
  SELECT g, 'learner-' || g, 'science', 5 FROM generate_series(1, 1024) g;
`;

const PGBENCH_SCRIPT = `\\set skill random(1, 12)
\\set item random(1, 150)
\\set correct random(0, 1)
BEGIN;
SELECT answered AS pos FROM bench_quiz WHERE id = :client_id + 1 FOR UPDATE \\gset
INSERT INTO bench_attempt (quiz_id, position, learner_id, course_key, item_id, item_version, skill_id, answer,
  correct, predicted, mastery_before, first_of_skill, mastery_after, band_after, response_ms)
  VALUES (:client_id + 1, :pos, 'learner-' || :client_id, 'science', 'item-' || :item, 'v1', 'skill-' || :skill,
  '2', :correct = 1, 0.6, 0.5, false, 0.55, 'developing', 4200);
INSERT INTO bench_skill_state (learner_id, course_key, skill_id, model_state, mastery, band, attempts, correct,
  last_practised_at, next_review_at)
  VALUES ('learner-' || :client_id, 'science', 'skill-' || :skill,
  '{"tracing":{"a":1.25,"b":-0.5,"n":3},"review":{"dueMs":1760000000000,"stability":2.5}}', 0.55, 'developing',
  1, :correct, now(), now() + interval '1 day')
  ON CONFLICT (learner_id, course_key, skill_id) DO UPDATE SET model_state = excluded.model_state,
  mastery = excluded.mastery, band = excluded.band, attempts = bench_skill_state.attempts + 1,
  correct = bench_skill_state.correct + excluded.correct, last_practised_at = excluded.last_practised_at,
  next_review_at = excluded.next_review_at;
INSERT INTO bench_learner_state (learner_id, course_key, model_state, updated_at)
  VALUES ('learner-' || :client_id, 'science', '{"answers":12,"correct":7,"lastMs":1760000000000}', now())
  ON CONFLICT (learner_id, course_key) DO UPDATE SET model_state = excluded.model_state, updated_at = excluded.updated_at;
UPDATE bench_quiz SET answered = answered + 1, score = score + :correct WHERE id = :client_id + 1;
INSERT INTO bench_item_stats (item_id, attempts, correct) VALUES ('item-' || :item, 1, :correct)
  ON CONFLICT (item_id) DO UPDATE SET attempts = bench_item_stats.attempts + 1,
  correct = bench_item_stats.correct + excluded.correct;
END;
`;

export interface Reference {
  tps: number;
  clients: number;
  load: number;
  /** Each transaction's latency, from pgbench's transaction log. */
  latency: LatencySummary;
}

/** How long the cluster gets to itself after pgbench, before the server's runs that its figure normalises. */
const SETTLE_MS = 5_000;

/**
 * Leaves the cluster as pgbench found it: its tables dropped, its WAL flushed by a checkpoint, then a pause. Without
 * this, the checkpoint that pgbench's 15 s of writes bring due lands inside the server's first measured runs, and
 * whichever build it hits reads slower.
 */
async function settle(dbUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    await client.query(
      'DROP TABLE IF EXISTS bench_attempt, bench_quiz, bench_skill_state, bench_learner_state, bench_item_stats',
    );
    // CHECKPOINT needs superuser or pg_checkpoint; without either, the pause alone remains.
    await client.query('CHECKPOINT').catch((error: unknown) => {
      console.error(`[pg] CHECKPOINT after pgbench refused: ${String(error)}`);
    });
  } finally {
    await client.end();
  }
  await new Promise((done) => setTimeout(done, SETTLE_MS));
}

/** Runs pgbench's equivalent of one answer's writes for `seconds` on `clients` connections; null if it failed. */
export async function runPgbench(
  dbUrl: string,
  {
    clients,
    seconds,
    cleanup,
  }: { clients: number; seconds: string; cleanup: { add(task: () => void): void } },
): Promise<Reference | null> {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    await client.query(PGBENCH_SETUP);
  } finally {
    await client.end();
  }
  const dir = mkdtempSync(join(tmpdir(), 'vidya-pgbench-'));
  cleanup.add(() => rmSync(dir, { recursive: true, force: true }));
  const script = join(dir, 'answer.sql');
  writeFileSync(script, PGBENCH_SCRIPT);
  const pgbench = existsSync('/usr/bin/pgbench') ? '/usr/bin/pgbench' : 'pgbench';
  console.error(`[pg] pgbench: ${clients} clients, ${seconds} s`);
  const run = spawnSync(
    pgbench,
    [
      '-n',
      '-c',
      String(clients),
      '-j',
      '2',
      '-T',
      seconds,
      '-M',
      'prepared',
      '-f',
      script,
      // One line per transaction (its latency in µs is the third field), for the reference's percentiles.
      '-l',
      `--log-prefix=${join(dir, 'tx')}`,
      dbUrl,
    ],
    { cwd: dir, encoding: 'utf8', timeout: (Number(seconds) + 60) * 1000 },
  );
  const load = loadavg()[0]!;
  const match = /tps = ([\d.]+) \(without initial connection time\)/.exec(run.stdout ?? '');
  if (!match) {
    console.error(`pgbench failed (${run.status}): ${run.stderr || run.stdout}`);
    return null;
  }
  await settle(dbUrl);
  const latencies = readdirSync(dir)
    .filter((f) => f.startsWith('tx.'))
    .flatMap((f) => readFileSync(join(dir, f), 'utf8').split('\n'))
    .flatMap((line) => {
      const micros = Number(line.split(' ')[2]);
      return line && Number.isFinite(micros) ? [micros / 1000] : [];
    });
  return { tps: Number(match[1]), clients, load, latency: summarise(latencies) };
}
