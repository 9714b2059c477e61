import type { LearnerExport } from '@vidya/contracts';
import type { FastifyInstance } from 'fastify';
import { forbidden, notFound } from '#src/errors.ts';
import { mayManageChildData } from './data-rights.policy.ts';
import { exportFileName, presentExport } from './data-rights.presenter.ts';
import * as repository from './data-rights.repository.ts';

const NOT_YOUR_CHILD = 'Only a parent whose link the child accepted may do this.';

async function learnerOrThrow(app: FastifyInstance, learnerId: string) {
  const learner = await repository.findUser(app.db, learnerId);
  if (!learner || learner.role !== 'learners') throw notFound('learner');
  return learner;
}

/** Everything stored about a learner, and the file name to download it as. */
export async function exportLearner(
  app: FastifyInstance,
  learnerId: string,
): Promise<{ document: LearnerExport; fileName: string }> {
  const learner = await learnerOrThrow(app, learnerId);
  const now = new Date();
  const rows = await repository.learnerRows(app.db, learner);
  return { document: presentExport(learner, rows, now), fileName: exportFileName(learner, now) };
}

/** Deletes a learner's account and every row of theirs, in one transaction. */
export async function deleteLearner(app: FastifyInstance, learnerId: string): Promise<void> {
  const learner = await learnerOrThrow(app, learnerId);
  await repository.deleteLearnerRows(app.db, learner);
  app.log.info({ learnerId }, 'learner account deleted');
}

/** Throws 403 unless the guardian is a parent with a verified link to the learner (no hint whether it exists). */
export async function assertParentOf(
  app: FastifyInstance,
  guardianId: string,
  learnerId: string,
): Promise<void> {
  const link = await repository.findLink(app.db, guardianId, learnerId);
  if (!mayManageChildData(link)) throw forbidden(NOT_YOUR_CHILD);
}
