// Durability and fault test (issue 11): `npm run test:durability -- [--db pg|pglite|both] [--kills 5] [--learners 8]`.
//
// For each database it starts the built server (dist/main.js), signs learners up, drives their quizzes
// concurrently, SIGKILLs the server at random moments (--kills times) and restarts it; on PostgreSQL also cuts the
// database away behind a TCP proxy (requests must get 503 problem+json, then recover without a restart) and sends
// SIGTERM while a request is in flight (it must finish). Then it checks, on the database itself, that every answer
// the API acknowledged is stored exactly once and every skill state equals a replay of the attempts
// (src/testing/replay-check.ts). `--sabotage` deletes one acknowledged attempt before checking: the check must
// then fail (it proves the check can fail). Exits 1 on any violation. Everything it creates is removed.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { createDatabase, type Database } from '#src/db/client.ts';
import { LoadClient, signUpLearners, type VirtualLearner } from '#src/testing/load-driver.ts';
import { startTcpProxy, type TcpProxy } from '#src/testing/proxies.ts';
import { checkDurability } from '#src/testing/replay-check.ts';
import {
  adminDatabaseUrl,
  cleanupRegistry,
  freePort,
  mainJs,
  sleep,
  startServer,
  throwAwayDatabase,
  type ServerProcess,
} from '#src/testing/server-process.ts';
import { Driver, type QuestionBody } from './durability-driver.ts';

const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'both' },
    kills: { type: 'string', default: '5' },
    learners: { type: 'string', default: '8' },
    sabotage: { type: 'boolean', default: false },
    seed: { type: 'string' },
  },
});
const kills = Number(args.kills);
const learnerCount = Number(args.learners);
const dbs = (args.db === 'both' ? ['pg', 'pglite'] : [args.db]).filter(
  (d): d is 'pg' | 'pglite' => d === 'pg' || d === 'pglite',
);
if (!(kills >= 5) || !(learnerCount > 0) || dbs.length === 0) {
  console.error('usage: test:durability [--db pg|pglite|both] [--kills ≥5] [--learners 8] [--sabotage]');
  process.exit(2);
}
if (!existsSync(mainJs())) {
  console.error(`no server build at ${mainJs()}: run npm run build first`);
  process.exit(2);
}

// A seeded generator, so a failing run can be repeated with --seed.
let seed = Number(args.seed ?? Math.floor(Math.random() * 2 ** 31));
const firstSeed = seed;
function random(): number {
  seed = (seed * 1103515245 + 12345) % 2 ** 31;
  return seed / 2 ** 31;
}

const cleanup = cleanupRegistry('test:durability', 4 * 60_000);
const failures: string[] = [];
const fail = (text: string) => {
  failures.push(text);
  console.error(`FAIL ${text}`);
};
let lastServer: ServerProcess | null = null;
const log = (text: string) => console.error(`[${new Date().toISOString().slice(11, 19)}] ${text}`);

async function expectProblem503(client: LoadClient, learner: VirtualLearner, what: string) {
  const response = await client.send('GET', '/api/me/enrolments', learner.cookie).catch((e: Error) => e);
  if (response instanceof Error) return fail(`${what}: request failed (${response.message})`);
  const type = String(response.headers['content-type'] ?? '');
  if (response.status !== 503 || !type.startsWith('application/problem+json')) {
    if (process.env.DURABILITY_DEBUG) console.error(lastServer?.output());
    return fail(
      `${what}: expected 503 problem+json, got ${response.status} ${type} ${response.body.slice(0, 200)}`,
    );
  }
  const body = JSON.parse(response.body) as { code?: string; status?: number };
  if (body.code !== 'service_unavailable' || body.status !== 503) fail(`${what}: body ${response.body}`);
}

