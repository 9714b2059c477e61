import type { CourseKey } from '@vidya/contracts';
import type { LearnerModelState, SkillModelState } from '@vidya/engine';
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '#src/db/client.ts';
import {
  attempt,
  enrolment,
  item,
  itemStats,
  learnerCourseState,
  passage,
  quizSession,
  skillState,
  type quizQuestion,
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

export async function quizAttempts(db: Tx, quizId: string) {
  return db.select().from(attempt).where(eq(attempt.quizId, quizId)).orderBy(asc(attempt.position));
}

// The quiz calls read everything they need after locking the quiz in one round trip (the lock must come first, in
// its own statement, so that the reads see what a concurrent call committed before it released the lock).

type ServedRow = typeof quizQuestion.$inferSelect;
type ItemRow = typeof item.$inferSelect;

interface SkillStateRow {
  skillId: string;
  modelState: SkillModelState;
  attempts: number;
  correct: number;
}

type Json<T, Dates extends keyof T> = Omit<T, Dates> & Record<Dates, string | null>;

const askedSql = (quizId: string) => sql<Json<ServedRow, 'servedAt'>[]>`(
  select coalesce(json_agg(json_build_object('quizId', q.quiz_id, 'position', q.position, 'itemId', q.item_id,
    'itemVersion', q.item_version, 'skillId', q.skill_id, 'reason', q.reason, 'predicted', q.predicted,
    'servedAt', q.served_at) order by q.position), '[]'::json)
  from quiz_question q where q.quiz_id = ${quizId})`;

const learnerSql = (learnerId: string, course: string) => sql<LearnerModelState | null>`(
  select l.model_state from learner_course_state l where l.learner_id = ${learnerId} and l.course_key = ${course})`;

const statesSql = (learnerId: string, course: string) => sql<SkillStateRow[]>`(
  select coalesce(json_agg(json_build_object('skillId', s.skill_id, 'modelState', s.model_state,
    'attempts', s.attempts, 'correct', s.correct)), '[]'::json)
  from skill_state s where s.learner_id = ${learnerId} and s.course_key = ${course})`;

// The keys go as one array parameter: an authored course offers a few hundred candidates per question.
const statsSql = (keys: readonly string[]) =>
  keys.length === 0
    ? sql<{ itemId: string; attempts: number; correct: number }[]>`'[]'::json`
    : sql<{ itemId: string; attempts: number; correct: number }[]>`(
  select coalesce(json_agg(json_build_object('itemId', st.item_id, 'attempts', st.attempts,
    'correct', st.correct)), '[]'::json)
  from item_stats st where st.item_id = any(${sql.param(keys)}::text[]))`;

const toServed = (q: Json<ServedRow, 'servedAt'>): ServedRow => ({ ...q, servedAt: new Date(q.servedAt!) });

const toStats = (rows: { itemId: string; attempts: number; correct: number }[]) =>
  new Map(rows.map((r) => [r.itemId, r]));

/** After the lock, for choosing the next question: served questions, learner state, statistics, recent items. */
export async function nextContext(
  tx: Tx,
  learnerId: string,
  course: string,
  quizId: string,
  statsKeys: readonly string[],
  recentQuizzes: number,
) {
  const [row] = await tx
    .select({
      asked: askedSql(quizId),
      learner: learnerSql(learnerId, course),
      states: statesSql(learnerId, course),
      stats: statsSql(statsKeys),
      recent: sql<string[]>`(
        select coalesce(json_agg(r.item_id), '[]'::json) from quiz_question r where r.quiz_id in (
          select o.id from quiz_session o
          where o.learner_id = ${learnerId} and o.course_key = ${course} and o.id <> ${quizId}
          order by o.started_at desc limit ${recentQuizzes}))`,
    })
    .from(quizSession)
    .where(eq(quizSession.id, quizId));
  return {
    asked: row!.asked.map(toServed),
    learner: row!.learner ?? undefined,
    states: row!.states,
    stats: toStats(row!.stats),
    recentItemIds: row!.recent,
  };
}

/** The served questions of a quiz only (a refresh of the current question). */
export async function askedOnly(tx: Tx, quizId: string) {
  const [row] = await tx
    .select({ asked: askedSql(quizId) })
    .from(quizSession)
    .where(eq(quizSession.id, quizId));
  return row!.asked.map(toServed);
}

interface AttemptJson {
  position: number;
  itemId: string;
  itemVersion: string;
  skillId: string;
  correct: boolean;
  masteryBefore: number;
  firstOfSkill: boolean;
  masteryAfter: number;
  bandAfter: string;
}

/**
 * After the lock, for an answer: served questions, the quiz's answers so far, learner and skill states, the
 * statistics under `statsKey`, and (when `withItem`) the stored item served for `itemId` with no passage.
 */
export async function answerContext(
  tx: Tx,
  learnerId: string,
  course: string,
  quizId: string,
  itemId: string,
  statsKey: string,
  withItem: boolean,
) {
  const itemSql: SQL<Json<ItemRow, 'createdAt' | 'retiredAt'> | null> = withItem
    ? sql`(
      select json_build_object('id', i.id, 'version', i.version, 'courseKey', i.course_key, 'skillId', i.skill_id,
        'kind', i.kind, 'prompt', i.prompt, 'choices', i.choices, 'answer', i.answer, 'answerForm', i.answer_form,
        'explanation', i.explanation, 'passageId', i.passage_id, 'passageVersion', i.passage_version,
        'difficulty', i.difficulty, 'source', i.source, 'createdAt', i.created_at, 'retiredAt', i.retired_at)
      from quiz_question q join item i on i.id = q.item_id and i.version = q.item_version
      where q.quiz_id = ${quizId} and q.item_id = ${itemId} and i.passage_id is null
      order by q.position limit 1)`
    : sql`null::json`;
  const [row] = await tx
    .select({
      asked: askedSql(quizId),
      attempts: sql<AttemptJson[]>`(
        select coalesce(json_agg(json_build_object('position', a.position, 'itemId', a.item_id,
          'itemVersion', a.item_version, 'skillId', a.skill_id, 'correct', a.correct,
          'masteryBefore', a.mastery_before, 'firstOfSkill', a.first_of_skill, 'masteryAfter', a.mastery_after,
          'bandAfter', a.band_after)), '[]'::json)
        from attempt a where a.quiz_id = ${quizId})`,
      learner: learnerSql(learnerId, course),
      states: statesSql(learnerId, course),
      stats: statsSql([statsKey]),
      item: itemSql,
    })
    .from(quizSession)
    .where(eq(quizSession.id, quizId));
  const stored = row!.item;
  return {
    asked: row!.asked.map(toServed),
    attempts: row!.attempts,
    learner: row!.learner ?? undefined,
    states: row!.states,
    stats: toStats(row!.stats),
    item: stored
      ? {
          ...stored,
          createdAt: new Date(stored.createdAt!),
          retiredAt: stored.retiredAt === null ? null : new Date(stored.retiredAt),
        }
      : undefined,
  };
}

/** An answer's writes in one statement: learner and skill state, the attempt, item statistics and the quiz row. */
export async function saveAnswer(
  tx: Tx,
  writes: {
    learner: { learnerId: string; course: CourseKey; state: LearnerModelState; now: Date };
    skill: typeof skillState.$inferInsert;
    attempt: typeof attempt.$inferInsert;
    stats: { key: string; correct: boolean };
    quiz: { id: string; answered: number; score: number; finishedAt: Date | null };
  },
) {
  const { learner, skill: skillRow, stats, quiz } = writes;
  const learnerQ = tx
    .insert(learnerCourseState)
    .values({
      learnerId: learner.learnerId,
      courseKey: learner.course,
      modelState: learner.state,
      updatedAt: learner.now,
    })
    .onConflictDoUpdate({
      target: [learnerCourseState.learnerId, learnerCourseState.courseKey],
      set: { modelState: learner.state, updatedAt: learner.now },
    });
  const skillQ = tx
    .insert(skillState)
    .values(skillRow)
    .onConflictDoUpdate({
      target: [skillState.learnerId, skillState.courseKey, skillState.skillId],
      set: {
        modelState: skillRow.modelState,
        mastery: skillRow.mastery,
        band: skillRow.band,
        attempts: skillRow.attempts,
        correct: skillRow.correct,
        lastPractisedAt: skillRow.lastPractisedAt,
        nextReviewAt: skillRow.nextReviewAt,
      },
    });
  const attemptQ = tx.insert(attempt).values(writes.attempt);
  const statsQ = tx
    .insert(itemStats)
    .values({ itemId: stats.key, attempts: 1, correct: stats.correct ? 1 : 0 })
    .onConflictDoUpdate({
      target: itemStats.itemId,
      set: {
        attempts: sql`${itemStats.attempts} + 1`,
        correct: sql`${itemStats.correct} + ${stats.correct ? 1 : 0}`,
      },
    });
  const quizQ = tx
    .update(quizSession)
    .set({
      answered: quiz.answered,
      score: quiz.score,
      ...(quiz.finishedAt ? { finishedAt: quiz.finishedAt } : {}),
    })
    .where(eq(quizSession.id, quiz.id));
  // Data-modifying CTEs all run, each on its own table; a failure (a duplicate attempt) fails the whole statement.
  await tx.execute(
    sql`with l as (${learnerQ.getSQL()}), s as (${skillQ.getSQL()}), a as (${attemptQ.getSQL()}), i as (${statsQ.getSQL()}) ${quizQ.getSQL()}`,
  );
}
