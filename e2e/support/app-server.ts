import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { expect } from '@playwright/test';
import getPort from 'get-port';

const READY_TIMEOUT_MS = 90_000;
const STOP_TIMEOUT_MS = 10_000;
const LOG_TAIL_LINES = 80;

// Variables the server reads that must not leak in from the caller's shell or CI: e2e always runs on PGlite,
// the development outbox and the one mock provider (CI exports DATABASE_URL for the unit tests).
const SERVER_VARIABLES = [
  'NODE_ENV',
  'PORT',
  'HOST',
  'PUBLIC_URL',
  'LOG_LEVEL',
  'DATABASE_URL',
  'DATA_DIR',
  'MIGRATIONS_DIR',
  'WEB_DIST_DIR',
  'AUTH_SECRET',
  'SMTP_URL',
  'MAIL_FROM',
  'DEV_MAIL_OUTBOX',
  'REDIS_URL',
  'TRUST_PROXY',
  'RATE_LIMIT_IP_MULTIPLIER',
  'TUTOR_OFFLINE_CHUNK_MS',
  'GOOGLE_CLIENT_ID',
  'GOOGLE_CLIENT_SECRET',
  'MICROSOFT_CLIENT_ID',
  'MICROSOFT_CLIENT_SECRET',
  'MICROSOFT_TENANT_ID',
  'GITHUB_CLIENT_ID',
  'GITHUB_CLIENT_SECRET',
  'OIDC_PROVIDER_ID',
  'OIDC_NAME',
  'OIDC_DISCOVERY_URL',
  'OIDC_CLIENT_ID',
  'OIDC_CLIENT_SECRET',
];

export interface AppServer {
  baseUrl: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  child.kill('SIGTERM');
  const timer = sleep(STOP_TIMEOUT_MS).then(() => 'timeout' as const);
  if ((await Promise.race([exited, timer])) === 'timeout') {
    child.kill('SIGKILL');
    await exited;
  }
}

async function startOnce(repoRoot: string, env: Record<string, string>): Promise<AppServer> {
  // PUBLIC_URL must name the port before the server starts, so port 0 will not do: a port that is free now.
  const port = await getPort({ host: '127.0.0.1' });
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [join(repoRoot, 'apps/server/dist/main.js')], {
    cwd: repoRoot,
    env: { ...env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: baseUrl },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // A safety net if the runner dies without running globalTeardown.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);

  const tail: string[] = [];
  const collect = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (!line.trim()) continue;
      tail.push(line);
      if (tail.length > LOG_TAIL_LINES) tail.shift();
      process.stderr.write(`[server] ${line}\n`);
    }
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);

  const stop = async () => {
    await stopChild(child);
    process.removeListener('exit', killOnExit);
  };
  const ready = async (): Promise<'ready' | 'exited' | 'waiting'> => {
    if (child.exitCode !== null || child.signalCode !== null) return 'exited';
    try {
      const response = await fetch(`${baseUrl}/readyz`, { signal: AbortSignal.timeout(2_000) });
      return response.status === 200 ? 'ready' : 'waiting';
    } catch {
      return 'waiting'; // Not listening yet.
    }
  };
  let state = 'waiting' as Awaited<ReturnType<typeof ready>>;
  try {
    await expect
      .poll(async () => (state = await ready()), { timeout: READY_TIMEOUT_MS, intervals: [200] })
      .not.toBe('waiting');
  } catch {
    // Timed out: reported below with the server's log.
  }
  if (state === 'ready') return { baseUrl, child, stop };
  if (state === 'exited') {
    process.removeListener('exit', killOnExit);
    const error = new Error(
      `the server exited (${child.exitCode ?? child.signalCode}) before it was ready:\n${tail.join('\n')}`,
    );
    (error as Error & { addressInUse?: boolean }).addressInUse = tail.some((l) => l.includes('EADDRINUSE'));
    throw error;
  }
  await stop();
  throw new Error(
    `the server did not answer /readyz within ${READY_TIMEOUT_MS / 1000} s:\n${tail.join('\n')}`,
  );
}

export interface AppServerOptions {
  repoRoot: string;
  dataDir: string;
  webDistDir: string;
  /** Extra server variables (the OIDC provider, a log level). */
  env: Record<string, string>;
}

/** Starts the built server (`apps/server/dist/main.js`) on a free port and waits until /readyz answers 200. */
export async function startAppServer(options: AppServerOptions): Promise<AppServer> {
  const main = join(options.repoRoot, 'apps/server/dist/main.js');
  if (!existsSync(main))
    throw new Error(`${main} is missing: run \`npm run build\` at the repository root first.`);
  const inherited: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value !== undefined && !SERVER_VARIABLES.includes(key)) inherited[key] = value;
  }
  const env = {
    ...inherited,
    NODE_ENV: 'test',
    DATA_DIR: options.dataDir,
    WEB_DIST_DIR: options.webDistDir,
    DEV_MAIL_OUTBOX: 'true',
    RATE_LIMIT_IP_MULTIPLIER: '100',
    // Chunks far enough apart that a busy browser still paints a streamed reply in several steps (tutor.spec.ts).
    TUTOR_OFFLINE_CHUNK_MS: '80',
    LOG_LEVEL: 'warn',
    ...options.env,
  };
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startOnce(options.repoRoot, env);
    } catch (error) {
      // Someone took the port between the probe and the listen: try another one.
      if (attempt < 3 && (error as { addressInUse?: boolean }).addressInUse) continue;
      throw error;
    }
  }
}
