import { and, asc, desc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '#src/db/client.ts';
import {
  attempt,
  course,
  enrolment,
  item,
  passage,
  quizQuestion,
  quizSession,
  skill,
  skillState,
  tutorConversation,
  tutorMessage,
} from '#src/db/schema/index.ts';

export type ConversationRow = typeof tutorConversation.$inferSelect;
export type MessageRow = typeof tutorMessage.$inferSelect;
type NewMessage = typeof tutorMessage.$inferInsert;

const WEAKEST_SKILLS = 3;
const LIVE_QUESTION_HOURS = 24;

export async function insertConversation(
  db: Db,
  values: { learnerId: string; quizId?: string; position?: number },
): Promise<ConversationRow> {
  const [row] = await db.insert(tutorConversation).values(values).returning();
  return row!;
}

export async function conversationsOf(db: Db, learnerId: string): Promise<ConversationRow[]> {
  return db
    .select()
    .from(tutorConversation)
    .where(eq(tutorConversation.learnerId, learnerId))
    .orderBy(desc(tutorConversation.updatedAt), desc(tutorConversation.createdAt));
}

export async function findConversation(db: Db, learnerId: string, id: string) {
  const [row] = await db
    .select()
    .from(tutorConversation)
    .where(and(eq(tutorConversation.id, id), eq(tutorConversation.learnerId, learnerId)));
  return row;
}

export async function messagesOf(db: Db, conversationId: string): Promise<MessageRow[]> {
  return db
    .select()
    .from(tutorMessage)
    .where(eq(tutorMessage.conversationId, conversationId))
    .orderBy(asc(tutorMessage.seq));
}

export async function insertMessage(db: Db, values: NewMessage): Promise<MessageRow> {
  const [row] = await db.insert(tutorMessage).values(values).returning();
  return row!;
}

export async function deleteMessage(db: Db, id: string): Promise<void> {
  await db.delete(tutorMessage).where(eq(tutorMessage.id, id));
}

/** Marks the conversation as just used; gives it a title the first time the learner asks something. */
export async function touchConversation(db: Db, id: string, title: string): Promise<void> {
  await db
    .update(tutorConversation)
    .set({ updatedAt: new Date(), title: sql`coalesce(${tutorConversation.title}, ${title})` })
    .where(eq(tutorConversation.id, id));
}

/** The position at which the learner's quiz served an item, if it did. */
export async function servedPosition(db: Db, learnerId: string, quizId: string, itemId: string) {
  const [row] = await db
    .select({ position: quizQuestion.position })
    .from(quizQuestion)
    .innerJoin(quizSession, eq(quizSession.id, quizQuestion.quizId))
    .where(
      and(
        eq(quizQuestion.quizId, quizId),
        eq(quizQuestion.itemId, itemId),
        eq(quizSession.learnerId, learnerId),
      ),
    );
  return row?.position;
}

const servedItemColumns = {
  quizId: quizQuestion.quizId,
  position: quizQuestion.position,
  courseKey: item.courseKey,
  skillId: item.skillId,
  itemId: item.id,
  kind: item.kind,
  prompt: item.prompt,
  choices: item.choices,
  answer: item.answer,
  explanation: item.explanation,
  passageTitle: passage.title,
  answered: sql<boolean>`exists (select 1 from ${attempt} a where a.quiz_id = ${quizQuestion.quizId} and a.position = ${quizQuestion.position})`,
};

const servedItems = (db: Db) =>
  db
    .select(servedItemColumns)
    .from(quizQuestion)
    .innerJoin(item, and(eq(item.id, quizQuestion.itemId), eq(item.version, quizQuestion.itemVersion)))
    .leftJoin(passage, and(eq(passage.id, item.passageId), eq(passage.version, item.passageVersion)));

export type ServedItem = Awaited<ReturnType<typeof servedQuestion>> & object;

/** A served question with its content and answer (server side only), and whether it has been answered. */
export async function servedQuestion(db: Db, quizId: string, position: number) {
  const [row] = await servedItems(db).where(
    and(eq(quizQuestion.quizId, quizId), eq(quizQuestion.position, position)),
  );
  return row;
}

/** Questions the learner was served recently and has not answered: their answers must never appear in a reply. */
export async function unansweredQuestions(db: Db, learnerId: string) {
  const since = new Date(Date.now() - LIVE_QUESTION_HOURS * 60 * 60 * 1000);
  const rows = await servedItems(db)
    .innerJoin(quizSession, eq(quizSession.id, quizQuestion.quizId))
    .where(
      and(
        eq(quizSession.learnerId, learnerId),
        isNull(quizSession.finishedAt),
        gt(quizQuestion.servedAt, since),
      ),
    );
  return rows.filter((r) => !r.answered);
}

/** The learner's enrolled courses and weakest practised skills, for grounding the model. */
export async function learnerGrounding(db: Db, learnerId: string) {
  const courses = await db
    .select({ key: course.key, title: course.title })
    .from(enrolment)
    .innerJoin(course, eq(course.key, enrolment.courseKey))
    .where(eq(enrolment.learnerId, learnerId))
    .orderBy(asc(course.sortOrder));
  const weakest = await db
    .select({ course: course.title, skill: skill.name, mastery: skillState.mastery })
    .from(skillState)
    .innerJoin(skill, and(eq(skill.courseKey, skillState.courseKey), eq(skill.id, skillState.skillId)))
    .innerJoin(course, eq(course.key, skillState.courseKey))
    .where(eq(skillState.learnerId, learnerId))
    .orderBy(asc(skillState.mastery))
    .limit(WEAKEST_SKILLS);
  return { courses, weakest };
}

/**
 * Deletes up to `limit` conversations whose last message is older than `cutoff` (their messages cascade), in one
 * statement; `FOR UPDATE SKIP LOCKED` lets several server processes run it at once. Returns how many went.
 */
export async function deleteConversationsBefore(db: Db, cutoff: Date, limit: number): Promise<number> {
  const stale = db
    .select({ id: tutorConversation.id })
    .from(tutorConversation)
    .where(lt(tutorConversation.updatedAt, cutoff))
    .limit(limit)
    .for('update', { skipLocked: true });
  const deleted = await db
    .delete(tutorConversation)
    .where(inArray(tutorConversation.id, stale))
    .returning({ id: tutorConversation.id });
  return deleted.length;
}
