import {
  toPercent,
  XP_PER_CORRECT_ANSWER,
  type Course,
  type CourseKey,
  type Enrolment,
  type LearnerStats,
} from '@vidya/contracts';
import { and, asc, count, eq, isNotNull, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { quizStreak, timeZoneOf } from '../progress/index.ts';
import {
  attempt,
  course,
  enrolment,
  learnerCourseState,
  quizSession,
  skill,
  skillState,
} from '#src/db/schema/index.ts';

const presentCourse = (row: typeof course.$inferSelect): Course => ({
  key: row.key as CourseKey,
  title: row.title,
  subject: row.subject,
});

/** Every quiz course, in catalogue order. */
export async function listCourses(app: FastifyInstance): Promise<Course[]> {
  return (await app.db.select().from(course).orderBy(asc(course.sortOrder))).map(presentCourse);
}

/** The learner's enrolments with the mean mastery over each course's skills (unpractised skills count 0). */
export async function listEnrolments(app: FastifyInstance, learnerId: string): Promise<Enrolment[]> {
  const rows = await app.db
    .select({ course, enrolledAt: enrolment.enrolledAt })
    .from(enrolment)
    .innerJoin(course, eq(course.key, enrolment.courseKey))
    .where(eq(enrolment.learnerId, learnerId))
    .orderBy(asc(course.sortOrder));
  if (rows.length === 0) return [];
  const totals = await app.db
    .select({ courseKey: skill.courseKey, n: count() })
    .from(skill)
    .groupBy(skill.courseKey);
  const mastery = await app.db
    .select({
      courseKey: skillState.courseKey,
      sum: sql<number>`coalesce(sum(${skillState.mastery}), 0)`.mapWith(Number),
      n: count(),
    })
    .from(skillState)
    .where(eq(skillState.learnerId, learnerId))
    .groupBy(skillState.courseKey);
  return rows.map(({ course: c, enrolledAt }) => {
    const total = totals.find((t) => t.courseKey === c.key)?.n ?? 0;
    const practised = mastery.find((m) => m.courseKey === c.key);
    return {
      course: presentCourse(c),
      enrolledAt: enrolledAt.toISOString(),
      mastery: total > 0 && practised ? toPercent(practised.sum / total) : 0,
      skillsPractised: practised?.n ?? 0,
      skillsTotal: total,
    };
  });
}

/** Enrols the learner in the courses (SPEC: skills start at newUser = 0, i.e. no skill state yet). */
export async function enrol(
  app: FastifyInstance,
  learnerId: string,
  courses: CourseKey[],
): Promise<Enrolment[]> {
  await app.db
    .insert(enrolment)
    .values([...new Set(courses)].map((courseKey) => ({ learnerId, courseKey })))
    .onConflictDoNothing();
  return listEnrolments(app, learnerId);
}

/** Unenrols and deletes every row of the learner's for that course in one transaction, as the dialog warns. */
export async function unenrol(app: FastifyInstance, learnerId: string, courseKey: CourseKey): Promise<void> {
  await app.db.transaction(async (tx) => {
    const mine = (table: { learnerId: AnyPgColumn; courseKey: AnyPgColumn }) =>
      and(eq(table.learnerId, learnerId), eq(table.courseKey, courseKey));
    await tx.delete(attempt).where(mine(attempt));
    // quiz_question rows go with their quiz (on delete cascade).
    await tx.delete(quizSession).where(mine(quizSession));
    await tx.delete(skillState).where(mine(skillState));
    await tx.delete(learnerCourseState).where(mine(learnerCourseState));
    await tx.delete(enrolment).where(mine(enrolment));
  });
}

/** Experience points (10 per correct answer) and totals, derived from the attempts. */
export async function learnerStats(app: FastifyInstance, learnerId: string): Promise<LearnerStats> {
  const [answers] = await app.db
    .select({ n: count() })
    .from(attempt)
    .where(and(eq(attempt.learnerId, learnerId), eq(attempt.correct, true)));
  const [quizzes] = await app.db
    .select({ n: count() })
    .from(quizSession)
    .where(and(eq(quizSession.learnerId, learnerId), isNotNull(quizSession.finishedAt)));
  const correctAnswers = answers?.n ?? 0;
  const streakDays = await quizStreak(app.db, learnerId, await timeZoneOf(app.db, learnerId), new Date());
  return {
    xp: correctAnswers * XP_PER_CORRECT_ANSWER,
    correctAnswers,
    quizzesFinished: quizzes?.n ?? 0,
    streakDays,
  };
}
