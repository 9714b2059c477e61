import type { CourseKey, LearnerProgress, MasteryBand } from '@vidya/contracts';
import { and, asc, desc, eq, gte, inArray, isNotNull, max, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { attempt, course, enrolment, quizSession, skill, skillState, user } from '#src/db/schema/index.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const RECENT_QUIZ_COUNT = 10;

const toPercent = (p: number) => Math.round(p * 100);

/** Days in a row, ending today or yesterday (UTC), with at least one answer. */
export function streakDays(activeDays: string[], today: Date): number {
  const days = new Set(activeDays);
  const key = (d: Date) => d.toISOString().slice(0, 10);
  let cursor = new Date(today);
  if (!days.has(key(cursor))) cursor = new Date(cursor.getTime() - DAY_MS);
  let streak = 0;
  while (days.has(key(cursor))) {
    streak += 1;
    cursor = new Date(cursor.getTime() - DAY_MS);
  }
  return streak;
}

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
  const days = await app.db
    .selectDistinct({ day: sql<string>`to_char(${attempt.createdAt} at time zone 'UTC', 'YYYY-MM-DD')` })
    .from(attempt)
    .where(
      and(eq(attempt.learnerId, learnerId), gte(attempt.createdAt, new Date(now.getTime() - 400 * DAY_MS))),
    );

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
          band: (state?.band ?? 'not started') as MasteryBand,
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
    streakDays: streakDays(
      days.map((d) => d.day),
      now,
    ),
    lastActiveAt: activity?.last ? new Date(activity.last).toISOString() : null,
  };
}
