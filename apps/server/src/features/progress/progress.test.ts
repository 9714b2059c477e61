import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { attempt, badgeAward, quizSession, skillState } from '#src/db/schema/index.ts';
import { dayKey } from './days.ts';
import { as, answerKey } from '#src/testing/learning.ts';
import { signUpVerified } from '#src/testing/test-app.ts';
import { app, useTestApp } from '#src/testing/test-server.ts';

useTestApp();

async function learner(courses = ['science']) {
  const { cookie } = await signUpVerified(app, 'learners');
  const client = as(app, cookie);
  await client.post('/api/me/enrolments', { courses });
  const id = (await client.get('/api/me')).json().id as string;
  return { client, id };
}

/** A whole quiz; `rightAnswers` of the five are answered correctly. Returns the quiz id. */
async function quiz(client: ReturnType<typeof as>, course: string, rightAnswers: number, timeZone?: string) {
  const quizId = (await client.post('/api/quizzes', { course, ...(timeZone ? { timeZone } : {}) })).json()
    .id as string;
  for (let i = 0; i < 5; i++) {
    const question = (await client.post(`/api/quizzes/${quizId}/next`)).json();
    const key = await answerKey(app, question);
    await client.post(`/api/quizzes/${quizId}/answers`, {
      itemId: question.itemId,
      answer: i < rightAnswers ? key.right : key.wrong,
    });
  }
  return quizId;
}

