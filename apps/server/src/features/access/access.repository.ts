import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '#src/db/client.ts';
import { accessEvent, classroom, guardianLink, user } from '#src/db/schema/index.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type AccessEventRow = typeof accessEvent.$inferSelect;

export async function insertEvent(db: Db | Tx, row: typeof accessEvent.$inferInsert): Promise<void> {
  await db.insert(accessEvent).values(row);
}

/** The learner's newest events first. */
export async function eventsOf(db: Db, learnerId: string, limit: number): Promise<AccessEventRow[]> {
  return db
    .select()
    .from(accessEvent)
    .where(eq(accessEvent.learnerId, learnerId))
    .orderBy(desc(accessEvent.createdAt))
    .limit(limit);
}

/** The learner's verified links, each with the adult and the class it came with. */
export async function verifiedLinksOf(db: Db, learnerId: string) {
  return db
    .select({ link: guardianLink, guardian: user, className: classroom.name })
    .from(guardianLink)
    .innerJoin(user, eq(user.id, guardianLink.guardianId))
    .leftJoin(classroom, eq(classroom.id, guardianLink.classId))
    .where(and(eq(guardianLink.learnerId, learnerId), eq(guardianLink.status, 'verified')))
    .orderBy(guardianLink.createdAt);
}

export async function findLink(db: Db, learnerId: string, linkId: string) {
  const [row] = await db
    .select()
    .from(guardianLink)
    .where(and(eq(guardianLink.id, linkId), eq(guardianLink.learnerId, learnerId)));
  return row;
}

export async function findUser(db: Db, id: string) {
  const [row] = await db.select().from(user).where(eq(user.id, id));
  return row;
}
