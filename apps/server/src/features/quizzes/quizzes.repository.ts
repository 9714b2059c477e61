import { and, asc, eq } from 'drizzle-orm';
import type { Tx } from '#src/db/client.ts';
import { attempt, item, passage, quizSession } from '#src/db/schema/index.ts';

// The quiz calls' hot statements are in quiz-sql.ts (run by quiz-store.ts); these are the rarer reads.

export async function findQuiz(db: Tx, learnerId: string, quizId: string) {
  const [row] = await db
    .select()
    .from(quizSession)
    .where(and(eq(quizSession.id, quizId), eq(quizSession.learnerId, learnerId)));
  return row;
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
