import { describe, expect, it } from 'vitest';
import { as } from '#src/testing/learning.ts';
import { signUpVerified } from '#src/testing/test-app.ts';
import { TOO_LARGE } from './offline/math-solver.ts';
import { parseEvents } from './tutor.fake-model.ts';
import { app, useTestApp } from '#src/testing/test-server.ts';

useTestApp();

const BURST = 8;
// Each tower once held the event loop for seconds (issue 20: six levels made /healthz wait 3.6 s).
const towers = Array.from({ length: BURST }, (_, i) => {
  const levels = 5 + (i % 3);
  return `what is ${'('.repeat(levels)}9^12${')^12'.repeat(levels)}?`;
});
const sums = Array.from({ length: BURST }, (_, i) => `what is ${i + 2} × ${i + 3}?`);

/** Sends the messages at once from a new learner while /healthz is polled; the replies and /healthz latencies. */
async function burst(messages: string[]) {
  const { cookie } = await signUpVerified(app, 'learners');
  const client = as(app, cookie);
  const { id } = (await client.post('/api/tutor/conversations', {})).json<{ id: string }>();
  let finished = false;
  const replies = Promise.all(
    messages.map((text) => client.post(`/api/tutor/conversations/${id}/messages`, { text })),
  ).finally(() => {
    finished = true;
  });
  const latencies: number[] = [];
  do {
    const started = performance.now();
    expect((await app.inject('/healthz')).statusCode).toBe(200);
    latencies.push(performance.now() - started);
    // Let timers and I/O run between samples, as they would between a real server's requests.
    await new Promise((resolve) => setTimeout(resolve, 5));
  } while (!finished);
  return { replies: await replies, worst: Math.max(...latencies) };
}

describe('the offline tutor under a burst of huge arithmetic', () => {
  it('answers each with “too large” and leaves /healthz as fast as during a burst of small sums', async () => {
    const baseline = await burst(sums);
    expect(baseline.replies.map((r) => r.statusCode)).toEqual(sums.map(() => 200));

    const during = await burst(towers);
    for (const response of during.replies) {
      expect(response.statusCode).toBe(200);
      const done = parseEvents(response.body).at(-1) as { type: string; message: { text: string } };
      expect(done.type).toBe('done');
      expect(done.message.text).toContain(TOO_LARGE);
    }
    // Not a tight ratio (the machine may be busy): the work per message is bounded, so /healthz waits about as
    // long as it does behind ordinary messages, not the seconds one tower used to take.
    expect(during.worst).toBeLessThan(baseline.worst + 1000);
  }, 60_000);
});
