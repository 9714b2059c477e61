import { and, eq, inArray, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '#src/db/client.ts';
import {
  account,
  attempt,
  badgeAward,
  classMember,
  classroom,
  enrolment,
  guardianLink,
  learnerChannel,
  learnerCourseState,
  learnerProfile,
  mailOutbox,
  quizQuestion,
  quizSession,
  session,
  skillState,
  tutorConversation,
  tutorMessage,
  user,
  verification,
} from '#src/db/schema/index.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Every table, by SQL name, sorted into the learner's own rows (exported and deleted) and shared rows that hold
 * nothing personal. A test fails when a table is in neither list, so a new table must be placed in one.
 */
export const PERSONAL_TABLES = [
  'user',
  'session',
  'account',
  'verification',
  'mail_outbox',
  'learner_profile',
  'badge_award',
  'enrolment',
  'learner_course_state',
  'skill_state',
  'quiz_session',
  'quiz_question',
  'attempt',
  'guardian_link',
  'class_member',
  'learner_channel',
  'tutor_conversation',
  'tutor_message',
] as const;

/** Course content, anonymous per-item counts, and a teacher's classes (the teacher's data, not the learner's). */
export const NOT_PERSONAL_TABLES = ['course', 'skill', 'passage', 'item', 'item_stats', 'class'] as const;

export type UserRow = typeof user.$inferSelect;

export async function findUser(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(user).where(eq(user.id, id));
  return row;
}

/** The link between a guardian and a learner, if any. */
export async function findLink(db: Db, guardianId: string, learnerId: string) {
  const [row] = await db
    .select()
    .from(guardianLink)
    .where(and(eq(guardianLink.guardianId, guardianId), eq(guardianLink.learnerId, learnerId)));
  return row;
}

/** The learner's rows per table, secrets included (the presenter leaves them out). */
export async function learnerRows(db: Db, learner: UserRow) {
  const id = learner.id;
  const quizIds = db.select({ id: quizSession.id }).from(quizSession).where(eq(quizSession.learnerId, id));
  const conversationIds = db
    .select({ id: tutorConversation.id })
    .from(tutorConversation)
    .where(eq(tutorConversation.learnerId, id));
  const guardian = alias(user, 'guardian');
  return {
    profile: await db.select().from(learnerProfile).where(eq(learnerProfile.learnerId, id)),
    enrolments: await db.select().from(enrolment).where(eq(enrolment.learnerId, id)),
    courseStates: await db.select().from(learnerCourseState).where(eq(learnerCourseState.learnerId, id)),
    skillStates: await db.select().from(skillState).where(eq(skillState.learnerId, id)),
    quizzes: await db.select().from(quizSession).where(eq(quizSession.learnerId, id)),
    quizQuestions: await db.select().from(quizQuestion).where(inArray(quizQuestion.quizId, quizIds)),
    attempts: await db.select().from(attempt).where(eq(attempt.learnerId, id)).orderBy(attempt.createdAt),
    badges: await db.select().from(badgeAward).where(eq(badgeAward.learnerId, id)),
    links: (
      await db
        .select({ link: guardianLink, guardian })
        .from(guardianLink)
        .leftJoin(guardian, eq(guardian.id, guardianLink.guardianId))
        .where(eq(guardianLink.learnerId, id))
    ).map(({ link, guardian: g }) => ({
      ...link,
      guardianUsername: g?.displayUsername ?? g?.username ?? null,
      guardianName: g ? `${g.firstName} ${g.lastName}` : null,
    })),
    classMemberships: (
      await db
        .select({ member: classMember, className: classroom.name })
        .from(classMember)
        .leftJoin(classroom, eq(classroom.id, classMember.classId))
        .where(eq(classMember.learnerId, id))
    ).map(({ member, className }) => ({ ...member, className })),
    channels: await db.select().from(learnerChannel).where(eq(learnerChannel.learnerId, id)),
    tutorConversations: await db.select().from(tutorConversation).where(eq(tutorConversation.learnerId, id)),
    tutorMessages: await db
      .select()
      .from(tutorMessage)
      .where(inArray(tutorMessage.conversationId, conversationIds))
      .orderBy(tutorMessage.seq),
    sessions: await db.select().from(session).where(eq(session.userId, id)),
    signInMethods: await db.select().from(account).where(eq(account.userId, id)),
    mails: await db.select().from(mailOutbox).where(eq(mailOutbox.to, learner.email.toLowerCase())),
  };
}
export type LearnerRows = Awaited<ReturnType<typeof learnerRows>>;

/**
 * Deletes every row of a learner in one transaction. The foreign keys cascade from `user` as well; the explicit
 * deletes keep the order child-first and reach the rows no key ties to the user (mails, reset tokens).
 */
export async function deleteLearnerRows(db: Db, learner: UserRow): Promise<void> {
  const id = learner.id;
  await db.transaction(async (tx: Tx) => {
    const conversations = tx
      .select({ id: tutorConversation.id })
      .from(tutorConversation)
      .where(eq(tutorConversation.learnerId, id));
    await tx.delete(tutorMessage).where(inArray(tutorMessage.conversationId, conversations));
    await tx.delete(tutorConversation).where(eq(tutorConversation.learnerId, id));
    await tx.delete(attempt).where(eq(attempt.learnerId, id));
    const quizzes = tx.select({ id: quizSession.id }).from(quizSession).where(eq(quizSession.learnerId, id));
    await tx.delete(quizQuestion).where(inArray(quizQuestion.quizId, quizzes));
    await tx.delete(quizSession).where(eq(quizSession.learnerId, id));
    await tx.delete(skillState).where(eq(skillState.learnerId, id));
    await tx.delete(learnerCourseState).where(eq(learnerCourseState.learnerId, id));
    await tx.delete(enrolment).where(eq(enrolment.learnerId, id));
    await tx.delete(badgeAward).where(eq(badgeAward.learnerId, id));
    await tx.delete(learnerProfile).where(eq(learnerProfile.learnerId, id));
    await tx.delete(classMember).where(eq(classMember.learnerId, id));
    await tx.delete(guardianLink).where(or(eq(guardianLink.learnerId, id), eq(guardianLink.guardianId, id)));
    await tx.delete(learnerChannel).where(eq(learnerChannel.learnerId, id));
    await tx.delete(mailOutbox).where(eq(mailOutbox.to, learner.email.toLowerCase()));
    // better-auth keeps password-reset tokens as identifier `reset-password:<token>`, value = the user id.
    await tx
      .delete(verification)
      .where(or(eq(verification.value, id), eq(verification.identifier, learner.email)));
    await tx.delete(session).where(eq(session.userId, id));
    await tx.delete(account).where(eq(account.userId, id));
    await tx.delete(user).where(eq(user.id, id));
  });
}
