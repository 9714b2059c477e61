import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import { join } from 'node:path';
import getPort from 'get-port';
import pg from 'pg';
import { serverRoot } from '#src/config.ts';

/**
 * Real server processes for the fault, scale-out and soak runs (scripts/durability.ts, bench/scale.bench.ts,
 * bench/soak.bench.ts, scale-out.test.ts): the built bundle (dist/main.js) on a free loopback port, and throw-away
 * PostgreSQL databases. Everything is loopback-only.
 */

export const DEFAULT_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/test';

/** The admin PostgreSQL URL for throw-away databases: DATABASE_URL when set, else the local default. */
export function adminDatabaseUrl(): string {
  return process.env.DATABASE_URL ?? DEFAULT_ADMIN_URL;
}

/** True when DATABASE_URL is set (CI): the PostgreSQL-only tests run then. */
export function hasPostgres(): boolean {
  return Boolean(process.env.DATABASE_URL);
}

export const mainJs = () => join(serverRoot(), 'dist', 'main.js');

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** A loopback port nobody listens on right now (get-port; it also keeps one from being handed out twice). */
export const freePort = (): Promise<number> => getPort({ host: '127.0.0.1' });

async function adminQuery(adminUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A fresh empty database on the admin URL's (loopback) server, and a function that drops it. */
export async function throwAwayDatabase(
  adminUrl: string = adminDatabaseUrl(),
  prefix = 'vidya_run',
): Promise<{ url: string; name: string; drop: () => Promise<void> }> {
  const url = new URL(adminUrl);
  if (url.hostname !== '127.0.0.1' && url.hostname !== 'localhost') {
    throw new Error(`throw-away databases only on a loopback server, not ${url.hostname}`);
  }
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: () => adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

export interface ServerProcess {
  baseUrl: string;
  port: number;
  child: ChildProcess;
  /** The last few kilobytes of its stdout and stderr. */
  output(): string;
  /** Resolves with the exit code (null when killed by a signal) once the process has exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGTERM, then SIGKILL after `graceMs`; resolves when it has exited. */
  stop(graceMs?: number): Promise<void>;
  /** SIGKILL now; resolves when it has exited. */
  kill(): Promise<void>;
}

export interface StartOptions {
  /** Extra environment (DATABASE_URL or DATA_DIR, REDIS_URL…). */
  env: Record<string, string>;
  port?: number;
  /** Give up waiting for /readyz after this long. */
  readyTimeoutMs?: number;
  /** Node flags before the script (e.g. --cpu-prof). */
  nodeArgs?: string[];
}

/** Starts dist/main.js on loopback with test-friendly settings and waits until /readyz answers 200. */
export async function startServer(options: StartOptions): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), mainJs()], {
    cwd: serverRoot(),
    env: {
      PATH: process.env.PATH ?? '',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      AUTH_SECRET: 'durability-secret-durability-secret-0123',
      LOG_LEVEL: 'warn',
      DEV_MAIL_OUTBOX: 'true',
      RATE_LIMIT_IP_MULTIPLIER: '1000',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-6000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
    child.once('exit', (code, signal) => done({ code, signal })),
  );
  const isRunning = () => child.exitCode === null && child.signalCode === null;
  const stop = async (graceMs = 10_000) => {
    if (!isRunning()) return;
    const force = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.kill('SIGTERM');
    await exited;
    clearTimeout(force);
  };
  const kill = async () => {
    if (isRunning()) child.kill('SIGKILL');
    await exited;
  };
  const server: ServerProcess = { baseUrl, port, child, output: () => output, exited, stop, kill };
  const deadline = Date.now() + (options.readyTimeoutMs ?? 120_000);
  for (;;) {
    if (!isRunning()) throw new Error(`server exited (${child.exitCode ?? child.signalCode}):\n${output}`);
    if (Date.now() > deadline) {
      await kill();
      throw new Error(`server not ready after ${options.readyTimeoutMs ?? 120_000} ms:\n${output}`);
    }
    try {
      const response = await fetch(`${baseUrl}/readyz`);
      if (response.ok) return server;
    } catch {
      // not listening yet
    }
    await sleep(150);
  }
}

/** Cleanup tasks run in reverse order, once, also on Ctrl-C and on a time budget. */
export function cleanupRegistry(name: string, budgetMs: number) {
  const tasks: (() => Promise<void> | void)[] = [];
  let cleaning: Promise<void> | null = null;
  const run = () => {
    cleaning ??= (async () => {
      for (const task of tasks.splice(0).reverse()) {
        try {
          await task();
        } catch (error) {
          console.error(`cleanup: ${(error as Error).message}`);
        }
      }
    })();
    return cleaning;
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      console.error(`\n${signal}: cleaning up`);
      void run().then(() => process.exit(130));
    });
  }
  const watchdog = setTimeout(() => {
    console.error(`${name} exceeded its ${Math.round(budgetMs / 1000)} s budget; cleaning up`);
    void run().then(() => process.exit(1));
  }, budgetMs);
  watchdog.unref();
  return { add: (task: () => Promise<void> | void) => void tasks.push(task), run };
}

/** Runs a script's `main`, then its cleanup whatever happened, and exits with main's code (1 when it threw). */
export async function runScript(
  main: () => Promise<number>,
  cleanup: ReturnType<typeof cleanupRegistry>,
): Promise<never> {
  let code = 1;
  try {
    code = await main();
  } catch (error) {
    console.error(error);
  }
  await cleanup.run();
  process.exit(code);
}

/** The multi-process tests run once per Vitest run: in the PostgreSQL project (TEST_DB=pg, DATABASE_URL set). */
export function processTestsEnabled(): boolean {
  return process.env.TEST_DB === 'pg' && Boolean(process.env.DATABASE_URL);
}

/** The Redis for shared rate limits: REDIS_URL, else the local default. */
export function redisUrl(): string {
  return process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
}

/** Whether something accepts TCP connections at a redis:// or postgres:// URL's host and port. */
export function isReachable(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolveReachable) => {
    const socket = connect({ host: hostname, port: Number(port || 6379) });
    socket.setTimeout(1000);
    socket.once('connect', () => {
      socket.destroy();
      resolveReachable(true);
    });
    socket.once('error', () => resolveReachable(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolveReachable(false);
    });
  });
}

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/** Builds dist/main.js (tsup) when it is missing or older than the sources it bundles. */
export function ensureServerBuilt(): void {
  const bundle = mainJs();
  const sources = [
    'src',
    '../../packages/contracts/src',
    '../../packages/engine/src',
    '../../packages/content/src',
  ];
  const newest = Math.max(
    ...sources
      .map((dir) => join(serverRoot(), dir))
      .filter(existsSync)
      .map(newestMtime),
  );
  if (existsSync(bundle) && statSync(bundle).mtimeMs >= newest) return;
  const build = spawnSync('npm', ['run', 'build'], { cwd: serverRoot(), encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`server build failed:\n${build.stdout}\n${build.stderr}`);
}