/** The database goes away (the proxy cuts every connection and refuses new ones) and comes back. */
async function databaseOutage(
  server: ServerProcess,
  proxy: TcpProxy,
  client: LoadClient,
  learner: VirtualLearner,
) {
  const pid = server.child.pid;
  lastServer = server;
  proxy.cut();
  await expectProblem503(client, learner, 'database away: a signed-in read');
  const ready = await fetch(`${server.baseUrl}/readyz`);
  if (ready.status !== 503) fail(`database away: /readyz gave ${ready.status}`);
  const quiz = await client.send('POST', '/api/quizzes', learner.cookie, { course: learner.courses[0] });
  if (quiz.status !== 503) fail(`database away: starting a quiz gave ${quiz.status}`);
  if ((await fetch(`${server.baseUrl}/healthz`)).status !== 200)
    fail('database away: /healthz (liveness) failed');
  await sleep(1500);
  await expectProblem503(client, learner, 'database still away');
  proxy.restore();
  const deadline = Date.now() + 15_000;
  let recovered = false;
  while (Date.now() < deadline && !recovered) {
    const response = await client.send('GET', '/api/me/enrolments', learner.cookie);
    recovered = response.status === 200;
    if (!recovered) await sleep(200);
  }
  if (!recovered) fail('database back: the server did not recover within 15 s');
  if (server.child.pid !== pid || server.child.exitCode !== null)
    fail('database back: the server process restarted');
  log(`database outage: 503 problem+json while away, recovered without a restart: ${recovered}`);
}

/** SIGTERM with a request in flight (the database proxy holds its bytes): the request finishes, exit code 0. */
async function gracefulShutdown(
  server: ServerProcess,
  proxy: TcpProxy,
  client: LoadClient,
  learner: VirtualLearner,
  driver: Driver,
) {
  const started = await client.send('POST', '/api/quizzes', learner.cookie, { course: learner.courses[0] });
  const quizId = (JSON.parse(started.body) as { id: string }).id;
  const question = JSON.parse(
    (await client.send('POST', `/api/quizzes/${quizId}/next`, learner.cookie)).body,
  ) as QuestionBody;
  log('graceful shutdown: holding the database, one answer in flight');
  proxy.hold();
  const body = { itemId: question.itemId, answer: '1' };
  const inFlight = client.send('POST', `/api/quizzes/${quizId}/answers`, learner.cookie, body);
  await sleep(500);
  server.child.kill('SIGTERM');
  await sleep(500);
  const stillRunning = server.child.exitCode === null && server.child.signalCode === null;
  if (!stillRunning) fail('SIGTERM: the server exited before its in-flight request finished');
  // New connections are refused once closing has begun.
  const late = await fetch(`${server.baseUrl}/healthz`).then(
    (r) => r.status,
    () => 'refused',
  );
  proxy.release();
  const releasedAt = Date.now();
  const response = await inFlight.catch((e: Error) => e);
  if (response instanceof Error || response.status !== 200) {
    fail(
      `SIGTERM: the in-flight answer did not finish: ${response instanceof Error ? response.message : response.status}`,
    );
  } else {
    const result = JSON.parse(response.body) as { correct: boolean };
    driver.acked.set(`${quizId} ${body.itemId}`, {
      quizId,
      ...body,
      correct: result.correct,
    });
  }
  const exit = await server.exited;
  const closingMs = Date.now() - releasedAt;
  if (exit.code !== 0) fail(`SIGTERM: exit ${JSON.stringify(exit)}`);
  // Keep-alive connections must not hold the process open (Fastify's keep-alive timeout is 72 s).
  if (closingMs > 10_000) fail(`SIGTERM: the process took ${closingMs} ms to exit after its last request`);
  log(
    `graceful shutdown: in-flight answer ${response instanceof Error ? 'failed' : response.status}, new request ${late}, exit ${exit.code} ${closingMs} ms after the database came back`,
  );
}

