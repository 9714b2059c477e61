import { performance } from 'node:perf_hooks';
import { COURSE_KEYS, type CourseKey } from '@vidya/contracts';
import { Pool } from 'undici';

/**
 * The core of `npm run bench:api` (bench/api.bench.ts): signs learners up through the public API and drives whole
 * quizzes (start, then next + answer per question), one request in flight per virtual learner, recording each call's
 * latency: back to back (a closed loop, to find the most the server can do), or paced at a set rate of answers.
 * The HTTP client is undici's keep-alive pool: the load generator shares the cores with the server, so it must be
 * cheap, and undici costs about a third less CPU per call than `node:http`'s client (docs/performance.md).
 */

export interface HttpResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A keep-alive HTTP client for one loopback base URL. */
export class LoadClient {
  private readonly pool: Pool;
  private readonly origin: string;

  constructor(baseUrl: string, sockets: number) {
    const url = new URL(baseUrl);
    if (url.hostname !== '127.0.0.1' && url.hostname !== 'localhost') {
      throw new Error(`the load driver only talks to loopback, not ${url.hostname}`);
    }
    this.origin = url.origin;
    this.pool = new Pool(url.origin, { connections: sockets, pipelining: 1 });
  }

  async send(method: 'GET' | 'POST', path: string, cookie?: string, body?: unknown): Promise<HttpResponse> {
    const headers: Record<string, string> = { accept: 'application/json', origin: this.origin };
    if (cookie) headers.cookie = cookie;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await this.pool.request({
      method,
      path,
      headers,
      body: body === undefined ? null : JSON.stringify(body),
    });
    return { status: response.statusCode, headers: response.headers, body: await response.body.text() };
  }

  close(): void {
    void this.pool.destroy();
  }
}

/** A signed-in learner enrolled in some courses. */
export interface VirtualLearner {
  email: string;
  cookie: string;
  courses: CourseKey[];
}

function expectStatus(response: HttpResponse, status: number, what: string): void {
  if (response.status !== status) {
    throw new Error(`${what}: expected ${status}, got ${response.status} ${response.body.slice(0, 300)}`);
  }
}

function cookiesOf(response: HttpResponse): string {
  const raw = response.headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : raw ? [raw] : [];
  return list.map((c) => c.split(';')[0]).join('; ');
}

