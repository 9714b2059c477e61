import { afterAll, describe, expect, it } from 'vitest';
import { testPostgresUrl } from '#src/testing/test-app.ts';
import { HotConnections } from './hot-connections.ts';

const url = testPostgresUrl();

describe.runIf(url)('HotConnections (PostgreSQL)', () => {
  const hot = new HotConnections(url!, 4);
  afterAll(() => hot.end(5));

  const backend = async (sleepSeconds: number) => {
    const [row] = await hot.run<{ pid: number }>('select pg_backend_pid() as pid from pg_sleep($1::float8)', [
      sleepSeconds,
    ]);
    return row!.pid;
  };

  it('runs one statement at a time on the first connection', async () => {
    const pids = new Set<number>();
    for (let i = 0; i < 5; i++) pids.add(await backend(0));
    expect(pids.size).toBe(1);
  });

  it('spreads concurrent statements over every connection, pipelining evenly when all are busy', async () => {
    const pids = await Promise.all(Array.from({ length: 12 }, () => backend(0.05)));
    const perConnection = new Map<number, number>();
    for (const pid of pids) perConnection.set(pid, (perConnection.get(pid) ?? 0) + 1);
    expect([...perConnection.values()]).toEqual([3, 3, 3, 3]);
  });

  it('runs the next statement on a connection whose backend was terminated mid-statement', async () => {
    // All idle: the long statement takes the first connection, the termination the second.
    const inFlight = hot.run<{ pid: number }>('select pg_backend_pid() as pid, pg_sleep(5)', []);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const [killed] = await hot.run<{ pid: number }>(
      `select pid from pg_stat_activity where query = 'select pg_backend_pid() as pid, pg_sleep(5)'`,
      [],
    );
    await hot.run('select pg_terminate_backend($1::int)', [killed!.pid]);
    await expect(inFlight).rejects.toThrow();
    // The next statement on that connection ran on a new backend, not refused with the old termination.
    const pid = await backend(0);
    expect(pid).not.toBe(killed!.pid);
  });

  it('passes parameters and returns every row', async () => {
    const rows = await hot.run<{ n: number }>('select generate_series(1, $1::int) as n', [3]);
    expect(rows.map((r) => r.n)).toEqual([1, 2, 3]);
  });
});
