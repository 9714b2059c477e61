import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LEARNER_PASSWORD,
  LoadClient,
  signUpLearners,
  type VirtualLearner,
} from '#src/testing/load-driver.ts';
import { startRoundRobin, type Balancer } from '#src/testing/proxies.ts';
import {
  adminDatabaseUrl,
  ensureServerBuilt,
  isReachable,
  processTestsEnabled,
  redisUrl,
  startServer,
  throwAwayDatabase,
  type ServerProcess,
} from '#src/testing/server-process.ts';

// Issue 11, scale-out: two server processes on one PostgreSQL and one Redis, behind a round-robin balancer that
// alternates per request, behave as one. Runs once, in the PostgreSQL project (DATABASE_URL set).

const PASSWORD = LEARNER_PASSWORD;
const LOGIN_LIMIT_PER_ACCOUNT = 10;

const cookiesOf = (headers: Record<string, string | string[] | undefined>) => {
  const raw = headers['set-cookie'];
  return (Array.isArray(raw) ? raw : raw ? [raw] : []).map((c) => c.split(';')[0]).join('; ');
};

describe.skipIf(!processTestsEnabled())('two server processes behind a round-robin balancer', () => {
  let balancer: Balancer;
  let servers: ServerProcess[] = [];
  let client: LoadClient;
  let dropDatabase: (() => Promise<void>) | undefined;
  let hasRedis = false;
  const backends: string[] = [];

  beforeAll(async () => {
    ensureServerBuilt();
    const database = await throwAwayDatabase(adminDatabaseUrl(), 'vidya_scale');
    dropDatabase = database.drop;
    hasRedis = await isReachable(redisUrl());
    balancer = await startRoundRobin(backends);
    const env = {
      DATABASE_URL: database.url,
      PUBLIC_URL: balancer.baseUrl,
      // The per-IP limits are raised (every request comes from loopback); per-account limits stay.
      RATE_LIMIT_IP_MULTIPLIER: '1000',
      ...(hasRedis ? { REDIS_URL: redisUrl() } : {}),
    };
    // Both start at once on an empty database, as in a deploy: migrations must not race.
    servers = await Promise.all([startServer({ env }), startServer({ env })]);
    backends.push(...servers.map((s) => s.baseUrl));
    client = new LoadClient(balancer.baseUrl, 4);
  }, 180_000);

  afterAll(async () => {
    client?.close();
    await Promise.all(servers.map((s) => s.stop()));
    await balancer?.close();
    await dropDatabase?.();
  }, 60_000);

  it('runs the smoke flow across both processes: sign up, verify, log in, enrol, take a quiz', async () => {
    const [learner] = await signUpLearners(client, 1, { tag: `scale${Date.now().toString(36)}` });
    const login = await client.send('POST', '/api/session', undefined, {
      email: learner!.email,
      password: PASSWORD,
    });
    expect(login.status).toBe(200);
    const cookie = cookiesOf(login.headers);
    expect(cookie).toContain('session_token');
    // The session made by one process is honoured by each process directly.
    for (const server of servers) {
      const direct = new LoadClient(server.baseUrl, 1);
      const me = await direct.send('GET', '/api/me', cookie);
      direct.close();
      expect(me.status).toBe(200);
      expect((JSON.parse(me.body) as { email: string }).email).toBe(learner!.email);
    }
    const started = await client.send('POST', '/api/quizzes', cookie, { course: learner!.courses[0] });
    expect(started.status).toBe(201);
    const quiz = JSON.parse(started.body) as { id: string; total: number };
    let finished = false;
    const crossed: boolean[] = [];
    for (let i = 0; i < quiz.total; i++) {
      const next = await client.send('POST', `/api/quizzes/${quiz.id}/next`, cookie);
      expect(next.status).toBe(200);
      const question = JSON.parse(next.body) as { itemId: string };
      const answer = await client.send('POST', `/api/quizzes/${quiz.id}/answers`, cookie, {
        itemId: question.itemId,
        answer: '1',
      });
      expect(answer.status).toBe(200);
      crossed.push(answer.headers['x-vidya-backend'] !== next.headers['x-vidya-backend']);
      finished = (JSON.parse(answer.body) as { finished: boolean }).finished;
    }
    expect(finished).toBe(true);
    // Each question was served by one process and answered on the other.
    expect(crossed).toEqual(crossed.map(() => true));
    expect(balancer.counts[0]).toBeGreaterThan(3);
    expect(balancer.counts[1]).toBeGreaterThan(3);
  }, 120_000);

  it('shares the per-account login limit between the processes (Redis)', async (context) => {
    if (!hasRedis) context.skip(`no Redis at ${redisUrl()}`);
    const [learner] = await signUpLearners(client, 1, { tag: `limit${Date.now().toString(36)}` });
    const seen = new Set<string>();
    for (let i = 0; i < LOGIN_LIMIT_PER_ACCOUNT; i++) {
      const wrong = await client.send('POST', '/api/session', undefined, {
        email: learner!.email,
        password: 'not-the-password',
      });
      expect(wrong.status).not.toBe(429);
      seen.add(String(wrong.headers['x-vidya-backend']));
    }
    expect(seen.size).toBe(2);
    // Each process saw only half the attempts; only a shared count refuses the next one.
    const refused = await client.send('POST', '/api/session', undefined, {
      email: learner!.email,
      password: PASSWORD,
    });
    expect(refused.status).toBe(429);
  }, 120_000);

  it("streams the tutor's reply through the balancer, and the other process has it stored", async (context) => {
    const learner: VirtualLearner = (
      await signUpLearners(client, 1, { tag: `tutor${Date.now().toString(36)}` })
    )[0]!;
    const engine = await client.send('GET', '/api/tutor/engine', learner.cookie);
    if (engine.status === 404) context.skip('the tutor routes are not registered in this build');
    const started = await client.send('POST', '/api/tutor/conversations', learner.cookie, {});
    expect(started.status).toBe(201);
    const conversation = JSON.parse(started.body) as { id: string };
    const reply = await client.send(
      'POST',
      `/api/tutor/conversations/${conversation.id}/messages`,
      learner.cookie,
      {
        text: 'What is 12 + 30?',
      },
    );
    expect(reply.status).toBe(200);
    expect(String(reply.headers['content-type'])).toContain('text/event-stream');
    const events = [...reply.body.matchAll(/^event: (\w+)$/gm)].map((m) => m[1]);
    expect(events[0]).toBe('start');
    expect(events).toContain('delta');
    expect(events.at(-1)).toBe('done');
    const streamedBy = String(reply.headers['x-vidya-backend']);
    const other = servers[streamedBy === '0' ? 1 : 0]!;
    const direct = new LoadClient(other.baseUrl, 1);
    const stored = await direct.send('GET', `/api/tutor/conversations/${conversation.id}`, learner.cookie);
    direct.close();
    expect(stored.status).toBe(200);
    const roles = (JSON.parse(stored.body) as { messages: { role: string }[] }).messages.map((m) => m.role);
    expect(roles.slice(-2)).toEqual(['user', 'assistant']);
  }, 120_000);
});
