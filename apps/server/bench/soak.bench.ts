// Soak test (issue 11): `npm run bench:soak -- [--minutes 10] [--learners 32] [--db pg|pglite]`.
//
// Starts the built server (dist/main.js) on a throw-away PostgreSQL database (or a fresh PGlite directory), signs
// learners up and drives whole quizzes in a closed loop for the given minutes, printing the server's resident
// memory (RSS) and throughput every minute. RSS is sampled every 2 s; each minute's floor (its lowest sample, the
// memory the process keeps after its garbage collections) is what the leak check reads, because single samples rise
// and fall by tens of MiB with the collector's saw-tooth. Fails (exit 1) if any request errors, or if the floor of the
// last two minutes is more than 20% above the floor of minute two. Everything it creates is removed on exit.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { driveQuizzes, LoadClient, signUpLearners } from '#src/testing/load-driver.ts';
import {
  adminDatabaseUrl,
  cleanupRegistry,
  runScript,
  ensureServerBuilt,
  startServer,
  throwAwayDatabase,
} from '#src/testing/server-process.ts';

const { values: args } = parseArgs({
  options: {
    minutes: { type: 'string', default: '10' },
    learners: { type: 'string', default: '32' },
    db: { type: 'string', default: 'pg' },
    /** Allowed growth of the RSS floor after the first two minutes, in percent. */
    'max-growth': { type: 'string', default: '20' },
    'admin-url': { type: 'string', default: adminDatabaseUrl() },
  },
});
const minutes = Number(args.minutes);
const learnerCount = Number(args.learners);
const maxGrowth = Number(args['max-growth']) / 100;
const BASELINE_MINUTE = 2;
const RSS_SAMPLE_MS = 2_000;
if (!Number.isInteger(minutes) || minutes < 1 || !(learnerCount > 0) || !['pg', 'pglite'].includes(args.db)) {
  console.error('usage: bench:soak [--minutes 10] [--learners 32] [--db pg|pglite] [--max-growth 20]');
  process.exit(2);
}
const cleanup = cleanupRegistry('bench:soak', (minutes * 60 + 300) * 1000);

/** Resident memory of a process in MiB (Linux /proc). */
function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1]);
  return kb / 1024;
}

async function main(): Promise<number> {
  ensureServerBuilt();
  let env: Record<string, string>;
  if (args.db === 'pg') {
    const database = await throwAwayDatabase(args['admin-url'], 'vidya_soak');
    cleanup.add(database.drop);
    env = { DATABASE_URL: database.url };
  } else {
    const dir = mkdtempSync(join(tmpdir(), 'vidya-soak-'));
    cleanup.add(() => rmSync(dir, { recursive: true, force: true }));
    env = { DATA_DIR: dir };
  }
  const server = await startServer({ env });
  cleanup.add(() => server.stop());
  const pid = server.child.pid!;
  const client = new LoadClient(server.baseUrl, learnerCount);
  cleanup.add(() => client.close());
  const learners = await signUpLearners(client, learnerCount, { concurrency: 8 });
  console.log(
    `soak: ${minutes} min, ${learnerCount} learners, ${args.db === 'pg' ? 'PostgreSQL' : 'PGlite'}, ` +
      `${cpus().length} CPUs, Node ${process.version}; server pid ${pid}, RSS at start ${rssMiB(pid).toFixed(1)} MiB`,
  );
  console.log(
    '| minute | RSS floor MiB | RSS peak MiB | answers/s | answers p99 ms | errors | load avg (1 min) |',
  );
  console.log('|---:|---:|---:|---:|---:|---:|---:|');
  let errors = 0;
  const floors: number[] = [];
  for (let minute = 1; minute <= minutes; minute++) {
    const samples: number[] = [];
    const sampler = setInterval(() => samples.push(rssMiB(pid)), RSS_SAMPLE_MS);
    const result = await driveQuizzes(client, learners, { seconds: 60 }).finally(() =>
      clearInterval(sampler),
    );
    samples.push(rssMiB(pid));
    const floor = Math.min(...samples);
    floors.push(floor);
    errors += result.errors;
    console.log(
      `| ${minute} | ${floor.toFixed(1)} | ${Math.max(...samples).toFixed(1)} | ${result.answersPerSecond.toFixed(1)} | ` +
        `${result.latency.answers.p99.toFixed(1)} | ${result.errors} | ${loadavg()[0]!.toFixed(2)} |`,
    );
    if (result.errors > 0) console.error(`  errors, e.g. ${result.errorSamples.join(' | ')}`);
  }
  const problems: string[] = [];
  if (errors > 0) problems.push(`${errors} requests errored`);
  if (minutes <= BASELINE_MINUTE) {
    console.log(
      `(no growth check: it compares minutes after ${BASELINE_MINUTE} with minute ${BASELINE_MINUTE})`,
    );
  } else {
    const baseline = floors[BASELINE_MINUTE - 1]!;
    const last = Math.min(...floors.slice(Math.max(BASELINE_MINUTE, floors.length - 2)));
    const growth = last / baseline - 1;
    console.log(
      `RSS floor in minute ${BASELINE_MINUTE}: ${baseline.toFixed(1)} MiB; in the last two minutes ${last.toFixed(1)} MiB ` +
        `(${(growth * 100).toFixed(1)}%, limit ${(maxGrowth * 100).toFixed(0)}%)`,
    );
    if (growth > maxGrowth)
      problems.push(`the RSS floor grew ${(growth * 100).toFixed(1)}% after minute ${BASELINE_MINUTE}`);
  }
  for (const p of problems) console.error(`FAIL ${p}`);
  console.log(problems.length === 0 ? 'bench:soak passed' : 'bench:soak FAILED');
  return problems.length === 0 ? 0 : 1;
}

await runScript(main, cleanup);
