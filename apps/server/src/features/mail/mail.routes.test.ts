import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, newPerson } from '#src/testing/test-app.ts';
import { app, database, useTestApp } from '#src/testing/test-server.ts';

// NODE_ENV unset: the default, as `npm start` runs without it.
useTestApp({ NODE_ENV: 'development' });
beforeAll(async () => {
  await app.inject({ method: 'POST', url: '/api/accounts/learners', payload: newPerson() });
});

const outbox = (remoteAddress: string, headers: Record<string, string> = {}) =>
  Promise.all(
    ['/dev/mail', '/dev/mail/messages'].map((url) =>
      app.inject({ method: 'GET', url, remoteAddress, headers }),
    ),
  );

describe('the development outbox', () => {
  it.each(['127.0.0.1', '127.8.9.1', '::1', '::ffff:127.0.0.1'])(
    'is served to this machine (%s)',
    async (ip) => {
      const [page, messages] = (await outbox(ip)) as [LightMyRequestResponse, LightMyRequestResponse];
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('Verify your e-mail for Vidya');
      expect(messages.statusCode).toBe(200);
      expect(messages.json().length).toBeGreaterThan(0);
    },
  );

  it.each(['203.0.113.9', '192.168.1.20', '10.0.0.2', '::ffff:192.168.1.20', '2001:db8::1'])(
    'answers another machine (%s) as a route that does not exist',
    async (ip) => {
      const missing = await app.inject({ method: 'GET', url: '/dev/nothing-here', remoteAddress: ip });
      for (const response of await outbox(ip)) {
        expect(response.statusCode).toBe(404);
        expect(response.body).not.toContain('Verify your e-mail');
        expect({ ...response.json(), instance: '' }).toEqual({ ...missing.json(), instance: '' });
      }
    },
  );

  it('refuses a request a local reverse proxy forwarded, whoever it claims to be', async () => {
    const forwarded: Record<string, string>[] = [
      { 'x-forwarded-for': '127.0.0.1' },
      { forwarded: 'for=127.0.0.1' },
      { 'x-real-ip': '127.0.0.1' },
    ];
    for (const headers of forwarded) {
      for (const response of await outbox('127.0.0.1', headers)) expect(response.statusCode).toBe(404);
    }
  });

  it('does not exist in production, even for this machine', async () => {
    const production = await buildTestApp(database, { NODE_ENV: 'production', DEV_MAIL_OUTBOX: 'true' });
    try {
      for (const url of ['/dev/mail', '/dev/mail/messages']) {
        expect((await production.inject({ method: 'GET', url, remoteAddress: '127.0.0.1' })).statusCode).toBe(
          404,
        );
      }
    } finally {
      await production.close();
    }
  });
});
