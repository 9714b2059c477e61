// Backup and restore check (issue 11, docs/operations.md): `npm run db:backup-check`.
//
// Takes a pg_dump (custom format) of a live Vidya database while learners are answering, restores it with
// pg_restore into a new database, and checks the copy: the same tables and migrations, every derived row equal to a
// replay of the restored attempts (a consistent snapshot keeps them in step), and a server started on the copy
// accepting a session and serving the learner's progress. Uses throw-away databases on the local PostgreSQL
// (DATABASE_URL or postgres://postgres@127.0.0.1:5432/test) and removes everything it creates.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { createDatabase, type Database } from '#src/db/client.ts';
import { driveQuizzes, LoadClient, signUpLearners } from '#src/testing/load-driver.ts';
import { checkDurability } from '#src/testing/replay-check.ts';
import {
  adminDatabaseUrl,
  cleanupRegistry,
  ensureServerBuilt,
  sleep,
  startServer,
  throwAwayDatabase,
} from '#src/testing/server-process.ts';

const cleanup = cleanupRegistry('db:backup-check', 5 * 60_000);
const failures: string[] = [];
const fail = (text: string) => {
  failures.push(text);
  console.error(`FAIL ${text}`);
};

function run(command: string, args: string[]): string {
  const result = spawnSync(command, args, { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${command} failed (${result.status}): ${result.stderr}`);
  return result.stdout;
}

async function rowsOf<T>(database: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  const result: unknown = await database.db.execute(query);
  return Array.isArray(result) ? (result as T[]) : (result as { rows: T[] }).rows;
}

const tablesSql = sql`select table_schema || '.' || table_name as name from information_schema.tables
  where table_schema in ('public', 'drizzle') order by 1`;

async function main() {
  ensureServerBuilt();
  const source = await throwAwayDatabase(adminDatabaseUrl(), 'vidya_backup_src');
  cleanup.add(source.drop);
  const target = await throwAwayDatabase(adminDatabaseUrl(), 'vidya_backup_copy');
  cleanup.add(target.drop);
  const dir = mkdtempSync(join(tmpdir(), 'vidya-backup-'));
  cleanup.add(() => rmSync(dir, { recursive: true, force: true }));
  const dumpFile = join(dir, 'vidya.dump');

  const server = await startServer({ env: { DATABASE_URL: source.url } });
  cleanup.add(() => server.stop());
  const client = new LoadClient(server.baseUrl, 8);
  cleanup.add(() => client.close());
  const learners = await signUpLearners(client, 6, { concurrency: 3 });
  console.error(`${run('pg_dump', ['--version']).trim()}; 6 learners signed up`);

  // The dump is taken while answers are being written: pg_dump reads one consistent snapshot.
  const load = driveQuizzes(client, learners, { seconds: 8 });
  await sleep(3000);
  const t0 = Date.now();
  run('pg_dump', ['--format=custom', '--no-owner', `--file=${dumpFile}`, source.url]);
  const dumpMs = Date.now() - t0;
  const driven = await load;
  if (driven.errors > 0) fail(`${driven.errors} requests failed during the dump`);
  await server.stop();

  const t1 = Date.now();
  run('pg_restore', ['--no-owner', '--exit-on-error', `--dbname=${target.url}`, dumpFile]);
  const restoreMs = Date.now() - t1;
  console.error(
    `pg_dump ${dumpMs} ms (${(statSync(dumpFile).size / 1024).toFixed(0)} KiB), pg_restore ${restoreMs} ms`,
  );

  const original = await createDatabase({ kind: 'postgres', url: source.url });
  const copy = await createDatabase({ kind: 'postgres', url: target.url });
  try {
    const names = async (d: Database) => (await rowsOf<{ name: string }>(d, tablesSql)).map((r) => r.name);
    const [a, b] = [await names(original), await names(copy)];
    if (JSON.stringify(a) !== JSON.stringify(b)) fail(`tables differ: ${a.join(',')} vs ${b.join(',')}`);
    const migrations = sql`select count(*)::int as n from drizzle.__drizzle_migrations`;
    const [ma, mb] = [
      (await rowsOf<{ n: number }>(original, migrations))[0]!.n,
      (await rowsOf<{ n: number }>(copy, migrations))[0]!.n,
    ];
    if (ma !== mb) fail(`migrations differ: ${ma} vs ${mb}`);
    const report = await checkDurability(copy.db, []);
    console.error(
      `restored copy: ${b.length} tables, ${mb} migrations, ${report.attempts} attempts, ${report.skillStates} skill states replayed`,
    );
    if (report.attempts === 0) fail('the dump holds no attempts: the load did not run before it');
    for (const p of report.problems) fail(`restored copy: ${p}`);
  } finally {
    await original.close();
    await copy.close();
  }

  // The copy serves: sessions, accounts and progress came with it.
  const restored = await startServer({ env: { DATABASE_URL: target.url } });
  cleanup.add(() => restored.stop());
  const check = new LoadClient(restored.baseUrl, 2);
  const me = await check.send('GET', '/api/me', learners[0]!.cookie);
  if (me.status !== 200) fail(`GET /api/me on the restored copy: ${me.status}`);
  const progress = await check.send('GET', '/api/me/progress?period=all', learners[0]!.cookie);
  if (progress.status !== 200) fail(`GET /api/me/progress on the restored copy: ${progress.status}`);
  check.close();
  await restored.stop();
}

try {
  await main();
  await cleanup.run();
  console.error(
    failures.length === 0 ? 'db:backup-check passed' : `db:backup-check FAILED (${failures.length})`,
  );
  process.exit(failures.length === 0 ? 0 : 1);
} catch (error) {
  console.error(error);
  await cleanup.run();
  process.exit(1);
}
