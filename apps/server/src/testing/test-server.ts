import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { BuildOptions } from '#src/app.ts';
import type { Database } from '#src/db/client.ts';
import { buildTestApp, createTestDatabase } from './test-app.ts';

/**
 * The one set-up of a server test file. `useTestApp()` makes a fresh, migrated database before the file's (or the
 * enclosing describe's) tests, builds the app on it, and closes both after them; `useTestDatabase()` does the
 * database alone. Read them through `app` and `database`: Vitest isolates test files, so each file has its own.
 * Call one of them once per file.
 */
export let app: FastifyInstance;
export let database: Database;

type Env = Record<string, string>;

/** A fresh database before the tests, closed after them. */
export function useTestDatabase(): void {
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });
}

/**
 * A fresh database and the app on it. `env` overrides configuration; pass a function when it depends on something
 * an earlier `beforeAll` starts (a fake model, a mail server).
 */
export function useTestApp(env: Env | (() => Env) = {}, options: Omit<BuildOptions, 'database'> = {}): void {
  useTestDatabase();
  beforeAll(async () => {
    app = await buildTestApp(database, typeof env === 'function' ? env() : env, options);
  });
  afterAll(async () => {
    await app?.close();
  });
}
