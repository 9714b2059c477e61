import {
  toPercent,
  type Badge,
  type CourseKey,
  type LearnerProgress,
  type MasteryBand,
  type Period,
  type Progress,
} from '@vidya/contracts';
import { bandShown, type SkillModelState } from '@vidya/engine';
import { and, asc, count, desc, eq, gte, lte, inArray, isNotNull, max, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { BADGES, evaluateBadges } from './badges.rules.ts';
import { computeProgress, periodStart } from './progress.compute.ts';
import { badgeFacts, quizStreak, rememberTimeZone, timeZoneOf } from './progress.facts.ts';
import {
  attempt,
  badgeAward,
  course,
  enrolment,
  quizSession,
  skill,
  skillState,
  user,
} from '#src/db/schema/index.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The band a learner, parent or teacher sees for a stored skill state now: the stored band, with `mastered` faded
 * by what the learner has probably forgotten since the last answer (`bandShown`, at the course's fitted forgetting).
 */
function shownBand(
  app: FastifyInstance,
  state: Pick<typeof skillState.$inferSelect, 'band' | 'courseKey' | 'modelState'>,
  now: Date,
): MasteryBand {
  const { evidence } = state.modelState as SkillModelState;
  return bandShown(state.band as MasteryBand, evidence, now.getTime(), app.learning.knows[state.courseKey]);
}
const RECENT_QUIZ_COUNT = 10;

/** One learner's progress: courses with mastery per skill, recent quizzes, time spent, streak, last activity. */
export async function learnerProgress(
  app: FastifyInstance,
  learnerId: string,
  now = new Date(),
): Promise<LearnerProgress> {
  const [who] = await app.db
    .select({
      id: user.id,
      firstName: user.firstName,
      lastName: user.lastName,
      username: user.displayUsername,
    })
    .from(user)
    .where(eq(user.id, learnerId));
  const courses = await app.db
    .select({ course })
    .from(enrolment)
    .innerJoin(course, eq(course.key, enrolment.courseKey))
    .where(eq(enrolment.learnerId, learnerId))
    .orderBy(asc(course.sortOrder));
  const keys = courses.map((c) => c.course.key);
  const skills = keys.length
    ? await app.db.select().from(skill).where(inArray(skill.courseKey, keys)).orderBy(asc(skill.sortOrder))
    : [];
  const states = await app.db.select().from(skillState).where(eq(skillState.learnerId, learnerId));
  const quizzes = await app.db
    .select({ quiz: quizSession, course })
    .from(quizSession)
    .innerJoin(course, eq(course.key, quizSession.courseKey))
    .where(and(eq(quizSession.learnerId, learnerId), isNotNull(quizSession.finishedAt)))
    .orderBy(desc(quizSession.finishedAt))
    .limit(RECENT_QUIZ_COUNT);
  const weekAgo = new Date(now.getTime() - 7 * DAY_MS);
  const [activity] = await app.db
    .select({
      ms: sql<number>`coalesce(sum(${attempt.responseMs}), 0)`.mapWith(Number),
      last: max(attempt.createdAt),
    })
    .from(attempt)
    .where(eq(attempt.learnerId, learnerId));
  const [week] = await app.db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(quizSession)
    .where(and(eq(quizSession.learnerId, learnerId), gte(quizSession.finishedAt, weekAgo)));

  return {
    learner: {
      id: learnerId,
      firstName: who?.firstName ?? '',
      lastName: who?.lastName ?? '',
      username: who?.username ?? '',
    },
    courses: courses.map(({ course: c }) => {
      const courseSkills = skills.filter((s) => s.courseKey === c.key);
      const rows = courseSkills.map((s) => {
        const state = states.find((st) => st.courseKey === c.key && st.skillId === s.id);
        return {
          id: s.id,
          name: s.name,
          mastery: state ? toPercent(state.mastery) : 0,
          band: state ? shownBand(app, state, now) : 'not started',
          attempts: state?.attempts ?? 0,
        };
      });
      const mean = rows.length ? Math.round(rows.reduce((sum, r) => sum + r.mastery, 0) / rows.length) : 0;
      return {
        course: { key: c.key as CourseKey, title: c.title, subject: c.subject },
        mastery: mean,
        skills: rows,
      };
    }),
    recentQuizzes: quizzes.map(({ quiz, course: c }) => ({
      id: quiz.id,
      course: { key: c.key as CourseKey, title: c.title, subject: c.subject },
      score: quiz.score,
      total: quiz.length,
      finishedAt: quiz.finishedAt!.toISOString(),
    })),
    minutesSpent: Math.round(((activity?.ms ?? 0) / 60_000) * 10) / 10,
    quizzesThisWeek: week?.n ?? 0,
    streakDays: await quizStreak(app.db, learnerId, await timeZoneOf(app.db, learnerId), now),
    lastActiveAt: activity?.last ? new Date(activity.last).toISOString() : null,
  };
}

/** The learner's progress page for a period, in their time zone (the given one is remembered). */
export async function progressFor(
  app: FastifyInstance,
  learnerId: string,
  period: Period,
  requestedTimeZone: string | undefined,
  now = new Date(),
): Promise<Progress> {
  if (requestedTimeZone) await rememberTimeZone(app.db, learnerId, requestedTimeZone);
  const timeZone = requestedTimeZone ?? (await timeZoneOf(app.db, learnerId));
  const attempts = await app.db
    .select()
    .from(attempt)
    .where(eq(attempt.learnerId, learnerId))
    .orderBy(asc(attempt.createdAt));
  const states = await app.db.select().from(skillState).where(eq(skillState.learnerId, learnerId));
  const skills = await app.db.select({ id: skill.id, course: skill.courseKey, name: skill.name }).from(skill);
  const courses = await app.db.select().from(course);
  const start = periodStart(period, now, timeZone);
  const [quizzes] = await app.db
    .select({ n: count() })
    .from(quizSession)
    .where(
      and(
        eq(quizSession.learnerId, learnerId),
        isNotNull(quizSession.finishedAt),
        start ? gte(quizSession.finishedAt, start) : undefined,
      ),
    );
  const computed = computeProgress({
    period,
    timeZone,
    now,
    attempts: attempts.map((a) => ({ ...a, course: a.courseKey as CourseKey })),
    bands: new Map(states.map((s) => [`${s.courseKey}:${s.skillId}`, shownBand(app, s, now)])),
    skillNames: new Map(skills.map((s) => [`${s.course}:${s.id}`, s.name])),
    courseTitles: new Map(courses.map((c) => [c.key, c.title])),
    quizzesInPeriod: quizzes?.n ?? 0,
  });
  return { period, timeZone, ...computed };
}

/** The nine badges: earned ones with their date, the others with progress toward them. */
export async function listBadges(app: FastifyInstance, learnerId: string): Promise<Badge[]> {
  const timeZone = await timeZoneOf(app.db, learnerId);
  const statuses = evaluateBadges(await badgeFacts(app.db, learnerId, timeZone));
  const awards = await app.db.select().from(badgeAward).where(eq(badgeAward.learnerId, learnerId));
  return BADGES.map((definition) => {
    const status = statuses.find((s) => s.id === definition.id)!;
    const award = awards.find((a) => a.badge === definition.id);
    return {
      ...definition,
      // Once awarded, a badge stays earned even if the figures behind it later dip.
      earned: award !== undefined,
      awardedAt: award ? award.awardedAt.toISOString() : null,
      progress: award
        ? { current: status.target, target: status.target, label: 'Earned' }
        : { current: status.current, target: status.target, label: status.label },
    };
  });
}

/** Badges awarded while a quiz ran (from its start to its last answer), for its final screen. */
export async function badgesAwardedBetween(app: FastifyInstance, learnerId: string, from: Date, to: Date) {
  const awards = await app.db
    .select()
    .from(badgeAward)
    .where(
      and(
        eq(badgeAward.learnerId, learnerId),
        gte(badgeAward.awardedAt, from),
        lte(badgeAward.awardedAt, to),
      ),
    );
  return awards.map((a) => ({ id: a.badge, name: BADGES.find((b) => b.id === a.badge)?.name ?? a.badge }));
}
