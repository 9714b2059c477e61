// Scale-out benchmark (issue 11): `npm run bench:scale -- [--processes 1,2,4] [--learners 64,256] [--seconds 15]`.
//
// Starts up to N built servers (dist/main.js) on one throw-away PostgreSQL database, signs learners up, and for
// each process count and learner count drives whole quizzes in a closed loop (load-driver.ts), each learner pinned
// to one process (learner i → process i mod N, as a load balancer with sticky connections would), then prints
// answers per second, exact p50/p99 latency and the scaling ratio against one process. Everything it creates is
// removed on exit. The load generator, the servers and PostgreSQL share this machine's cores: read the ratio with
// the core count and load average printed beside it.
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import {
  driveQuizzes,
  LoadClient,
  signUpLearners,
  type DriveResult,
  type HttpResponse,
} from '#src/testing/load-driver.ts';
import {
  adminDatabaseUrl,
  cleanupRegistry,
  runScript,
  ensureServerBuilt,
  startServer,
  throwAwayDatabase,
  type ServerProcess,
} from '#src/testing/server-process.ts';

const { values: args } = parseArgs({
  options: {
    processes: { type: 'string', default: '1,2,4' },
    learners: { type: 'string', default: '64,256' },
    seconds: { type: 'string', default: '15' },
    warmup: { type: 'string', default: '5' },
    'admin-url': { type: 'string', default: adminDatabaseUrl() },
  },
});
const list = (text: string) =>
  text
    .split(',')
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0)
    .sort((a, b) => a - b);
const processCounts = list(args.processes);
const levels = list(args.learners);
const seconds = Number(args.seconds);
const warmup = Number(args.warmup);
if (processCounts.length === 0 || levels.length === 0 || !(seconds > 0) || !(warmup >= 0)) {
  console.error('usage: bench:scale [--processes 1,2,4] [--learners 64,256] [--seconds 15] [--warmup 5]');
  process.exit(2);
}
const budgetMs = (240 + processCounts.length * levels.length * (seconds + warmup + 20)) * 1000;
const cleanup = cleanupRegistry('bench:scale', budgetMs);

/** Sends each learner's calls to the process it is pinned to (by its session cookie, assigned in turn). */
class PinnedClient extends LoadClient {
  private readonly pinned = new Map<string, LoadClient>();

  constructor(private readonly targets: LoadClient[]) {
    super('http://127.0.0.1:1', 1); // its own agent stays unused
  }

  override send(
    method: 'GET' | 'POST',
    path: string,
    cookie?: string,
    body?: unknown,
  ): Promise<HttpResponse> {
    const key = cookie ?? '';
    let target = this.pinned.get(key);
    if (!target) {
      target = this.targets[this.pinned.size % this.targets.length]!;
      this.pinned.set(key, target);
    }
    return target.send(method, path, cookie, body);
  }
}

interface Row {
  processes: number;
  result: DriveResult;
  load: number;
  /** Server CPU time (user + system, all its processes) per answer, warm-up included: load-independent cost. */
  cpuMsPerAnswer: number;
}

/** CPU time a process has used, in milliseconds (Linux /proc; clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function main() {
  ensureServerBuilt();
  const database = await throwAwayDatabase(args['admin-url'], 'vidya_scale_bench');
  cleanup.add(database.drop);
  const maxProcesses = processCounts[processCounts.length - 1]!;
  const maxLearners = levels[levels.length - 1]!;
  console.error(`starting ${maxProcesses} server processes on ${database.name}`);
  const servers: ServerProcess[] = [];
  // One at a time: each migrates and seeds (idempotent, under an advisory lock) before the next.
  for (let i = 0; i < maxProcesses; i++) {
    const server = await startServer({ env: { DATABASE_URL: database.url } });
    cleanup.add(() => server.stop());
    servers.push(server);
  }
  const clients = servers.map((s) => new LoadClient(s.baseUrl, maxLearners));
  cleanup.add(() => clients.forEach((c) => c.close()));
  const t0 = Date.now();
  // Password hashing makes sign-up CPU-bound: spread it over every process.
  const tag = Date.now().toString(36);
  const share = Math.ceil(maxLearners / clients.length);
  const groups = await Promise.all(
    clients.map((c, i) =>
      signUpLearners(c, Math.max(0, Math.min(share, maxLearners - i * share)), {
        concurrency: 4,
        tag: `${tag}p${i}`,
      }),
    ),
  );
  const learners = groups.flat();
  console.error(`${maxLearners} learners signed up in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

  const rows: Row[] = [];
  for (const n of processCounts) {
    for (const level of levels) {
      console.error(`${n} process(es), ${level} learners: ${warmup} s warm-up, ${seconds} s measured`);
      const client = new PinnedClient(clients.slice(0, n));
      const pids = servers.slice(0, n).map((s) => s.child.pid!);
      const cpuBefore = pids.reduce((sum, pid) => sum + cpuMs(pid), 0);
      const result = await driveQuizzes(client, learners.slice(0, level), { seconds, warmupSeconds: warmup });
      const cpuUsed = pids.reduce((sum, pid) => sum + cpuMs(pid), 0) - cpuBefore;
      const load = loadavg()[0]!;
      const cpuMsPerAnswer = cpuUsed / (result.answersPerSecond * (seconds + warmup));
      if (result.errors > 0)
        console.error(`  ${result.errors} errors, e.g. ${result.errorSamples.join(' | ')}`);
      rows.push({ processes: n, result, load, cpuMsPerAnswer });
    }
  }
  printReport(rows);
  return rows.some((r) => r.result.errors > 0) ? 1 : 0;
}

function printReport(rows: Row[]) {
  const ms = (v: number) => (Number.isNaN(v) ? '–' : v.toFixed(1));
  const base = new Map(
    rows.filter((r) => r.processes === processCounts[0]).map((r) => [r.result.learners, r]),
  );
  const lines = [
    `scale-out benchmark: ${cpus().length} CPUs (${cpus()[0]?.model ?? 'unknown'}), Node ${process.version}, ` +
      `PostgreSQL on the same machine; ${seconds} s measured after ${warmup} s warm-up; learners pinned to processes`,
    '',
    '| processes | learners | answers/s | scaling vs 1 | answers p50 / p99 ms | next p50 / p99 ms | server CPU ms/answer | errors | load avg (1 min) |',
    '|---:|---:|---:|---:|---|---|---:|---:|---:|',
    ...rows.map(({ processes, result: r, load, cpuMsPerAnswer }) => {
      const ref = base.get(r.learners)?.result.answersPerSecond ?? Number.NaN;
      return (
        `| ${processes} | ${r.learners} | ${r.answersPerSecond.toFixed(1)} | ${(r.answersPerSecond / ref).toFixed(2)}× | ` +
        `${ms(r.latency.answers.p50)} / ${ms(r.latency.answers.p99)} | ${ms(r.latency.next.p50)} / ${ms(r.latency.next.p99)} | ` +
        `${cpuMsPerAnswer.toFixed(1)} | ${r.errors} | ${load.toFixed(2)} |`
      );
    }),
  ];
  console.log(lines.join('\n'));
}

await runScript(main, cleanup);
