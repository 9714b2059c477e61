import { and, count, eq, inArray, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Transaction } from '#src/db/client.ts';
import {
  accessEvent,
  account,
  attempt,
  badgeAward,
  classMember,
  classroom,
  enrolment,
  guardianBlock,
  guardianLink,
  learnerChannel,
  learnerCourseState,
  learnerProfile,
  mailOutbox,
  parentalConsent,
  quizQuestion,
  quizSession,
  safetyAlert,
  session,
  skillState,
  tutorConversation,
  tutorMessage,
  user,
  verification,
} from '#src/db/schema/index.ts';

/**
 * Every table, by SQL name, sorted into the learner's own rows (exported and deleted) and rows that hold nothing
 * personal of a learner. A test fails when a table is in neither list, so a new table must be placed in one.
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
  'guardian_block',
  'class_member',
  'learner_channel',
  'tutor_conversation',
  'tutor_message',
  'parental_consent',
  'access_event',
  'safety_alert',
] as const;

/**
 * Course content, anonymous per-item counts, the model's fitted weights (aggregates over every learner), the job
 * leases, and a teacher's classes (the teacher's data, exported and deleted with the teacher's account, not the
 * learner's).
 */
export const NOT_PERSONAL_TABLES = [
  'course',
  'skill',
  'passage',
  'item',
  'item_stats',
  'model_fit',
  'job_lease',
  'class',
] as const;

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

/** The rows every account has, whatever its role: sessions, sign-in methods, mails (secrets included). */
async function accountRows(db: Db, owner: UserRow) {
  return {
    sessions: await db.select().from(session).where(eq(session.userId, owner.id)),
    signInMethods: await db.select().from(account).where(eq(account.userId, owner.id)),
    mails: await db.select().from(mailOutbox).where(eq(mailOutbox.to, owner.email.toLowerCase())),
  };
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
    blockedGuardians: (
      await db
        .select({ block: guardianBlock, guardian })
        .from(guardianBlock)
        .leftJoin(guardian, eq(guardian.id, guardianBlock.guardianId))
        .where(eq(guardianBlock.learnerId, id))
    ).map(({ block, guardian: g }) => ({
      ...block,
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
    // The consent record (the token hash is a secret: left out by the presenter).
    consent: await db.select().from(parentalConsent).where(eq(parentalConsent.learnerId, id)),
    accessLog: await db
      .select()
      .from(accessEvent)
      .where(eq(accessEvent.learnerId, id))
      .orderBy(accessEvent.createdAt),
    safetyAlerts: await db.select().from(safetyAlert).where(eq(safetyAlert.learnerId, id)),
    ...(await accountRows(db, learner)),
  };
}
export type LearnerRows = Awaited<ReturnType<typeof learnerRows>>;

/**
 * A teacher's or parent's rows per table, secrets included: the links learners accepted (with each learner's
 * username and name), their classes (with the number of students, not who they are), and the rows every account
 * has. A pending or declined request, and a learner's block, are left out: the adult's lists do not show them
 * either, since they would tell the adult that a username is a child's account (issue 20).
 */
export async function adultRows(db: Db, adult: UserRow) {
  const id = adult.id;
  const learner = alias(user, 'learner');
  return {
    links: (
      await db
        .select({ link: guardianLink, learner, className: classroom.name })
        .from(guardianLink)
        .leftJoin(learner, eq(learner.id, guardianLink.learnerId))
        .leftJoin(classroom, eq(classroom.id, guardianLink.classId))
        .where(and(eq(guardianLink.guardianId, id), eq(guardianLink.status, 'verified')))
        .orderBy(guardianLink.createdAt)
    ).map(({ link, learner: l, className }) => ({
      ...link,
      learnerUsername: l?.displayUsername ?? l?.username ?? null,
      learnerName: l ? `${l.firstName} ${l.lastName}` : null,
      className,
    })),
    classes: (
      await db
        .select({ cls: classroom, students: count(classMember.learnerId) })
        .from(classroom)
        .leftJoin(classMember, eq(classMember.classId, classroom.id))
        .where(eq(classroom.instructorId, id))
        .groupBy(classroom.id)
        .orderBy(classroom.createdAt)
    ).map(({ cls, students }) => ({ ...cls, students })),
    // The consents this parent gave (which child, when, the notice version), never the child's own records.
    consentsGiven: await db
      .select({
        learnerId: parentalConsent.learnerId,
        status: parentalConsent.status,
        method: parentalConsent.method,
        noticeVersion: parentalConsent.noticeVersion,
        grantedAt: parentalConsent.grantedAt,
        withdrawnAt: parentalConsent.withdrawnAt,
      })
      .from(parentalConsent)
      .where(eq(parentalConsent.parentId, id)),
    ...(await accountRows(db, adult)),
  };
}
export type AdultRows = Awaited<ReturnType<typeof adultRows>>;

/**
 * Deletes the rows every account has, child rows first, then the user row: mails to the address, reset tokens,
 * sessions and sign-in methods, which no foreign key (mails, tokens) or not every key ties to the user.
 */
async function deleteAccountRows(tx: Transaction, owner: UserRow): Promise<void> {
  const id = owner.id;
  await tx.delete(mailOutbox).where(eq(mailOutbox.to, owner.email.toLowerCase()));
  // better-auth keeps password-reset tokens as identifier `reset-password:<token>`, value = the user id.
  await tx
    .delete(verification)
    .where(or(eq(verification.value, id), eq(verification.identifier, owner.email)));
  await tx.delete(session).where(eq(session.userId, id));
  await tx.delete(account).where(eq(account.userId, id));
  await tx.delete(user).where(eq(user.id, id));
}

/**
 * Deletes every row of a learner in one transaction. The foreign keys cascade from `user` as well; the explicit
 * deletes keep the order child-first and reach the rows no key ties to the user (mails, reset tokens).
 */
export async function deleteLearnerRows(db: Db, learner: UserRow): Promise<void> {
  await db.transaction((tx: Transaction) => deleteLearnerRowsIn(tx, learner));
}

/** `deleteLearnerRows` inside the caller's transaction (the expiry job locks the consent row first). */
export async function deleteLearnerRowsIn(tx: Transaction, learner: UserRow): Promise<void> {
  const id = learner.id;
  await tx.delete(safetyAlert).where(eq(safetyAlert.learnerId, id));
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
  await tx.delete(guardianBlock).where(eq(guardianBlock.learnerId, id));
  await tx.delete(learnerChannel).where(eq(learnerChannel.learnerId, id));
  await tx.delete(accessEvent).where(eq(accessEvent.learnerId, id));
  await tx.delete(parentalConsent).where(eq(parentalConsent.learnerId, id));
  await deleteAccountRows(tx, learner);
}

/**
 * Deletes every row of a teacher or parent in one transaction: their links to learners, their classes with the
 * learners' places in them, and the rows every account has. No learner's own rows are touched: each learner
 * simply no longer has the link or the class.
 */
export async function deleteAdultRows(db: Db, adult: UserRow): Promise<void> {
  const id = adult.id;
  await db.transaction(async (tx: Transaction) => {
    await tx.delete(guardianLink).where(eq(guardianLink.guardianId, id));
    await tx.delete(guardianBlock).where(eq(guardianBlock.guardianId, id));
    const classes = tx.select({ id: classroom.id }).from(classroom).where(eq(classroom.instructorId, id));
    await tx.delete(classMember).where(inArray(classMember.classId, classes));
    await tx.delete(classroom).where(eq(classroom.instructorId, id));
    await deleteAccountRows(tx, adult);
  });
}
