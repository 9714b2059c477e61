import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '#src/testing/server-process.ts';
import { buildTestApp, newPerson } from '#src/testing/test-app.ts';
import { createAccount } from './fixtures.ts';
import { database, useTestDatabase } from '#src/testing/test-server.ts';

// Redis runs at this address on every development and CI machine (docs/security.md); REDIS_URL overrides it.
// eslint-disable-next-line no-restricted-properties -- a test picks the service it runs against
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

let one: FastifyInstance;
let two: FastifyInstance;

useTestDatabase();
beforeAll(async () => {
  // Two server instances on one database and one Redis, as behind a load balancer.
  one = await buildTestApp(database, { REDIS_URL, RATE_LIMIT_IP_MULTIPLIER: '1000' });
  two = await buildTestApp(database, { REDIS_URL, RATE_LIMIT_IP_MULTIPLIER: '1000' });
});
afterAll(async () => {
  await one?.close();
  await two?.close();
});

/** Sends `count` requests, alternating between the two instances; returns the statuses. */
async function alternate(
  count: number,
  send: (app: FastifyInstance, i: number) => Promise<{ statusCode: number }>,
) {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) statuses.push((await send(i % 2 ? two : one, i)).statusCode);
  return statuses;
}

describe('rate limits shared through Redis (REDIS_URL)', () => {
  it('counts sign-in attempts on one account across instances: the 11th in 15 minutes gets 429', async () => {
    const learner = await createAccount(one, 'learners');
    const statuses = await alternate(11, (app, i) =>
      app.inject({
        method: 'POST',
        url: '/api/session',
        payload: { email: learner.person.email, password: `wrong-password-${i}` },
      }),
    );
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses[10]).toBe(429);
    // Each instance alone has seen only five or six attempts: only a shared store can say no.
  });

  it('counts password-reset requests for one address across instances: the 4th gets 429', async () => {
    const { email } = newPerson();
    const statuses = await alternate(4, (app) =>
      app.inject({ method: 'POST', url: '/api/password/reset-requests', payload: { email } }),
    );
    expect(statuses).toEqual([202, 202, 202, 429]);
  });

  it('counts a guardian’s link requests across instances: the 31st in an hour gets 429', async () => {
    const teacher = await createAccount(one, 'instructors');
    const statuses = await alternate(31, (app, i) =>
      app.inject({
        method: 'POST',
        url: '/api/guardian/links',
        headers: { cookie: teacher.cookie },
        payload: { username: `nobody_${i}_${teacher.person.username}`.slice(0, 30) },
      }),
    );
    expect(statuses.slice(0, 30).every((s) => s === 202)).toBe(true);
    expect(statuses[30]).toBe(429);
    const problem = await two.inject({
      method: 'POST',
      url: '/api/guardian/links',
      headers: { cookie: teacher.cookie },
      payload: { username: 'someone' },
    });
    expect(problem.headers['content-type']).toContain('application/problem+json');
    expect(problem.json()).toMatchObject({ status: 429, code: 'rate_limited' });
  });
});

describe('rate limits while Redis is away', () => {
  it('count in each process instead: sign-in, reset mails and link requests are still limited', async () => {
    const nowhere = `redis://127.0.0.1:${await freePort()}`;
    const alone = await buildTestApp(database, { REDIS_URL: nowhere, RATE_LIMIT_IP_MULTIPLIER: '1000' });
    try {
      const learner = await createAccount(one, 'learners');
      const started = Date.now();
      const statuses: number[] = [];
      for (let i = 0; i < 40; i++) {
        const response = await alone.inject({
          method: 'POST',
          url: '/api/session',
          payload: { email: learner.person.email, password: `wrong-password-${i}` },
        });
        statuses.push(response.statusCode);
      }
      // Judged on the password ten times, then refused: no 500, and at once (no wait for the missing Redis).
      expect(statuses).toEqual([...Array(10).fill(401), ...Array(30).fill(429)]);
      expect(Date.now() - started).toBeLessThan(30_000);
      // The owner, from another client, still signs in.
      const right = await alone.inject({
        method: 'POST',
        url: '/api/session',
        remoteAddress: '203.0.113.5',
        payload: { email: learner.person.email, password: learner.person.password },
      });
      expect(right.statusCode).toBe(200);

      const { email } = newPerson();
      const resets: number[] = [];
      for (let i = 0; i < 4; i++) {
        const response = await alone.inject({
          method: 'POST',
          url: '/api/password/reset-requests',
          payload: { email },
        });
        resets.push(response.statusCode);
      }
      expect(resets).toEqual([202, 202, 202, 429]);

      const teacher = await createAccount(one, 'instructors');
      const links: number[] = [];
      for (let i = 0; i < 31; i++) {
        const response = await alone.inject({
          method: 'POST',
          url: '/api/guardian/links',
          headers: { cookie: teacher.cookie },
          payload: { username: `nobody_${i}` },
        });
        links.push(response.statusCode);
      }
      expect(links.at(-1)).toBe(429);
      expect(links.slice(0, 30).every((s) => s === 202)).toBe(true);
    } finally {
      await alone.close();
    }
  });
});
