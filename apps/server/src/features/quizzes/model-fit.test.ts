import type { CourseKey, Question } from '@vidya/contracts';
import { count, desc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { attempt, itemStats, modelFit } from '#src/db/schema/index.ts';
import { as, answerKey, enrolIn } from '#src/testing/learning.ts';
import { checkDurability } from '#src/testing/replay-check.ts';
import { buildTestApp, signUpVerified } from '#src/testing/test-app.ts';
import { generateMathItem, MATH_GENERATOR_SKILLS } from '@vidya/content';
import { createProductionModel, difficultyFromPrior, fitKnowsParameters } from '@vidya/engine';
import { attemptLog, knowsLogs, runRefitJob } from './model-fit.job.ts';
import { releaseLease, takeLease } from './model-fit.repository.ts';
import { database, useTestDatabase } from '#src/testing/test-server.ts';

// The periodic refit (decision 010): recorded attempts → one fit stored → every app instance predicts with it.

let app: FastifyInstance;
const opened: FastifyInstance[] = [];
const HOUR_MS = 3_600_000;

/** Another server process on the same database (its own model, statistics and timers). */
async function anotherInstance(env: Record<string, string> = {}) {
  const instance = await buildTestApp(database, { MODEL_REFIT: 'false', ...env });
  opened.push(instance);
  return instance;
}

useTestDatabase();
beforeAll(async () => {
  app = await anotherInstance();
});
afterAll(async () => {
  for (const instance of opened) await instance.close();
});

/** A learner answers one whole quiz in `course` through the API, right on even positions. */
async function answerQuiz(on: FastifyInstance, cookie: string, course: CourseKey) {
  const client = as(on, cookie);
  const quizId = (await client.post('/api/quizzes', { course })).json().id as string;
  for (let position = 0; position < 5; position++) {
    const question: Question = (await client.post(`/api/quizzes/${quizId}/next`)).json();
    const key = await answerKey(on, question);
    const answered = await client.post(`/api/quizzes/${quizId}/answers`, {
      itemId: question.itemId,
      answer: position % 2 === 0 ? key.right : key.wrong,
    });
    expect(answered.statusCode, answered.body).toBe(200);
  }
}

async function recordAttempts(learners: number) {
  for (let l = 0; l < learners; l++) {
    const { cookie } = await signUpVerified(app, 'learners');
    await enrolIn(app, cookie, ['science', 'mathematics']);
    await answerQuiz(app, cookie, 'science');
    await answerQuiz(app, cookie, 'mathematics');
  }
}

const fits = async () => (await database.db.select({ n: count() }).from(modelFit))[0]!.n;

describe('the model refit job', () => {
  it('does not fit before the minimum number of attempts is recorded', async () => {
    await recordAttempts(1);
    const outcome = await runRefitJob(database, { minAttempts: 11, refitIntervalMs: HOUR_MS }, 'a');
    expect(outcome).toEqual({ kind: 'not-due', attempts: 10 });
    expect(await fits()).toBe(0);
  });

  it('fits every recorded attempt, stores the fit, and another instance starts with it', async () => {
    await recordAttempts(2);
    const statsBefore = await database.db.select().from(itemStats).orderBy(itemStats.itemId);
    const outcome = await runRefitJob(database, { minAttempts: 11, refitIntervalMs: HOUR_MS }, 'a');
    expect(outcome).toMatchObject({ kind: 'fitted', attempts: 30 });
    const [stored] = await database.db.select().from(modelFit).orderBy(desc(modelFit.version)).limit(1);
    expect(stored).toMatchObject({ attempts: 30 });
    // Too few answers per course to fit the mastery evidence's two-state layer: the generic parameters stay.
    expect(stored!.knows).toEqual({});
    // The items' statistics are left as they were (decision 017): priors from the content level, calibration going on.
    expect(stored!.itemPriors).toEqual({});
    expect(await database.db.select().from(itemStats).orderBy(itemStats.itemId)).toEqual(statsBefore);
    expect(statsBefore.every((row) => row.priorDifficulty === null)).toBe(true);
    // The fitted model's logit falls by exactly 1 per logit of item difficulty.
    const fitted = createProductionModel(stored!.parameters);
    const state = { learner: fitted.initialLearnerState(), skills: {} };
    const chance = (difficulty: number) =>
      fitted.predict(state, { id: 'new-item', skills: ['new-skill'], difficulty, evidence: 50 });
    const logit = (p: number) => Math.log(p / (1 - p));
    expect(logit(chance(-1)) - logit(chance(0.5))).toBeCloseTo(1.5, 6);

    // The instance that was running before the fit still uses the cold-start model; a new one loads the fit.
    expect(app.learning.modelVersion).toBeNull();
    const second = await anotherInstance();
    expect(second.learning.modelVersion).toBe(stored!.version);
    expect(second.learning.model.parameters).toEqual(stored!.parameters);
    expect(second.learning.model.parameters).not.toEqual(app.learning.model.parameters);

    // Its answers are predicted with the fit, and say so.
    const { cookie } = await signUpVerified(second, 'learners');
    await enrolIn(second, cookie, ['science']);
    await answerQuiz(second, cookie, 'science');
    const byVersion = await database.db
      .select({ version: attempt.modelVersion, n: count() })
      .from(attempt)
      .groupBy(attempt.modelVersion)
      .orderBy(attempt.modelVersion);
    expect(byVersion).toEqual([
      { version: stored!.version, n: 5 },
      { version: null, n: 30 },
    ]);
  });

  it('is not due again before the interval has passed', async () => {
    const outcome = await runRefitJob(database, { minAttempts: 1, refitIntervalMs: HOUR_MS }, 'a');
    expect(outcome.kind).toBe('not-due');
  });

  it('fits once when two processes run it at the same time', async () => {
    await recordAttempts(1);
    const before = await fits();
    const settings = { minAttempts: 1, refitIntervalMs: 0 };
    const outcomes = await Promise.all([
      runRefitJob(database, settings, 'process-1'),
      runRefitJob(database, settings, 'process-2'),
    ]);
    expect(outcomes.map((o) => o.kind).sort()).toEqual(['busy', 'fitted']);
    expect(await fits()).toBe(before + 1);
  });

  it('lets a running instance pick up a newer fit when it checks', async () => {
    const watching = await anotherInstance({ MODEL_FIT_CHECK_SECONDS: '1' });
    const loaded = watching.learning.modelVersion;
    await recordAttempts(1);
    const outcome = await runRefitJob(database, { minAttempts: 1, refitIntervalMs: 0 }, 'a');
    expect(outcome.kind).toBe('fitted');
    const version = outcome.kind === 'fitted' ? outcome.version : -1;
    expect(version).toBeGreaterThan(loaded ?? 0);
    await vi.waitFor(() => expect(watching.learning.modelVersion).toBe(version), { timeout: 10_000 });
  });

  it('keeps every derived row equal to a replay of the attempts, each with the model that predicted it', async () => {
    const { cookie } = await signUpVerified(app, 'learners');
    const refitted = await anotherInstance();
    await enrolIn(refitted, cookie, ['mathematics']);
    await answerQuiz(refitted, cookie, 'mathematics');
    const report = await checkDurability(database.db, []);
    expect(report.problems).toEqual([]);
    expect(report.attempts).toBe(60);
  });
});

describe('the refit lease', () => {
  it('goes to one holder until given back or expired', async () => {
    expect(await takeLease(database.db, 'test-job', 'one', HOUR_MS)).toBe(true);
    expect(await takeLease(database.db, 'test-job', 'two', HOUR_MS)).toBe(false);
    // Only its holder can give it back.
    await releaseLease(database.db, 'test-job', 'two');
    expect(await takeLease(database.db, 'test-job', 'two', HOUR_MS)).toBe(false);
    await releaseLease(database.db, 'test-job', 'one');
    expect(await takeLease(database.db, 'test-job', 'two', 0)).toBe(true);
    // A lease that has expired (its holder died) can be taken over.
    expect(await takeLease(database.db, 'test-job', 'three', HOUR_MS)).toBe(true);
  });
});

describe("the refit's log", () => {
  const row = (itemId: string, source: string, difficulty: number) => ({
    learnerId: 'learner-1',
    courseKey: 'science',
    itemId,
    skillId: 'skill-1',
    source,
    kind: 'choice',
    choices: ['a', 'b', 'c', 'd'],
    difficulty,
    correct: true,
    createdAt: new Date('2026-11-01T00:00:00Z'),
  });

  it('keys items as item_stats does, each at its calibrated difficulty or else its content prior', () => {
    const skill = MATH_GENERATOR_SKILLS[0]!;
    const generatedId = generateMathItem(skill, 4, 7).id;
    const stats = new Map([
      ['sci-1', { attempts: 40, correct: 10, residual: -6, information: 8, priorDifficulty: null }],
      [`math:${skill}:4`, { attempts: 9, correct: 8, residual: 2, information: 2, priorDifficulty: -0.3 }],
    ]);
    const log = attemptLog(
      [row('sci-1', 'authored', 2), row(generatedId, 'generated', 4), row('sci-2', 'authored', 3)],
      stats,
    );
    expect(log.items.map((i) => i.id)).toEqual(['sci-1', `math:${skill}:4`, 'sci-2']);
    expect(log.items[0]!.difficulty).toBeCloseTo(difficultyFromPrior(2, 3) + 6 / (1.5 + 8), 9);
    expect(log.items[1]!.difficulty).toBeCloseTo(-0.3 - 2 / (1.5 + 2), 9);
    expect(log.items[2]!.difficulty).toBe(difficultyFromPrior(3, 3));
  });
});

describe("the two-state layer's logs", () => {
  /** Recorded attempts as the job reads them: `learners` learners each answering `answers` questions per course. */
  function rows(learners: number, answers: number) {
    const start = Date.parse('2026-11-01T00:00:00Z');
    return (['science', 'mathematics'] as const).flatMap((courseKey) =>
      Array.from({ length: learners }, (_, l) =>
        Array.from({ length: answers }, (_, n) => ({
          learnerId: `learner-${l}`,
          courseKey,
          // A question comes back every fifth answer, so repeats are in the log.
          itemId: `${courseKey}-item-${n % 5 === 4 ? n - 4 : n}`,
          skillId: `${courseKey}-skill-${Math.floor(n / 10)}`,
          source: 'authored',
          kind: courseKey === 'science' ? 'choice' : 'free-text',
          choices: courseKey === 'science' ? ['a', 'b', 'c', 'd'] : null,
          difficulty: 2,
          // Learners get each skill after a few answers.
          correct: n % 10 >= 3 || (l + n) % 4 === 0,
          createdAt: new Date(start + (l * answers + n) * 3_600_000),
        })),
      ).flat(),
    );
  }

  it('keeps one log per course, every question its own item with its chance of a lucky guess', () => {
    const logs = knowsLogs(rows(3, 20));
    expect(Object.keys(logs).sort()).toEqual(['mathematics', 'science']);
    const science = logs.science!;
    expect(science.item.length).toBe(60);
    expect(new Set(science.learner).size).toBe(3);
    expect(science.items.every((i) => i.guess === 0.25)).toBe(true);
    expect(logs.mathematics!.items.every((i) => i.guess === 0)).toBe(true);
    // Repeated questions are one item: 16 distinct of the 20 each learner answered.
    expect(science.items.length).toBe(16);
  });

  it('gives the layer enough to fit per course once a course has enough answers', () => {
    const logs = knowsLogs(rows(30, 20));
    const fit = fitKnowsParameters(logs.science!);
    expect(fit?.answers).toBe(600);
    expect(fit!.parameters.learn).toBeGreaterThan(0);
    expect(fitKnowsParameters(knowsLogs(rows(3, 20)).science!)).toBeUndefined();
  });
});
