import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '#src/db/client.ts';
import { classMember, guardianLink, parentalConsent, session, user } from '#src/db/schema/index.ts';

export type ConsentRow = typeof parentalConsent.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export async function findConsent(db: Db, learnerId: string): Promise<ConsentRow | undefined> {
  const [row] = await db.select().from(parentalConsent).where(eq(parentalConsent.learnerId, learnerId));
  return row;
}

export async function findLearner(db: Db, id: string) {
  const [row] = await db.select().from(user).where(eq(user.id, id));
  return row;
}

export async function deleteConsent(tx: Tx, learnerId: string): Promise<void> {
  await tx.delete(parentalConsent).where(eq(parentalConsent.learnerId, learnerId));
}

export async function findByTokenHash(db: Db, tokenHash: string): Promise<ConsentRow | undefined> {
  const [row] = await db.select().from(parentalConsent).where(eq(parentalConsent.tokenHash, tokenHash));
  return row;
}

export async function setTokenHash(db: Db, learnerId: string, tokenHash: string): Promise<void> {
  await db.update(parentalConsent).set({ tokenHash }).where(eq(parentalConsent.learnerId, learnerId));
}

export async function insertConsent(db: Db | Tx, row: typeof parentalConsent.$inferInsert): Promise<void> {
  await db.insert(parentalConsent).values(row);
}

export async function updateConsent(
  db: Db | Tx,
  learnerId: string,
  status: string,
  values: Partial<typeof parentalConsent.$inferInsert>,
): Promise<ConsentRow | undefined> {
  const [row] = await db
    .update(parentalConsent)
    .set(values)
    .where(and(eq(parentalConsent.learnerId, learnerId), eq(parentalConsent.status, status)))
    .returning();
  return row;
}

/** The consents a parent gave, with the child's name. */
export async function consentsGivenBy(db: Db, parentId: string) {
  return db
    .select({ consent: parentalConsent, learner: user })
    .from(parentalConsent)
    .innerJoin(user, eq(user.id, parentalConsent.learnerId))
    .where(
      and(eq(parentalConsent.parentId, parentId), inArray(parentalConsent.status, ['granted', 'withdrawn'])),
    )
    .orderBy(parentalConsent.grantedAt);
}

/** A verified parent link made by the consent itself (an earlier request between the two becomes it). */
export async function verifyParentLink(
  tx: Tx,
  parentId: string,
  learnerId: string,
  now: Date,
): Promise<void> {
  await tx
    .insert(guardianLink)
    .values({ guardianId: parentId, learnerId, kind: 'parent', status: 'verified', decidedAt: now })
    .onConflictDoUpdate({
      target: [guardianLink.guardianId, guardianLink.learnerId],
      set: { kind: 'parent', status: 'verified', decidedAt: now, classId: null },
    });
}

/** Ends every link, class place and session of a learner: nobody sees or uses the account any more. */
export async function cutOffLearner(tx: Tx, learnerId: string): Promise<void> {
  await tx.delete(classMember).where(eq(classMember.learnerId, learnerId));
  await tx.delete(guardianLink).where(eq(guardianLink.learnerId, learnerId));
  await tx.delete(session).where(eq(session.userId, learnerId));
}

/** Ends the learner's links and class places (an age under 18 given after links were made). */
export async function endLinks(tx: Tx, learnerId: string): Promise<void> {
  await tx.delete(classMember).where(eq(classMember.learnerId, learnerId));
  await tx.delete(guardianLink).where(eq(guardianLink.learnerId, learnerId));
}

/**
 * Claims the pending consents due a reminder (`requested_at` on or before `cutoff`, none sent yet) in one statement:
 * `FOR UPDATE SKIP LOCKED` lets several server processes run the job at once without claiming a row twice.
 */
export async function claimReminders(db: Db, cutoff: Date, now: Date, limit: number): Promise<ConsentRow[]> {
  const due = db
    .select({ id: parentalConsent.learnerId })
    .from(parentalConsent)
    .where(
      and(
        eq(parentalConsent.status, 'pending'),
        sql`${parentalConsent.remindedAt} is null`,
        lte(parentalConsent.requestedAt, cutoff),
      ),
    )
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(parentalConsent)
    .set({ remindedAt: now })
    .where(and(inArray(parentalConsent.learnerId, due), sql`${parentalConsent.remindedAt} is null`))
    .returning();
}

/** Locks the learners whose pending or withdrawn consent has run out (SKIP LOCKED), inside the caller's transaction. */
export async function lockExpired(tx: Tx, now: Date, limit: number): Promise<string[]> {
  const rows = await tx
    .select({ id: parentalConsent.learnerId })
    .from(parentalConsent)
    .where(
      and(inArray(parentalConsent.status, ['pending', 'withdrawn']), lte(parentalConsent.expiresAt, now)),
    )
    .limit(limit)
    .for('update', { skipLocked: true });
  return rows.map((r) => r.id);
}
