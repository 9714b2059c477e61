import { and, desc, eq, inArray, or } from 'drizzle-orm';
import type { Db } from '#src/db/client.ts';
import {
  classMember,
  classroom,
  guardianLink,
  parentalConsent,
  safetyAlert,
  tutorMessage,
  user,
} from '#src/db/schema/index.ts';

/** Stores an alert; false when this message already has one (a retried reply). */
export async function insertAlert(db: Db, row: typeof safetyAlert.$inferInsert): Promise<boolean> {
  const inserted = await db
    .insert(safetyAlert)
    .values(row)
    .onConflictDoNothing()
    .returning({ id: safetyAlert.id });
  return inserted.length > 0;
}

/** Who is told about a learner's alert: the consenting parent (while consent stands) and their class teachers. */
export async function alertRecipients(db: Db, learnerId: string) {
  const parents = await db
    .select({ id: user.id, email: user.email, firstName: user.firstName, role: user.role })
    .from(parentalConsent)
    .innerJoin(user, eq(user.id, parentalConsent.parentId))
    .where(and(eq(parentalConsent.learnerId, learnerId), eq(parentalConsent.status, 'granted')));
  const teachers = await db
    .selectDistinct({ id: user.id, email: user.email, firstName: user.firstName, role: user.role })
    .from(classMember)
    .innerJoin(classroom, eq(classroom.id, classMember.classId))
    .innerJoin(
      guardianLink,
      and(
        eq(guardianLink.guardianId, classroom.instructorId),
        eq(guardianLink.learnerId, learnerId),
        eq(guardianLink.status, 'verified'),
      ),
    )
    .innerJoin(user, eq(user.id, classroom.instructorId))
    .where(eq(classMember.learnerId, learnerId));
  return [...parents, ...teachers];
}

/** The alerts an adult may see: their consented children's, and their class members' (verified link), newest first. */
export async function alertsFor(db: Db, adultId: string, limit: number) {
  const consented = db
    .select({ id: parentalConsent.learnerId })
    .from(parentalConsent)
    .where(and(eq(parentalConsent.parentId, adultId), eq(parentalConsent.status, 'granted')));
  const taught = db
    .select({ id: classMember.learnerId })
    .from(classMember)
    .innerJoin(classroom, eq(classroom.id, classMember.classId))
    .innerJoin(
      guardianLink,
      and(
        eq(guardianLink.guardianId, adultId),
        eq(guardianLink.learnerId, classMember.learnerId),
        eq(guardianLink.status, 'verified'),
      ),
    )
    .where(eq(classroom.instructorId, adultId));
  return db
    .select({ alert: safetyAlert, text: tutorMessage.text, learner: user })
    .from(safetyAlert)
    .innerJoin(tutorMessage, eq(tutorMessage.id, safetyAlert.messageId))
    .innerJoin(user, eq(user.id, safetyAlert.learnerId))
    .where(or(inArray(safetyAlert.learnerId, consented), inArray(safetyAlert.learnerId, taught)))
    .orderBy(desc(safetyAlert.createdAt))
    .limit(limit);
}

export async function findLearner(db: Db, id: string) {
  const [row] = await db.select().from(user).where(eq(user.id, id));
  return row;
}
