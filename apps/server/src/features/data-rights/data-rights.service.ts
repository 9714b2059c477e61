import type { LearnerExport, MyDataExport } from '@vidya/contracts';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Transaction } from '#src/db/client.ts';
import { user as userTable } from '#src/db/schema/index.ts';
import { forbidden, notFound } from '#src/errors.ts';
// eslint-disable-next-line import-x/no-cycle -- consent and data-rights use each other's modules, which form no cycle; only the two index.ts barrels do
import { isConsentingParentOf } from '../consent/index.ts';
import { exportFileName, presentAdultExport, presentExport } from './data-rights.presenter.ts';
import * as repository from './data-rights.repository.ts';

const NOT_YOUR_CHILD = 'Only the parent who gave consent for this child may do this.';

async function accountOrThrow(app: FastifyInstance, accountId: string) {
  const found = await repository.findUser(app.db, accountId);
  if (!found) throw notFound('account');
  return found;
}

async function learnerOrThrow(app: FastifyInstance, learnerId: string) {
  const learner = await repository.findUser(app.db, learnerId);
  if (!learner || learner.role !== 'learners') throw notFound('learner');
  return learner;
}

async function learnerExport(app: FastifyInstance, learner: repository.UserRow, now: Date) {
  return presentExport(learner, await repository.learnerRows(app.db, learner), now);
}

/** Everything stored about a learner, and the file name to download it as. */
export async function exportLearner(
  app: FastifyInstance,
  learnerId: string,
): Promise<{ document: LearnerExport; fileName: string }> {
  const learner = await learnerOrThrow(app, learnerId);
  const now = new Date();
  return { document: await learnerExport(app, learner, now), fileName: exportFileName(learner, now) };
}

/**
 * Everything stored about the signed-in account, and the file name to download it as: a learner's records, or a
 * teacher's or parent's account with their links to learners (never the learners' own records).
 */
export async function exportOwnData(
  app: FastifyInstance,
  accountId: string,
): Promise<{ document: MyDataExport; fileName: string }> {
  const owner = await accountOrThrow(app, accountId);
  const now = new Date();
  const document =
    owner.role === 'learners'
      ? await learnerExport(app, owner, now)
      : presentAdultExport(owner, await repository.adultRows(app.db, owner), now);
  return { document, fileName: exportFileName(owner, now) };
}

async function removeLearner(app: FastifyInstance, learner: repository.UserRow): Promise<void> {
  await repository.deleteLearnerRows(app.db, learner);
  app.log.info({ learnerId: learner.id }, 'learner account deleted');
}

/** Deletes a learner's account and every row of theirs, in one transaction. */
export async function deleteLearner(app: FastifyInstance, learnerId: string): Promise<void> {
  await removeLearner(app, await learnerOrThrow(app, learnerId));
}

/**
 * Deletes the signed-in account and every row of theirs, in one transaction. A teacher's or parent's deletion
 * takes their links to learners and their classes with it, and leaves every learner's own records as they were.
 */
export async function deleteOwnAccount(app: FastifyInstance, accountId: string): Promise<void> {
  const owner = await accountOrThrow(app, accountId);
  if (owner.role === 'learners') return removeLearner(app, owner);
  await repository.deleteAdultRows(app.db, owner);
  app.log.info({ accountId: owner.id, role: owner.role }, 'adult account deleted');
}

/**
 * Throws 403 unless the guardian is the parent who consented for the learner (no hint whether it exists). A
 * teacher's link, or a parent's link made by a username request alone, never carries data rights.
 */
export async function assertParentOf(
  app: FastifyInstance,
  guardianId: string,
  learnerId: string,
): Promise<void> {
  if (!(await isConsentingParentOf(app, guardianId, learnerId))) throw forbidden(NOT_YOUR_CHILD);
}

/** Deletes a learner inside the caller's transaction (the consent expiry job, which holds the row's lock). */
export async function deleteLearnerIn(tx: Transaction, learnerId: string): Promise<boolean> {
  const [learner] = await tx.select().from(userTable).where(eq(userTable.id, learnerId));
  if (!learner || learner.role !== 'learners') return false;
  await repository.deleteLearnerRowsIn(tx, learner);
  return true;
}
