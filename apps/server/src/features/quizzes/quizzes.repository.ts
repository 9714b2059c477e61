import type { CourseKey } from '@vidya/contracts';
import type { LearnerModelState, SkillModelState } from '@vidya/engine';
import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '#src/db/client.ts';
import {
  attempt,
  enrolment,
  item,
  itemStats,
  learnerCourseState,
  passage,
  quizQuestion,
  quizSession,
  skill,
  skillState,
} from '#src/db/schema/index.ts';

/** A database handle or an open transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export async function isEnrolled(db: Tx, learnerId: string, course: string): Promise<boolean> {
  const rows = await db
    .select({ c: enrolment.courseKey })
    .from(enrolment)
    .where(and(eq(enrolment.learnerId, learnerId), eq(enrolment.courseKey, course)));
  return rows.length > 0;
}

/** The quiz row, locked for the rest of the transaction, if it is the learner's. */
export async function lockQuiz(tx: Tx, learnerId: string, quizId: string) {
  const [row] = await tx
    .select()
    .from(quizSession)
    .where(and(eq(quizSession.id, quizId), eq(quizSession.learnerId, learnerId)))
    .for('update');
  return row;
}

export async function findQuiz(db: Tx, learnerId: string, quizId: string) {
  const [row] = await db
    .select()
    .from(quizSession)
    .where(and(eq(quizSession.id, quizId), eq(quizSession.learnerId, learnerId)));
  return row;
}

export async function courseSkills(db: Tx, course: string) {
  return db.select().from(skill).where(eq(skill.courseKey, course)).orderBy(asc(skill.sortOrder));
}

export async function quizQuestions(db: Tx, quizId: string) {
  return db
    .select()
    .from(quizQuestion)
    .where(eq(quizQuestion.quizId, quizId))
    .orderBy(asc(quizQuestion.position));
}

/** Item ids asked in the learner's last `count` other quizzes of the course. */
export async function recentItemIds(
  db: Tx,
  learnerId: string,
  course: string,
  quizId: string,
  count: number,
) {
  const recent = await db
    .select({ id: quizSession.id })
    .from(quizSession)
    .where(
      and(
        eq(quizSession.learnerId, learnerId),
        eq(quizSession.courseKey, course),
        ne(quizSession.id, quizId),
      ),
    )
    .orderBy(desc(quizSession.startedAt))
    .limit(count);
  if (recent.length === 0) return [];
  const rows = await db
    .select({ itemId: quizQuestion.itemId })
    .from(quizQuestion)
    .where(
      inArray(
        quizQuestion.quizId,
        recent.map((r) => r.id),
      ),
    );
  return rows.map((r) => r.itemId);
}

export async function learnerState(db: Tx, learnerId: string, course: string) {
  const [row] = await db
    .select()
    .from(learnerCourseState)
    .where(and(eq(learnerCourseState.learnerId, learnerId), eq(learnerCourseState.courseKey, course)));
  return row ? (row.modelState as LearnerModelState) : undefined;
}

export async function skillStates(db: Tx, learnerId: string, course: string, skillId?: string) {
  const rows = await db
    .select()
    .from(skillState)
    .where(
      and(
        eq(skillState.learnerId, learnerId),
        eq(skillState.courseKey, course),
        skillId ? eq(skillState.skillId, skillId) : undefined,
      ),
    );
  return rows.map((r) => ({ ...r, modelState: r.modelState as SkillModelState }));
}

export async function itemStatsFor(db: Tx, keys: string[]) {
  if (keys.length === 0) return new Map<string, { attempts: number; correct: number }>();
  const rows = await db.select().from(itemStats).where(inArray(itemStats.itemId, keys));
  return new Map(rows.map((r) => [r.itemId, r]));
}

export async function liveItemVersion(db: Tx, itemId: string) {
  const [row] = await db
    .select({ version: item.version })
    .from(item)
    .where(and(eq(item.id, itemId), sql`${item.retiredAt} is null`));
  return row?.version;
}

export async function itemWithPassage(db: Tx, itemId: string, version: string) {
  const [row] = await db
    .select({ item, passage })
    .from(item)
    .leftJoin(passage, and(eq(passage.id, item.passageId), eq(passage.version, item.passageVersion)))
    .where(and(eq(item.id, itemId), eq(item.version, version)));
  return row;
}

export async function saveLearnerState(
  tx: Tx,
  learnerId: string,
  course: CourseKey,
  state: LearnerModelState,
  now: Date,
) {
  await tx
    .insert(learnerCourseState)
    .values({ learnerId, courseKey: course, modelState: state, updatedAt: now })
    .onConflictDoUpdate({
      target: [learnerCourseState.learnerId, learnerCourseState.courseKey],
      set: { modelState: state, updatedAt: now },
    });
}

export async function saveSkillState(tx: Tx, row: typeof skillState.$inferInsert) {
  await tx
    .insert(skillState)
    .values(row)
    .onConflictDoUpdate({
      target: [skillState.learnerId, skillState.courseKey, skillState.skillId],
      set: {
        modelState: row.modelState,
        mastery: row.mastery,
        band: row.band,
        attempts: row.attempts,
        correct: row.correct,
        lastPractisedAt: row.lastPractisedAt,
        nextReviewAt: row.nextReviewAt,
      },
    });
}

export async function countItemAttempt(tx: Tx, key: string, correct: boolean) {
  await tx
    .insert(itemStats)
    .values({ itemId: key, attempts: 1, correct: correct ? 1 : 0 })
    .onConflictDoUpdate({
      target: itemStats.itemId,
      set: {
        attempts: sql`${itemStats.attempts} + 1`,
        correct: sql`${itemStats.correct} + ${correct ? 1 : 0}`,
      },
    });
}

export async function attemptAt(db: Tx, quizId: string, position: number) {
  const [row] = await db
    .select()
    .from(attempt)
    .where(and(eq(attempt.quizId, quizId), eq(attempt.position, position)));
  return row;
}

export async function quizAttempts(db: Tx, quizId: string) {
  return db.select().from(attempt).where(eq(attempt.quizId, quizId)).orderBy(asc(attempt.position));
}