async function runOn(kind: 'pg' | 'pglite') {
  log(
    `[${kind}] seed ${firstSeed}, load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  let env: Record<string, string>;
  let openForCheck: () => Promise<Database>;
  let proxy: TcpProxy | null = null;
  let dataDir = '';
  if (kind === 'pg') {
    const database = await throwAwayDatabase(adminDatabaseUrl(), 'vidya_durability');
    cleanup.add(database.drop);
    const target = new URL(database.url);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const opened = proxy;
    cleanup.add(() => opened.close());
    const viaProxy = new URL(database.url);
    viaProxy.port = String(proxy.port);
    env = { DATABASE_URL: viaProxy.toString() };
    openForCheck = () => createDatabase({ kind: 'postgres', url: database.url });
  } else {
    dataDir = mkdtempSync(join(tmpdir(), 'vidya-durability-'));
    cleanup.add(() => rmSync(dataDir, { recursive: true, force: true }));
    env = { DATA_DIR: dataDir };
    openForCheck = () => createDatabase({ kind: 'pglite', dataDir });
  }
  const port = await freePort();
  let server = await startServer({ env, port });
  cleanup.add(() => server.kill());
  const client = new LoadClient(server.baseUrl, learnerCount + 4);
  cleanup.add(() => client.close());
  const learners = await signUpLearners(client, learnerCount, { concurrency: 4 });
  log(`[${kind}] ${learnerCount} learners signed up`);
  const driver = new Driver(client, random);
  driver.start(learners);

  for (let k = 1; k <= kills; k++) {
    await sleep(800 + random() * 2500);
    const before = driver.acked.size;
    await server.kill();
    if (kind === 'pglite') {
      const lock = join(dataDir, 'vidya.lock');
      if (!existsSync(lock))
        fail('pglite: SIGKILL left no vidya.lock behind (the stale-lock path is not exercised)');
      else if (Number(readFileSync(lock, 'utf8').split(/\s/)[0]) !== server.child.pid)
        fail('pglite: vidya.lock does not name the killed process');
    }
    await sleep(random() * 500);
    const t0 = Date.now();
    server = await startServer({ env, port });
    log(
      `[${kind}] kill ${k}/${kills}: ${before} answers acknowledged so far; restarted in ${Date.now() - t0} ms`,
    );
  }
  await sleep(1500);
  await driver.stop();
  if (driver.unexpected.length > 0)
    fail(`[${kind}] unexpected responses: ${driver.unexpected.slice(0, 3).join(' | ')}`);
  log(
    `[${kind}] driver stopped: ${driver.acked.size} answers acknowledged, ${driver.networkErrors} failed calls retried`,
  );

  if (kind === 'pg' && proxy) {
    await databaseOutage(server, proxy, client, learners[0]!);
    await gracefulShutdown(server, proxy, client, learners[1]!, driver);
  } else {
    await server.stop();
    if (existsSync(join(dataDir, 'vidya.lock'))) fail('pglite: a clean shutdown left vidya.lock behind');
  }

  const database = await openForCheck();
  try {
    if (args.sabotage) {
      const victim = [...driver.acked.values()][0]!;
      await database.db.execute(
        sql`delete from attempt where quiz_id = ${victim.quizId} and item_id = ${victim.itemId}`,
      );
      log(`[${kind}] sabotage: deleted the acknowledged attempt ${victim.quizId}/${victim.itemId}`);
    }
    const report = await checkDurability(database.db, [...driver.acked.values()]);
    log(
      `[${kind}] check: ${report.acked} acknowledged answers, ${report.attempts} attempts, ${report.skillStates} skill states, ` +
        `${report.learnerStates} learner states replayed (${report.searched} item difficulties recovered by search)`,
    );
    for (const p of report.problems) fail(`[${kind}] ${p}`);
    if (report.acked < kills * 5)
      fail(`[${kind}] only ${report.acked} answers acknowledged: the load did not run`);
  } finally {
    await database.close();
  }
}

try {
  const t0 = Date.now();
  for (const kind of dbs) await runOn(kind);
  await cleanup.run();
  log(`done in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  if (failures.length > 0) {
    console.error(`test:durability FAILED (${failures.length} problems, seed ${firstSeed})`);
    process.exit(1);
  }
  console.error('test:durability passed');
  process.exit(0);
} catch (error) {
  console.error(error);
  await cleanup.run();
  process.exit(1);
}
