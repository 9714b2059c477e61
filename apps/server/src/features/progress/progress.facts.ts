import type { BadgeId, CourseKey } from '@vidya/contracts';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '#src/db/client.ts';
import { badgeAward, learnerProfile, quizSession, skillState } from '#src/db/schema/index.ts';
import { BADGES, evaluateBadges, READING_SKILL_PREFIX, type BadgeFacts } from './badges.rules.ts';
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

/** The skill states' share of the facts: answers and mastery per course, correct reading answers. */
async function skillFacts(db: Tx, learnerId: string): Promise<Omit<BadgeFacts, 'quizzes'>> {
  // skill_state keeps each skill's answer and correct counts, so no attempt needs counting.
  const states = await db
    .select({
      course: skillState.courseKey,
      skillId: skillState.skillId,
      mastery: skillState.mastery,
      attempts: skillState.attempts,
      correct: skillState.correct,
    })
    .from(skillState)
    .where(eq(skillState.learnerId, learnerId));
  const answers: BadgeFacts['answers'] = {};
  const mastery: BadgeFacts['mastery'] = {};
  let correctReadingAnswers = 0;
  for (const s of states) {
    const course = s.course as CourseKey;
    answers[course] = (answers[course] ?? 0) + s.attempts;
    (mastery[course] ??= []).push(s.mastery);
    if (course === 'english' && s.skillId.startsWith(READING_SKILL_PREFIX))
      correctReadingAnswers += s.correct;
  }
  return { answers, mastery, correctReadingAnswers };
}

/** Everything the badge rules look at, for one learner. */
export async function badgeFacts(db: Tx, learnerId: string, timeZone: string): Promise<BadgeFacts> {
  return { quizzes: await finishedQuizzes(db, learnerId, timeZone), ...(await skillFacts(db, learnerId)) };
}

/** Badges whose rules look only at finished quizzes: they can change only when a quiz finishes. */
const QUIZ_BADGES = new Set<BadgeId>(['bronze', 'silver', 'gold', 'daily-learner']);

/**
 * Awards every badge the learner has newly earned (each once, whatever runs at the same time); returns them. After an
 * answer that does not finish a quiz, only the badges an answer can change are judged, and already-awarded badges
 * never are, so most answers cost two small reads.
 */
export async function awardBadges(
  db: Tx,
  learnerId: string,
  now: Date,
  options: { quizFinished: boolean },
): Promise<BadgeId[]> {
  const awarded = await db
    .select({ badge: badgeAward.badge })
    .from(badgeAward)
    .where(eq(badgeAward.learnerId, learnerId));
  const open = new Set<BadgeId>(BADGES.map((b) => b.id));
  for (const a of awarded) open.delete(a.badge as BadgeId);
  if (!options.quizFinished) for (const id of QUIZ_BADGES) open.delete(id);
  if (open.size === 0) return [];
  const needsQuizzes = [...open].some((id) => QUIZ_BADGES.has(id));
  const facts: BadgeFacts = {
    quizzes: needsQuizzes ? await finishedQuizzes(db, learnerId, await timeZoneOf(db, learnerId)) : [],
    ...(await skillFacts(db, learnerId)),
  };
  const earned = evaluateBadges(facts).filter((b) => b.earned && open.has(b.id));
  if (earned.length === 0) return [];
  const inserted = await db
    .insert(badgeAward)
    .values(earned.map((b) => ({ learnerId, badge: b.id, awardedAt: now })))
    .onConflictDoNothing()
    .returning({ badge: badgeAward.badge });
  return inserted.map((r) => r.badge as BadgeId);
}