describe('GET /api/me/progress', () => {
  it('is empty before any practice', async () => {
    const { client } = await learner();
    const progress = (await client.get('/api/me/progress?period=7d')).json();
    expect(progress).toMatchObject({
      period: '7d',
      rows: [],
      daily: [],
      totals: { correct: 0, total: 0, quizzes: 0 },
    });
  });

  it('shows a finished quiz at once, a row per skill with level, change, correct/total and minutes', async () => {
    const { client } = await learner();
    await quiz(client, 'science', 3);
    const progress = (await client.get('/api/me/progress?period=7d&timeZone=Asia/Kolkata')).json();
    expect(progress.timeZone).toBe('Asia/Kolkata');
    expect(progress.totals).toMatchObject({ correct: 3, total: 5, quizzes: 1 });
    expect(progress.rows.reduce((n: number, r: { total: number }) => n + r.total, 0)).toBe(5);
    for (const row of progress.rows) {
      expect(['Beginner', 'Developing', 'Proficient', 'Mastered']).toContain(row.level);
      expect(row.courseTitle).toBe('Science');
      expect(row.minutes).toBeGreaterThanOrEqual(0);
      expect(Number.isInteger(row.change)).toBe(true);
    }
    expect(progress.daily).toHaveLength(1);
    expect(progress.daily[0]).toMatchObject({ correct: 3, total: 5 });
    expect(progress.masteryOverTime.map((m: { course: string }) => m.course)).toEqual(['science']);
  });

  it('shows a mastered skill as mastered until the learner has probably forgotten it', async () => {
    const { client, id } = await learner();
    await quiz(client, 'science', 5);
    const [state] = await app.db.select().from(skillState).where(eq(skillState.learnerId, id)).limit(1);
    const stored = state!.modelState as { evidence: Record<string, unknown> };
    /** The skill stored as `mastered`, its layer sure the learner knew it `daysAgo` days ago. */
    const masteredAgo = async (daysAgo: number) => {
      const lastMs = Date.now() - daysAgo * 86_400_000;
      await app.db
        .update(skillState)
        .set({
          band: 'mastered',
          modelState: { ...stored, evidence: { ...stored.evidence, knows: 0.99, lastMs } },
        })
        .where(and(eq(skillState.learnerId, id), eq(skillState.skillId, state!.skillId)));
      const progress = (await client.get('/api/me/progress?period=all')).json();
      return progress.rows.find((r: { skillId: string }) => r.skillId === state!.skillId).level as string;
    };
    expect(await masteredAgo(1)).toBe('Mastered');
    // A year without practice: the generic layer forgets 1% a day, so it is no longer sure.
    expect(await masteredAgo(365)).toBe('Proficient');
  });

  it('filters by period and counts days in the learner’s time zone', async () => {
    const { client, id } = await learner();
    await quiz(client, 'science', 5);
    // Move the answers to 20 days ago, 20:00 UTC (the next morning in India).
    const old = new Date(Date.now() - 20 * 24 * 60 * 60 * 1000);
    old.setUTCHours(20, 0, 0, 0);
    await app.db.update(attempt).set({ createdAt: old }).where(eq(attempt.learnerId, id));
    expect((await client.get('/api/me/progress?period=7d')).json().rows).toEqual([]);
    const month = (await client.get('/api/me/progress?period=30d&timeZone=UTC')).json();
    expect(month.totals.total).toBe(5);
    expect(month.daily[0].day).toBe(old.toISOString().slice(0, 10));
    const india = (await client.get('/api/me/progress?period=all&timeZone=Asia/Kolkata')).json();
    const nextDay = new Date(old.getTime() + 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    expect(india.daily[0].day).toBe(nextDay);
  });

  it('rejects an unknown period or time zone with 400', async () => {
    const { client } = await learner();
    expect((await client.get('/api/me/progress?period=year')).statusCode).toBe(400);
    expect((await client.get('/api/me/progress?timeZone=Mars/Olympus')).statusCode).toBe(400);
  });

  it('is for the learner only', async () => {
    const { cookie } = await signUpVerified(app, 'parents');
    expect((await as(app, cookie).get('/api/me/progress')).statusCode).toBe(403);
    expect((await app.inject('/api/me/badges')).statusCode).toBe(401);
  });
});

describe('badges', () => {
  it('awards Bronze on the third finished quiz, once, with its date, and announces it on that quiz', async () => {
    const { client, id } = await learner();
    await quiz(client, 'science', 1);
    await quiz(client, 'science', 0);
    let badges = (await client.get('/api/me/badges')).json();
    expect(badges).toHaveLength(9);
    expect(badges.find((b: { id: string }) => b.id === 'bronze')).toMatchObject({
      earned: false,
      progress: { current: 2, target: 3 },
    });
    const third = await quiz(client, 'science', 2);
    const summary = (await client.get(`/api/quizzes/${third}`)).json();
    expect(summary.badgesEarned).toEqual([{ id: 'bronze', name: 'Bronze' }]);
    badges = (await client.get('/api/me/badges')).json();
    const bronze = badges.find((b: { id: string }) => b.id === 'bronze');
    expect(bronze.earned).toBe(true);
    expect(new Date(bronze.awardedAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    await quiz(client, 'science', 1);
    const rows = await app.db
      .select()
      .from(badgeAward)
      .where(and(eq(badgeAward.learnerId, id), eq(badgeAward.badge, 'bronze')));
    expect(rows).toHaveLength(1);
    expect((await client.get('/api/me/stats')).json()).toMatchObject({ quizzesFinished: 4, streakDays: 1 });
  });

  it('awards Daily Learner on the quiz that makes seven days in a row in the learner’s time zone', async () => {
    const zone = 'Asia/Kathmandu'; // UTC+05:45 all year
    const today = dayKey(new Date(), zone);
    const day = (back: number) =>
      new Date(Date.parse(`${today}T00:00:00Z`) - back * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    /** A quiz finished at a local time on each of the days `back` days before today. */
    const finishedOn = async (learnerId: string, backs: number[], localTime: string) => {
      for (const back of backs) {
        const at = new Date(`${day(back)}T${localTime}+05:45`);
        await app.db.insert(quizSession).values({
          learnerId,
          courseKey: 'science',
          length: 5,
          answered: 5,
          score: 1,
          startedAt: at,
          finishedAt: at,
        });
      }
    };
    // Just after local midnight, and just before it: the previous UTC day, and the quarter hour before midnight.
    const streak = await learner();
    await finishedOn(streak.id, [6, 4, 2], '00:05:00');
    await finishedOn(streak.id, [5, 3, 1], '23:50:00');
    await quiz(streak.client, 'science', 1, zone);
    const badges = await app.db.select().from(badgeAward).where(eq(badgeAward.learnerId, streak.id));
    expect(badges.map((b) => b.badge)).toContain('daily-learner');

    // A day missing in the learner's days: no badge.
    const gap = await learner();
    await finishedOn(gap.id, [6, 5, 4, 3, 1], '00:05:00');
    await quiz(gap.client, 'science', 1, zone);
    const none = await app.db.select().from(badgeAward).where(eq(badgeAward.learnerId, gap.id));
    expect(none.map((b) => b.badge)).not.toContain('daily-learner');
  });

  it('awards a badge once when several quizzes finish at the same time', async () => {
    const { client, id } = await learner(['science', 'english', 'social_science']);
    await quiz(client, 'science', 1);
    await quiz(client, 'english', 1);
    // Two more quizzes finish concurrently: both may see three finished quizzes.
    await Promise.all([quiz(client, 'social_science', 1), quiz(client, 'science', 1)]);
    const rows = await app.db
      .select()
      .from(badgeAward)
      .where(and(eq(badgeAward.learnerId, id), eq(badgeAward.badge, 'bronze')));
    expect(rows).toHaveLength(1);
  });
});
