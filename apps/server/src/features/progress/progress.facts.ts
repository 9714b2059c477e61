import type { BadgeId, CourseKey } from '@vidya/contracts';
import { and, count, eq, isNotNull, like } from 'drizzle-orm';
import type { Db } from '#src/db/client.ts';
import { attempt, badgeAward, learnerProfile, quizSession, skillState } from '#src/db/schema/index.ts';
import { evaluateBadges, type BadgeFacts } from './badges.rules.ts';
import { dayKey, streakDays } from './days.ts';

/** A database handle or an open transaction. */
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

/** The learner's time zone (UTC until the app tells us). */
export async function timeZoneOf(db: Tx, learnerId: string): Promise<string> {
  const [row] = await db
    .select({ tz: learnerProfile.timeZone })
    .from(learnerProfile)
    .where(eq(learnerProfile.learnerId, learnerId));
  return row?.tz ?? 'UTC';
}

/** Remembers the learner's time zone (sent by the app when a quiz starts). */
export async function rememberTimeZone(db: Tx, learnerId: string, timeZone: string): Promise<void> {
  await db
    .insert(learnerProfile)
    .values({ learnerId, timeZone })
    .onConflictDoUpdate({ target: learnerProfile.learnerId, set: { timeZone, updatedAt: new Date() } });
}

async function finishedQuizzes(db: Tx, learnerId: string, timeZone: string) {
  const rows = await db
    .select({ score: quizSession.score, length: quizSession.length, finishedAt: quizSession.finishedAt })
    .from(quizSession)
    .where(and(eq(quizSession.learnerId, learnerId), isNotNull(quizSession.finishedAt)));
  return rows.map((q) => ({ score: q.score, length: q.length, day: dayKey(q.finishedAt!, timeZone) }));
}

/** Days in a row with a finished quiz, in the learner's time zone. */
export async function quizStreak(db: Tx, learnerId: string, timeZone: string, now: Date): Promise<number> {
  const quizzes = await finishedQuizzes(db, learnerId, timeZone);
  return streakDays(
    quizzes.map((q) => q.day),
    dayKey(now, timeZone),
  );
}

/** Everything the badge rules look at, for one learner. */
export async function badgeFacts(db: Tx, learnerId: string, timeZone: string): Promise<BadgeFacts> {
  const quizzes = await finishedQuizzes(db, learnerId, timeZone);
  const answers = await db
    .select({ course: attempt.courseKey, n: count() })
    .from(attempt)
    .where(eq(attempt.learnerId, learnerId))
    .groupBy(attempt.courseKey);
  const states = await db
    .select({ course: skillState.courseKey, mastery: skillState.mastery })
    .from(skillState)
    .where(eq(skillState.learnerId, learnerId));
  const [reading] = await db
    .select({ n: count() })
    .from(attempt)
    .where(
      and(
        eq(attempt.learnerId, learnerId),
        eq(attempt.courseKey, 'english'),
        eq(attempt.correct, true),
        like(attempt.skillId, 'reading-%'),
      ),
    );
  const mastery: BadgeFacts['mastery'] = {};
  for (const s of states) (mastery[s.course as CourseKey] ??= []).push(s.mastery);
  return {
    quizzes,
    answers: Object.fromEntries(answers.map((a) => [a.course, a.n])),
    mastery,
    correctReadingAnswers: reading?.n ?? 0,
  };
}

/** Awards every badge the learner has newly earned (each once, whatever runs at the same time); returns them. */
export async function awardBadges(db: Tx, learnerId: string, now: Date): Promise<BadgeId[]> {
  const timeZone = await timeZoneOf(db, learnerId);
  const earned = evaluateBadges(await badgeFacts(db, learnerId, timeZone)).filter((b) => b.earned);
  if (earned.length === 0) return [];
  const inserted = await db
    .insert(badgeAward)
    .values(earned.map((b) => ({ learnerId, badge: b.id, awardedAt: now })))
    .onConflictDoNothing()
    .returning({ badge: badgeAward.badge });
  return inserted.map((r) => r.badge as BadgeId);
}
