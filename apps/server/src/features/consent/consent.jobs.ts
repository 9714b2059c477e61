import { CONSENT_REMINDER_DAY } from '@vidya/contracts';
import type { FastifyInstance } from 'fastify';
// eslint-disable-next-line import-x/no-cycle -- consent and data-rights use each other's modules, which form no cycle; only the two index.ts barrels do
import { deleteLearnerIn } from '../data-rights/index.ts';
import * as repo from './consent.repository.ts';
import { mailRequest } from './consent.service.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const REMINDER_BATCH = 100;
const MAX_DELETIONS_PER_RUN = 1000;

/** Day-5 reminders to parents who have not answered; each pending consent gets one. */
async function sendReminders(app: FastifyInstance, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - CONSENT_REMINDER_DAY * DAY_MS);
  let sent = 0;
  for (;;) {
    const claimed = await repo.claimReminders(app.db, cutoff, now, REMINDER_BATCH);
    for (const row of claimed) {
      const learner = await repo.findLearner(app.db, row.learnerId);
      if (!learner || !row.parentEmail || !row.expiresAt) continue;
      try {
        await mailRequest(app, learner, row.parentEmail, row.expiresAt, true);
        sent += 1;
      } catch (error) {
        app.log.warn({ err: error, learnerId: row.learnerId }, 'consent reminder not sent');
      }
    }
    if (claimed.length < REMINDER_BATCH) return sent;
  }
}

/**
 * Deletes, one learner per transaction, every account whose consent ran out: pending with no consent after the
 * window, or withdrawn after the download window. The row is locked (SKIP LOCKED) and deleted in the same
 * transaction, so two processes never pick the same learner.
 */
async function deleteExpired(app: FastifyInstance, now: Date): Promise<number> {
  let deleted = 0;
  while (deleted < MAX_DELETIONS_PER_RUN) {
    const id = await app.db.transaction(async (tx) => {
      const [learnerId] = await repo.lockExpired(tx, now, 1);
      if (!learnerId) return null;
      // A consent row always belongs to a learner; should it not, the row alone goes, so the loop moves on.
      if (!(await deleteLearnerIn(tx, learnerId))) await repo.deleteConsent(tx, learnerId);
      return learnerId;
    });
    if (!id) break;
    app.log.info({ learnerId: id }, 'learner account deleted: consent ran out');
    deleted += 1;
  }
  return deleted;
}

/** The consent jobs as of `now`. */
export async function runConsentJobs(
  app: FastifyInstance,
  now: Date,
): Promise<{ remindersSent: number; accountsDeleted: number }> {
  const remindersSent = await sendReminders(app, now);
  const accountsDeleted = await deleteExpired(app, now);
  return { remindersSent, accountsDeleted };
}
