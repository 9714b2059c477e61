import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import postgres from 'postgres';
import { HotConnections } from './hot-connections.ts';
import * as schema from './schema/index.ts';
import type { RunStatement } from './sql.ts';

/**
 * How many connections the hot statements share (decision 004): one per core, at least 2. Few, because postgres.js
 * pipelines the statements of concurrent requests; more backends only compete for the cores (measured in
 * docs/performance.md). Not 1: a statement waiting on a lock (an unenrolment's transaction) would hold up every
 * learner's.
 */
const HOT_CONNECTIONS = Math.max(2, availableParallelism());

export type Schema = typeof schema;
/** One drizzle type for both databases: PGlite (embedded) and PostgreSQL (through postgres.js). */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** An open transaction. */
export type Transaction = Parameters<Parameters<Db['transaction']>[0]>[0];
/** A database handle or an open transaction. */
export type Tx = Transaction | Db;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** One statement, in its own transaction (autocommit). */
  run: RunStatement;
  migrate(migrationsFolder: string): Promise<void>;
  /** Answers whether the database takes queries now (readiness). */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

/** The advisory lock id held while migrating PostgreSQL (any constant unique to Vidya). */
const MIGRATION_LOCK_KEY = 7_461_002_311;

export type DatabaseConfig = { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string | null };

export class DataDirLockedError extends Error {
  constructor(dataDir: string, pid: number) {
    super(
      `The data directory ${dataDir} is in use by another Vidya process (pid ${pid}). ` +
        'PGlite allows one process per data directory: stop that process, or set DATA_DIR to another ' +
        'directory, or set DATABASE_URL to use PostgreSQL.',
    );
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** When a process started (Linux: clock ticks since boot), so a recycled PID is not mistaken for the owner. */
function startTimeOf(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

/** The lock's owner still runs: its PID is alive and, where known, started when the lock says it did. */
function ownerRuns(lock: string): { pid: number; runs: boolean } {
  const [pidText, started] = lock.trim().split(/\s+/);
  const pid = Number(pidText);
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid || !isAlive(pid)) return { pid, runs: false };
  const now = startTimeOf(pid);
  return { pid, runs: !started || !now || now === started };
}

/**
 * PGlite has no lock of its own and two processes on one dir silently lose writes (STACK.md), so we add one. A
 * lock left by a process that died (SIGKILL, power loss) is stale and taken over: it names the owner's PID and start
 * time (issue 11, tested by scripts/durability.ts).
 */
function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const lockPath = join(dataDir, 'vidya.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx');
      writeSync(fd, `${process.pid} ${startTimeOf(process.pid) ?? ''}`.trim());
      closeSync(fd);
      return () => rmSync(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = ownerRuns(readFileSync(lockPath, 'utf8'));
      if (owner.runs) throw new DataDirLockedError(dataDir, owner.pid);
      rmSync(lockPath, { force: true }); // left behind by a process that died
    }
  }
  throw new Error(`could not lock ${dataDir}`);
}

/** Opens the configured database: PostgreSQL when a URL is given, else PGlite (in memory when dataDir is null). */
export async function createDatabase(config: DatabaseConfig): Promise<Database> {
  if (config.kind === 'postgres') {
    // One driver, postgres.js (decision 013): drizzle on a pool of its own (its transactions hold a connection, and
    // drizzle sets the pool's date parsers for its own mapping), the hot statements on `HotConnections`.
    const client = postgres(config.url, { max: 10, onnotice: () => undefined });
    const db = drizzlePostgres({ client, schema }) as unknown as Db;
    const hot = new HotConnections(config.url, HOT_CONNECTIONS);
    return {
      db,
      kind: 'postgres',
      run: hot.run,
      // Several processes may start at once on one database (a deploy): one migrates, the others wait and
      // then find nothing to do, instead of racing to create the same tables.
      migrate: async (migrationsFolder) => {
        const lock = await client.reserve();
        try {
          await lock`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`;
          await migratePostgres(db as unknown as Parameters<typeof migratePostgres>[0], { migrationsFolder });
        } finally {
          await lock`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`.catch(() => undefined);
          lock.release();
        }
      },
      ping: async () => {
        try {
          await client`select 1`;
          return true;
        } catch {
          return false;
        }
      },
      close: async () => {
        await Promise.all([client.end({ timeout: 5 }), hot.end(5)]);
      },
    };
  }
  const unlock = config.dataDir ? lockDataDir(config.dataDir) : () => undefined;
  let client: PGlite;
  try {
    client = config.dataDir ? await PGlite.create(join(config.dataDir, 'pglite')) : await PGlite.create();
  } catch (error) {
    unlock();
    throw error;
  }
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    run: async <Row>(text: string, params: readonly unknown[]) =>
      (await client.query<Row>(text, [...params])).rows,
    migrate: (migrationsFolder) =>
      migratePglite(db as unknown as Parameters<typeof migratePglite>[0], { migrationsFolder }),
    ping: async () => {
      try {
        await client.query('select 1');
        return true;
      } catch {
        return false;
      }
    },
    close: async () => {
      await client.close();
      unlock();
    },
  };
}
