import { connect } from 'node:net';
import postgres from 'postgres';
import type { RunStatement } from './sql.ts';

type Options = postgres.Options<Record<string, postgres.PostgresType>>;

/** SQLSTATE admin_shutdown: the backend was terminated (pg_terminate_backend, a fast shutdown). */
const ADMIN_SHUTDOWN = '57P01';

/**
 * A connection's socket, for postgres.js's `socket` option (missing from its types), which passes its parsed options:
 * TCP to the URL's first host (postgres.js takes no Unix socket path from a URL).
 */
const openSocket = (o: { host: string[]; port: number[] }) =>
  connect({ host: o.host[0]!, port: o.port[0]!, noDelay: true });

/**
 * The connections the hot statements run on (decision 004): `size` postgres.js clients of one connection each, a
 * statement going to the client with the fewest statements in flight, where postgres.js pipelines it.
 *
 * Not one postgres.js client of `size` connections: its pool (3.4.9) moves a connection between its queues with an
 * array whose `shift` leaves a hole and whose `remove` scans the whole array, so while every connection is busy the
 * array grows by one slot per statement and never shrinks. Each statement then costs time proportional to how many
 * ran before it, and a server under steady load slowed with uptime (measured in docs/performance.md, "Session of
 * 2026-11-23 afternoon"). A client of one connection never has two entries to move, so its queues stay empty or hold
 * that one connection.
 *
 * Each connection's socket is opened here, with Nagle's algorithm off: postgres.js opens a plain `net.Socket`, which
 * keeps Nagle's algorithm on, so a statement written while an earlier one on the same connection is unacknowledged
 * waited for that acknowledgement (docs/performance.md).
 */
export class HotConnections {
  private readonly clients: { sql: postgres.Sql; inFlight: number }[];

  constructor(url: string, size: number) {
    this.clients = Array.from({ length: size }, () => ({
      sql: postgres(url, { max: 1, prepare: true, onnotice: () => undefined, socket: openSocket } as Options),
      inFlight: 0,
    }));
  }

  /**
   * Runs one statement, prepared once per connection, on the least busy connection.
   *
   * A statement refused with `57P01` (the backend was terminated) runs once more. postgres.js 3.4.9
   * (porsager/postgres#1223) hands a terminated backend's FATAL message to the *next* statement on that connection,
   * which never ran; the statement that was in flight gets CONNECTION_CLOSED instead. Either way a statement refused
   * with 57P01 did not commit (the termination rolled it back, or it was never sent), so running it again is safe; the
   * connection has reconnected by then.
   */
  readonly run: RunStatement = async <Row>(text: string, params: readonly unknown[]) => {
    let client = this.clients[0]!;
    for (const c of this.clients) if (c.inFlight < client.inFlight) client = c;
    client.inFlight++;
    const once = async () =>
      [
        ...(await client.sql.unsafe(text, params as postgres.ParameterOrJSON<never>[], { prepare: true })),
      ] as Row[];
    try {
      return await once().catch((error: unknown) => {
        if ((error as { code?: unknown }).code !== ADMIN_SHUTDOWN) throw error;
        return once();
      });
    } finally {
      client.inFlight--;
    }
  };

  /** Closes every connection, waiting up to `timeoutSeconds` for statements in flight. */
  async end(timeoutSeconds: number): Promise<void> {
    await Promise.all(this.clients.map((c) => c.sql.end({ timeout: timeoutSeconds })));
  }
}
