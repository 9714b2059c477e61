import type { KnowsParameters, ModelParameters } from '@vidya/engine';
import { and, asc, desc, eq, gt, inArray, lt, notExists, sql } from 'drizzle-orm';
import type { Db } from '#src/db/client.ts';
import { attempt, item, jobLease, modelFit, parentalConsent } from '#src/db/schema/index.ts';

/** Fits kept in `model_fit`; older ones are deleted when a new one is stored. */
const KEPT_FITS = 5;

/**
 * Every recorded attempt in each learner's course, in answer order, with what the fit needs of its item. A child
 * waiting for a parent's consent, or whose parent withdrew it, is left out: their answers serve only their own
 * quizzes (DPDP Act s.9, docs/security.md).
 */
export async function recordedAttempts(db: Db) {
  return db
    .select({
      learnerId: attempt.learnerId,
      courseKey: attempt.courseKey,
      itemId: attempt.itemId,
      skillId: attempt.skillId,
      source: item.source,
      kind: item.kind,
      choices: item.choices,
      difficulty: item.difficulty,
      correct: attempt.correct,
      createdAt: attempt.createdAt,
    })
    .from(attempt)
    .innerJoin(item, and(eq(item.id, attempt.itemId), eq(item.version, attempt.itemVersion)))
    .where(
      notExists(
        db
          .select({ id: parentalConsent.learnerId })
          .from(parentalConsent)
          .where(
            and(
              eq(parentalConsent.learnerId, attempt.learnerId),
              inArray(parentalConsent.status, ['pending', 'withdrawn']),
            ),
          ),
      ),
    )
    .orderBy(
      asc(attempt.learnerId),
      asc(attempt.courseKey),
      asc(attempt.createdAt),
      asc(attempt.quizId),
      asc(attempt.position),
    );
}

export async function countAttempts(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(attempt);
  return row!.n;
}

/** The newest stored fit's version, time and attempt count, if any. */
export async function newestFitSummary(db: Db) {
  const [row] = await db
    .select({ version: modelFit.version, createdAt: modelFit.createdAt, attempts: modelFit.attempts })
    .from(modelFit)
    .orderBy(desc(modelFit.version))
    .limit(1);
  return row;
}

/** The newest stored fit with its parameters, when it is newer than `after`. */
export async function newestFitAfter(db: Db, after: number) {
  const [row] = await db
    .select({ version: modelFit.version, parameters: modelFit.parameters, knows: modelFit.knows })
    .from(modelFit)
    .where(gt(modelFit.version, after))
    .orderBy(desc(modelFit.version))
    .limit(1);
  return row;
}

/**
 * Stores a fit and deletes all but the newest fits; returns the new version. The items' statistics are left as they
 * are (decision 017): the fit read their calibrated difficulties, and their calibration goes on. `item_priors` stays
 * empty; fits stored before decision 017 kept there the priors they gave the items (which `item_stats` still holds).
 */
export async function storeFit(
  db: Db,
  fit: {
    attempts: number;
    parameters: ModelParameters;
    knows: Readonly<Record<string, KnowsParameters>>;
    fitMs: number;
  },
): Promise<number> {
  return db.transaction(async (tx) => {
    const [stored] = await tx
      .insert(modelFit)
      .values({ ...fit, itemPriors: {}, knows: { ...fit.knows }, fitMs: Math.round(fit.fitMs) })
      .returning({ version: modelFit.version });
    await tx.delete(modelFit).where(lt(modelFit.version, stored!.version - KEPT_FITS + 1));
    return stored!.version;
  });
}

/**
 * Takes the job's lease for `holder` until `ms` from now when it is free or expired (its holder died); returns
 * whether it was taken. One statement, so two processes racing for it cannot both win.
 */
export async function takeLease(db: Db, name: string, holder: string, ms: number): Promise<boolean> {
  const expiresAt = sql`now() + ${ms} * interval '1 millisecond'`;
  const rows = await db
    .insert(jobLease)
    .values({ name, holder, expiresAt })
    .onConflictDoUpdate({
      target: jobLease.name,
      set: { holder, expiresAt },
      setWhere: sql`${jobLease.expiresAt} <= now()`,
    })
    .returning({ holder: jobLease.holder });
  return rows.length === 1;
}

/** Gives the lease back, if `holder` still has it. */
export async function releaseLease(db: Db, name: string, holder: string): Promise<void> {
  await db.delete(jobLease).where(and(eq(jobLease.name, name), eq(jobLease.holder, holder)));
}
