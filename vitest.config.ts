import { defineConfig } from 'vitest/config';

// One Vitest run over every workspace. The server's integration tests run on embedded PGlite always,
// and again on PostgreSQL when DATABASE_URL is set (each file makes and drops its own database).
const serverOn = (db: 'pglite' | 'pg') => ({
  extends: './apps/server/vitest.config.ts',
  root: './apps/server',
  test: { name: `server-${db}`, env: { TEST_DB: db } },
});

export default defineConfig({
  test: {
    // A worker per core. Left to itself Vitest ran one file at a time here on two cores: the PGlite project took
    // 404 s alone and 246 s with two workers; the whole run takes 8–8½ minutes with two.
    maxWorkers: '100%',
    projects: [
      'packages/*',
      'apps/web',
      serverOn('pglite'),
      ...(process.env.DATABASE_URL ? [serverOn('pg')] : []),
    ],
  },
});
