import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#src/db/client.ts';
import { pendingChild, tablesMentioning } from '#src/security/fixtures.ts';
import { buildTestApp, createTestDatabase, newPerson } from '#src/testing/test-app.ts';

let database: Database;
let app: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildTestApp(database, { NODE_ENV: 'development' });
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

const eightDaysOn = () => new Date(Date.now() + 8 * 24 * 60 * 60 * 1000).toISOString();
const run = (remoteAddress: string, headers: Record<string, string> = {}) =>
  app.inject({
    method: 'POST',
    url: '/dev/jobs/run',
    remoteAddress,
    headers,
    payload: { at: eightDaysOn() },
  });

describe('POST /dev/jobs/run', () => {
  it('is a route that does not exist for another machine or a forwarded request, and deletes nothing', async () => {
    const child = await pendingChild(app, newPerson().email);
    for (const response of [
      await run('203.0.113.9'),
      await run('192.168.1.20'),
      await run('127.0.0.1', { 'x-forwarded-for': '127.0.0.1' }),
    ])
      expect(response.statusCode).toBe(404);
    expect(Object.keys(await tablesMentioning(app, child.id))).toContain('parental_consent');

    const ran = await run('127.0.0.1');
    expect(ran.statusCode).toBe(200);
    expect(ran.json()).toMatchObject({ accountsDeleted: expect.any(Number) });
    expect(await tablesMentioning(app, child.id)).toEqual({});
  });
});