/** Runs `task` over `items` with at most `limit` at a time. */
async function pooled<T, R>(items: T[], limit: number, task: (item: T, index: number) => Promise<R>) {
  const results: R[] = new Array<R>(items.length);
  let nextIndex = 0;
  const worker = async () => {
    while (nextIndex < items.length) {
      const index = nextIndex++;
      results[index] = await task(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** The password every virtual learner chooses after following its verification link. */
export const LEARNER_PASSWORD = 'bench-password-9';

/**
 * Signs up `count` learners (sign-up, the verification link from the development outbox, choosing the password, sign-in, enrolment). Learner i is
 * enrolled in two courses so that quizzes mix authored multiple choice and generated mathematics.
 */
export async function signUpLearners(
  client: LoadClient,
  count: number,
  options: { concurrency?: number; tag?: string } = {},
): Promise<VirtualLearner[]> {
  const tag = options.tag ?? `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  return pooled(
    Array.from({ length: count }, (_, i) => i),
    options.concurrency ?? 4,
    async (i) => {
      const email = `bench.${tag}.${i}@example.com`;
      const signUp = await client.send('POST', '/api/accounts/learners', undefined, {
        firstName: 'Bench',
        lastName: `Learner ${i}`,
        email,
        username: `bench_${tag}_${i}`,
        password: LEARNER_PASSWORD,
        // Adults: a learner under 18 would wait for a parent's consent.
        birthYear: 1990,
        birthMonth: 6,
      });
      expectStatus(signUp, 201, 'sign-up');
      let link: string | undefined;
      for (let tries = 0; tries < 50 && !link; tries++) {
        const outbox = await client.send('GET', `/dev/mail/messages?to=${encodeURIComponent(email)}`);
        expectStatus(outbox, 200, 'outbox');
        const [mail] = JSON.parse(outbox.body) as { text: string }[];
        link = mail ? /https?:\/\/\S+/.exec(mail.text)?.[0] : undefined;
        if (!link) await new Promise((r) => setTimeout(r, 100));
      }
      if (!link) throw new Error(`no verification mail for ${email}`);
      const target = new URL(link);
      // The link leads to "choose your password" (the sign-up password stops working at verification, issue 20):
      // the learner chooses it, then signs in.
      const verify = await client.send('GET', target.pathname + target.search);
      expectStatus(verify, 302, 'verify');
      const location = verify.headers.location;
      const token = new URL(typeof location === 'string' ? location : '/', link).searchParams.get('token');
      if (!token) throw new Error(`verification led to ${String(location)}, not to choosing the password`);
      expectStatus(
        await client.send('POST', '/api/password', undefined, { token, password: LEARNER_PASSWORD }),
        200,
        'choose password',
      );
      const login = await client.send('POST', '/api/session', undefined, { email, password: LEARNER_PASSWORD });
      expectStatus(login, 200, 'sign-in');
      const cookie = cookiesOf(login);
      if (!cookie) throw new Error('sign-in gave no session cookie');
      const courses: CourseKey[] = [
        COURSE_KEYS[i % COURSE_KEYS.length]!,
        COURSE_KEYS[(i + 1) % COURSE_KEYS.length]!,
      ];
      expectStatus(await client.send('POST', '/api/me/enrolments', cookie, { courses }), 201, 'enrol');
      return { email, cookie, courses };
    },
  );
}

/** Exact percentiles of recorded latencies (nearest rank), in milliseconds. */
export interface LatencySummary {
  count: number;
  mean: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

/** Nearest-rank percentile of an ascending array: the smallest sample with at least p% of samples at or below it. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

export function summarise(samples: readonly number[]): LatencySummary {
  const sorted = [...samples].sort((a, b) => a - b);
  const sum = sorted.reduce((a, b) => a + b, 0);
  return {
    count: sorted.length,
    mean: sorted.length ? sum / sorted.length : Number.NaN,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.length ? sorted[sorted.length - 1]! : Number.NaN,
  };
}

export interface DriveOptions {
  /** Measured time after the warm-up, in seconds. */
  seconds: number;
  /** Time before measuring starts (calls are made but not recorded), in seconds. */
  warmupSeconds?: number;
  /** Stop each learner after this many whole quizzes (the smoke test); unlimited by default. */
  quizzesPerLearner?: number;
  /**
   * Answers per second that all learners together aim at. Without it, each learner sends its next call as soon as
   * the last one returns. With it, each learner's calls are due on a schedule of random think times (exponential,
   * so that the calls of all learners arrive like a Poisson process); a call goes out when it is due, or as soon as
   * the learner's previous reply arrives if that is later (a learner cannot answer a question before seeing it).
   * A call's latency runs from when it went out; how far behind its schedule it went out is `behindSchedule`
   * (decision 008).
   */
  answersPerSecond?: number;
}

export interface DriveResult {
  /** The measured window in seconds. */
  seconds: number;
  learners: number;
  /** The rate aimed at (DriveOptions.answersPerSecond), or null for the closed loop. */
  targetAnswersPerSecond: number | null;
  answers: number;
  quizzes: number;
  answersPerSecond: number;
  latency: { start: LatencySummary; next: LatencySummary; answers: LatencySummary };
  /**
   * At a set rate, how long after its due moment each measured call went out (0 when on time): the part of the
   * previous reply's latency that ran past the learner's think time. Null for the closed loop.
   */
  behindSchedule: LatencySummary | null;
  /** Unexpected responses (any status other than the call's success status), measured window included or not. */
  errors: number;
  errorSamples: string[];
}

interface QuestionBody {
  itemId: string;
  kind: 'choice' | 'free_text';
  choices?: string[];
}

/** Any answer will do for load: a random choice, or a number for free-text mathematics. */
function someAnswer(question: QuestionBody): string {
  if (question.kind === 'choice') return String(Math.floor(Math.random() * (question.choices?.length ?? 4)));
  return String(Math.floor(Math.random() * 20));
}

/** Calls per answer: a quiz of five questions is one start, five `next` and five answers. */
const CALLS_PER_ANSWER = 11 / 5;

/** An exponentially distributed wait with the given mean. */
function thinkTime(meanMs: number): number {
  return -Math.log(1 - Math.random()) * meanMs;
}

/**
 * Every learner runs whole quizzes until the time is up or its quiz count is reached: back to back, or paced (see
 * DriveOptions.answersPerSecond). Latency is recorded for calls due after the warm-up and before the end.
 */
export async function driveQuizzes(
  client: LoadClient,
  learners: readonly VirtualLearner[],
  options: DriveOptions,
): Promise<DriveResult> {
  const begin = performance.now();
  const measureFrom = begin + (options.warmupSeconds ?? 0) * 1000;
  const end = measureFrom + options.seconds * 1000;
  const samples = { start: [] as number[], next: [] as number[], answers: [] as number[] };
  const lags: number[] = [];
  let answers = 0;
  let quizzes = 0;
  let errors = 0;
  const errorSamples: string[] = [];

  const rate = options.answersPerSecond;
  if (rate !== undefined && !(rate > 0)) throw new Error(`answersPerSecond must be positive, not ${rate}`);
  // Each learner's mean time from one call's due moment to the next one's.
  const meanGapMs = rate === undefined ? 0 : (1000 * learners.length) / (rate * CALLS_PER_ANSWER);

  /**
   * One learner's calls: each waits until it is due (DriveOptions.answersPerSecond), then records its latency; `at`
   * is when it was due (when it was sent in the closed loop), which places it in or out of the measured window.
   */
  const callsOf = (cookie: string) => {
    let due = performance.now();
    return async (
      kind: keyof typeof samples,
      path: string,
      body: unknown,
      expected: number,
    ): Promise<{ response: HttpResponse; at: number } | null> => {
      let at = performance.now();
      if (rate !== undefined) {
        // Due a think time after the previous call was due; sent then, or at once when the learner is behind.
        due += thinkTime(meanGapMs);
        if (due > at) await new Promise((resolve) => setTimeout(resolve, due - at));
        at = due;
      }
      const sent = performance.now();
      const response = await client.send('POST', path, cookie, body);
      const t1 = performance.now();
      if (at >= measureFrom && at < end) {
        samples[kind].push(t1 - sent);
        if (rate !== undefined) lags.push(Math.max(0, sent - at));
      }
      if (response.status !== expected) {
        errors++;
        if (errorSamples.length < 5)
          errorSamples.push(`${kind} ${response.status} ${response.body.slice(0, 200)}`);
        return null;
      }
      return { response, at };
    };
  };

  const runLearner = async (learner: VirtualLearner, index: number) => {
    const limit = options.quizzesPerLearner ?? Number.POSITIVE_INFINITY;
    const call = callsOf(learner.cookie);
    for (let done = 0; done < limit && performance.now() < end; done++) {
      const course = learner.courses[(index + done) % learner.courses.length]!;
      const started = await call('start', '/api/quizzes', { course }, 201);
      if (!started) continue;
      const { id, total } = JSON.parse(started.response.body) as { id: string; total: number };
      for (let position = 0; position < total && performance.now() < end; position++) {
        const next = await call('next', `/api/quizzes/${id}/next`, undefined, 200);
        if (!next) break;
        const question = JSON.parse(next.response.body) as QuestionBody;
        const answered = await call(
          'answers',
          `/api/quizzes/${id}/answers`,
          { itemId: question.itemId, answer: someAnswer(question) },
          200,
        );
        if (!answered) break;
        if (answered.at >= measureFrom && answered.at < end) answers++;
        if (position === total - 1 && answered.at >= measureFrom) quizzes++;
      }
    }
  };

  await Promise.all(learners.map(runLearner));
  const measured = Math.max(0.001, (Math.min(performance.now(), end) - Math.min(measureFrom, end)) / 1000);
  const seconds = options.quizzesPerLearner === undefined ? options.seconds : measured;
  return {
    seconds,
    learners: learners.length,
    targetAnswersPerSecond: rate ?? null,
    answers,
    quizzes,
    answersPerSecond: answers / seconds,
    latency: {
      start: summarise(samples.start),
      next: summarise(samples.next),
      answers: summarise(samples.answers),
    },
    behindSchedule: rate === undefined ? null : summarise(lags),
    errors,
    errorSamples,
  };
}
