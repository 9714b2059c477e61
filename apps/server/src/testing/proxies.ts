import {
  createServer as createHttpServer,
  request as httpRequest,
  type Server as HttpServer,
} from 'node:http';
import { createConnection, createServer, type Server, type Socket } from 'node:net';

/**
 * Tiny loopback proxies for the fault and scale-out runs: a TCP proxy in front of PostgreSQL that can be cut (the
 * database goes away), restored and held (every byte waits), and an HTTP round-robin balancer in front of several
 * server processes.
 */

export interface TcpProxy {
  port: number;
  /** Drops every connection and refuses new ones until `restore`. */
  cut(): void;
  restore(): void;
  /** Stops forwarding bytes (connections stay open) until `release`. */
  hold(): void;
  release(): void;
  close(): Promise<void>;
}

function listen(server: Server | HttpServer): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port));
  });
}

/** A TCP proxy from a free loopback port to `target`. */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const pairs = new Set<[Socket, Socket]>();
  let isCut = false;
  let isHeld = false;
  const server = createServer((downstream) => {
    if (isCut) {
      downstream.destroy();
      return;
    }
    const upstream = createConnection(target);
    const pair: [Socket, Socket] = [downstream, upstream];
    pairs.add(pair);
    const drop = () => {
      pairs.delete(pair);
      downstream.destroy();
      upstream.destroy();
    };
    downstream.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
    if (isHeld) {
      downstream.pause();
      upstream.pause();
    }
    downstream.pipe(upstream);
    upstream.pipe(downstream);
  });
  const port = await listen(server);
  return {
    port,
    cut() {
      isCut = true;
      for (const [a, b] of pairs) {
        a.destroy();
        b.destroy();
      }
      pairs.clear();
    },
    restore() {
      isCut = false;
    },
    hold() {
      isHeld = true;
      for (const [a, b] of pairs) {
        a.pause();
        b.pause();
      }
    },
    release() {
      isHeld = false;
      for (const [a, b] of pairs) {
        a.resume();
        b.resume();
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const [a, b] of pairs) {
          a.destroy();
          b.destroy();
        }
        server.close(() => resolve());
      }),
  };
}

export interface Balancer {
  baseUrl: string;
  /** How many requests each backend has been given. */
  counts: number[];
  close(): Promise<void>;
}

/**
 * An HTTP reverse proxy that sends each request to the next backend in turn (per request, not per connection, so
 * one keep-alive client still alternates). Responses, streamed ones too, are piped back as they arrive, with an
 * `x-vidya-backend` header naming the backend's index. `backends` is read per request, so it may be filled after
 * the balancer starts (the servers need its URL as their PUBLIC_URL).
 */
export async function startRoundRobin(backends: string[]): Promise<Balancer> {
  const counts: number[] = [];
  let next = 0;
  const server = createHttpServer((req, res) => {
    const index = next % backends.length;
    next = index + 1;
    counts[index] = (counts[index] ?? 0) + 1;
    const target = new URL(backends[index]!);
    const upstream = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: target.host },
      },
      (response) => {
        res.writeHead(response.statusCode ?? 502, { ...response.headers, 'x-vidya-backend': String(index) });
        response.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  const port = await listen(server);
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    counts,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
