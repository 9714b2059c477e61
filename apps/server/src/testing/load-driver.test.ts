import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { driveQuizzes, LoadClient, percentile, signUpLearners, summarise } from './load-driver.ts';
import { app, useTestApp } from './test-server.ts';

// A smoke run of `npm run bench:api`'s core so the benchmark cannot rot; it asserts on counts, never on speed.
describe('load driver (bench:api)', () => {
  let client: LoadClient;

  useTestApp();
  beforeAll(async () => {
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as AddressInfo;
    client = new LoadClient(`http://127.0.0.1:${port}`, 4);
  });

  afterAll(async () => {
    client?.close();
  });

  it('signs learners up and drives one whole quiz each over HTTP', async () => {
    const learners = await signUpLearners(client, 2);
    expect(learners.map((l) => l.courses.length)).toEqual([2, 2]);
    const result = await driveQuizzes(client, learners, { seconds: 60, quizzesPerLearner: 1 });
    expect(result.errorSamples).toEqual([]);
    expect(result.quizzes).toBe(2);
    expect(result.answers).toBe(10);
    expect(result.latency.start.count).toBe(2);
    expect(result.latency.next.count).toBe(10);
    expect(result.latency.answers.count).toBe(10);
    expect(result.behindSchedule).toBeNull();
  });

  it('drives whole quizzes at a set rate, and refuses a rate that is not positive', async () => {
    const learners = await signUpLearners(client, 2);
    const result = await driveQuizzes(client, learners, {
      seconds: 60,
      quizzesPerLearner: 1,
      answersPerSecond: 50,
    });
    expect(result.errorSamples).toEqual([]);
    expect(result).toMatchObject({ targetAnswersPerSecond: 50, quizzes: 2, answers: 10 });
    expect(result.latency.next.count).toBe(10);
    expect(result.behindSchedule?.count).toBe(22);
    await expect(
      driveQuizzes(client, learners, { seconds: 1, quizzesPerLearner: 1, answersPerSecond: 0 }),
    ).rejects.toThrow('answersPerSecond must be positive');
  });

  it('times each call from when it went out, and reports apart how far a learner fell behind its schedule', async () => {
    // At a rate no server keeps up with, every call is due before the learner has the reply it waits for: its
    // latency is its own, while the last call's lateness is the sum of the calls before it.
    const learners = await signUpLearners(client, 1);
    const result = await driveQuizzes(client, learners, {
      seconds: 60,
      quizzesPerLearner: 1,
      answersPerSecond: 1_000_000,
    });
    expect(result.errorSamples).toEqual([]);
    const slowest = Math.max(result.latency.start.max, result.latency.next.max, result.latency.answers.max);
    expect(result.behindSchedule!.max).toBeGreaterThan(slowest);
  });

  it('computes nearest-rank percentiles exactly', () => {
    const samples = Array.from({ length: 100 }, (_, i) => 100 - i);
    expect(
      percentile(
        [...samples].sort((a, b) => a - b),
        99,
      ),
    ).toBe(99);
    expect(summarise(samples)).toMatchObject({ count: 100, p50: 50, p95: 95, p99: 99, max: 100, mean: 50.5 });
    expect(summarise([7])).toMatchObject({ p50: 7, p99: 7 });
  });
});
