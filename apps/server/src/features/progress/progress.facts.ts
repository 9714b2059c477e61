import type { BadgeId, CourseKey } from '@vidya/contracts';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Tx } from '#src/db/client.ts';
import { learnerProfile, quizSession, skillState } from '#src/db/schema/index.ts';
import {
  BADGES,
  evaluateBadges,
  READING_SKILL_PREFIX,
  tallyQuizzes,
  type BadgeFacts,
  type QuizTally,
} from './badges.rules.ts';
import { dayKey, streakDays } from './days.ts';

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

/** Finished quizzes as the badge rules count them, with their days in the learner's time zone. */
export const quizFacts = (
  rows: readonly { score: number; length: number; finishedAt: Date }[],
  timeZone: string,
): QuizTally =>
  tallyQuizzes(rows.map((q) => ({ score: q.score, length: q.length, day: dayKey(q.finishedAt, timeZone) })));

/**
 * The length of the time slots finished quizzes are stored by in a `StoredQuizTally`. Every time zone in use today is
 * a whole number of quarter hours from UTC, so a quarter hour starting at a multiple of it lies within one local day.
 */
export const QUIZ_SLOT_MS = 15 * 60_000;

/**
 * A learner's finished quizzes as the database counts them, whatever their number: the counts the badge rules use and
 * the quarter hours (as multiples of QUIZ_SLOT_MS since the epoch) in which quizzes finished, each once.
 */
export interface StoredQuizTally {
  finished: number;
  good: number;
  perfect: number;
  slots: number[];
}

/** The tally of the stored quizzes and one more that has just finished, with days in the learner's time zone. */
export function tallyWith(
  stored: StoredQuizTally,
  quiz: { score: number; length: number; finishedAt: Date },
  timeZone: string,
): QuizTally {
  const just = quizFacts([quiz], timeZone);
  const days = new Set(stored.slots.map((slot) => dayKey(new Date(slot * QUIZ_SLOT_MS), timeZone)));
  return {
    finished: stored.finished + just.finished,
    good: stored.good + just.good,
    perfect: stored.perfect + just.perfect,
    days: [...new Set([...days, ...just.days])],
  };
}

async function finishedQuizzes(db: Tx, learnerId: string, timeZone: string) {
  const rows = await db
    .select({ score: quizSession.score, length: quizSession.length, finishedAt: quizSession.finishedAt })
    .from(quizSession)
    .where(and(eq(quizSession.learnerId, learnerId), isNotNull(quizSession.finishedAt)));
  return quizFacts(
    rows.map((q) => ({ ...q, finishedAt: q.finishedAt! })),
    timeZone,
  );
}

/** Days in a row with a finished quiz, in the learner's time zone. */
export async function quizStreak(db: Tx, learnerId: string, timeZone: string, now: Date): Promise<number> {
  const quizzes = await finishedQuizzes(db, learnerId, timeZone);
  return streakDays(quizzes.days, dayKey(now, timeZone));
}

/** The skill states' share of the facts: answers and mastery per course, correct reading answers. */
export function skillFacts(
  states: readonly {
    courseKey: string;
    skillId: string;
    mastery: number;
    attempts: number;
    correct: number;
  }[],
): Omit<BadgeFacts, 'quizzes'> {
  // skill_state keeps each skill's answer and correct counts, so no attempt needs counting.
  const answers: BadgeFacts['answers'] = {};
  const mastery: BadgeFacts['mastery'] = {};
  let correctReadingAnswers = 0;
  for (const s of states) {
    const course = s.courseKey as CourseKey;
    answers[course] = (answers[course] ?? 0) + s.attempts;
    (mastery[course] ??= []).push(s.mastery);
    if (course === 'english' && s.skillId.startsWith(READING_SKILL_PREFIX))
      correctReadingAnswers += s.correct;
  }
  return { answers, mastery, correctReadingAnswers };
}

/** Everything the badge rules look at, for one learner. */
export async function badgeFacts(db: Tx, learnerId: string, timeZone: string): Promise<BadgeFacts> {
  const states = await db
    .select({
      courseKey: skillState.courseKey,
      skillId: skillState.skillId,
      mastery: skillState.mastery,
      attempts: skillState.attempts,
      correct: skillState.correct,
    })
    .from(skillState)
    .where(eq(skillState.learnerId, learnerId));
  return { quizzes: await finishedQuizzes(db, learnerId, timeZone), ...skillFacts(states) };
}

/** Badges whose rules look only at finished quizzes: they can change only when a quiz finishes. */
export const QUIZ_BADGES: ReadonlySet<BadgeId> = new Set<BadgeId>([
  'bronze',
  'silver',
  'gold',
  'daily-learner',
]);

/**
 * The badges an answer earns: those not awarded yet whose rules hold with the facts after the answer. After an
 * answer that does not finish a quiz only the badges an answer can change are judged (`facts.quizzes` may then be
 * a tally of nothing). The caller stores them once each (the badge table's key keeps concurrent awards single).
 */
export function newlyEarnedBadges(
  awarded: readonly string[],
  facts: BadgeFacts,
  options: { quizFinished: boolean },
): BadgeId[] {
  const open = new Set<BadgeId>(BADGES.map((b) => b.id));
  for (const a of awarded) open.delete(a as BadgeId);
  if (!options.quizFinished) for (const id of QUIZ_BADGES) open.delete(id);
  if (open.size === 0) return [];
  return evaluateBadges(facts)
    .filter((b) => b.earned && open.has(b.id))
    .map((b) => b.id);
}

/** Where a learner stands after an answer, as judging badges needs it. */
export interface AfterAnswer {
  /** The badges held before the answer. */
  held: readonly string[];
  /** Every skill state of the learner, as the answer leaves them. */
  states: Parameters<typeof skillFacts>[0];
  /** The quiz, when this answer finished it. */
  finished: { score: number; length: number; finishedAt: Date } | undefined;
  /** The stored tally of finished quizzes, or undefined when every quiz badge is held (it is not read then). */
  quizTally: StoredQuizTally | undefined;
  timeZone: string;
}

/** The stored tally when it was not read (every quiz badge is held, so the quiz badges are not judged). */
const NO_QUIZZES: StoredQuizTally = { finished: 0, good: 0, perfect: 0, slots: [] };

/**
 * The badges an answer earns, judged on the facts as the answer leaves them (after each answer, and so after a quiz's
 * last one); the answer's own statement stores them (`awardBadges`).
 */
export function judgeBadges(after: AfterAnswer): BadgeId[] {
  const quizzes = after.finished
    ? tallyWith(after.quizTally ?? NO_QUIZZES, after.finished, after.timeZone)
    : tallyQuizzes([]);
  return newlyEarnedBadges(
    after.held,
    { quizzes, ...skillFacts(after.states) },
    {
      quizFinished: after.finished !== undefined,
    },
  );
}
