import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { redactUrl } from '#src/plugins/request-log.ts';
import { TEST_ORIGIN, lastMailTo, linkIn, newPerson } from '#src/testing/test-app.ts';
import { app, useTestApp } from '#src/testing/test-server.ts';

const lines: string[] = [];
const stream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(chunk.toString());
    done();
  },
});
useTestApp({ LOG_LEVEL: 'info' }, { logStream: stream });

/** The request log's lines written while `run` ran. */
async function logOf(run: () => Promise<unknown>): Promise<string> {
  const from = lines.length;
  await run();
  return lines.slice(from).join('');
}

describe('the request log', () => {
  it('keeps no verification or reset token from the URLs it records', async () => {
    const person = newPerson();
    await app.inject({ method: 'POST', url: '/api/accounts/learners', payload: person });
    const verifyUrl = linkIn((await lastMailTo(app, person.email))!.text).replace(TEST_ORIGIN, '');
    const verifyToken = new URL(verifyUrl, TEST_ORIGIN).searchParams.get('token')!;
    await app.inject({
      method: 'POST',
      url: '/api/password/reset-requests',
      payload: { email: person.email },
    });
    const resetUrl = linkIn((await lastMailTo(app, person.email))!.text).replace(TEST_ORIGIN, '');
    const resetToken = /reset-password\/([^?]+)/.exec(resetUrl)![1]!;

    const log = await logOf(async () => {
      await app.inject({ method: 'GET', url: resetUrl });
      await app.inject({
        method: 'GET',
        url: `/reset-password?token=${resetToken}`,
        headers: { accept: 'text/html' },
      });
      await app.inject({ method: 'GET', url: verifyUrl });
    });
    expect(log).toContain('incoming request');
    expect(log).toContain('/api/auth/verify-email?token=[redacted]');
    expect(log).toContain('/api/auth/reset-password/[redacted]?callbackURL=');
    expect(log).toContain('/reset-password?token=[redacted]');
    expect(log).not.toContain(verifyToken);
    expect(log).not.toContain(resetToken);
  });
});

describe('redactUrl', () => {
  it.each([
    [
      '/api/auth/verify-email?token=abc.def&callbackURL=%2Fcourses',
      '/api/auth/verify-email?token=[redacted]&callbackURL=%2Fcourses',
    ],
    [
      '/api/auth/reset-password/Xy12?callbackURL=%2Freset-password',
      '/api/auth/reset-password/[redacted]?callbackURL=%2Freset-password',
    ],
    ['/reset-password?error=x&token=T0K', '/reset-password?error=x&token=[redacted]'],
    [
      '/api/auth/callback/google?code=c0de&state=s7',
      '/api/auth/callback/google?code=[redacted]&state=[redacted]',
    ],
    ['/api/courses?period=7d', '/api/courses?period=7d'],
  ])('%s', (url, logged) => {
    expect(redactUrl(url)).toBe(logged);
  });
});
