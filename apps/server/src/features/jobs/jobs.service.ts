import type { FastifyInstance } from 'fastify';
import { runConsentJobs } from '../consent/index.ts';
import { deleteStaleConversations } from '../tutor/index.ts';

export interface JobReport {
  remindersSent: number;
  accountsDeleted: number;
  conversationsDeleted: number;
}

/**
 * Runs every due job as of `now` (the injectable clock: tests and the development route pass a later time). Each
 * job claims its rows on the database with `FOR UPDATE SKIP LOCKED`, so any number of server processes may run
 * this at the same moment without sending a reminder twice or deleting an account twice.
 */
export async function runDueJobs(app: FastifyInstance, now = new Date()): Promise<JobReport> {
  const consent = await runConsentJobs(app, now);
  const conversationsDeleted = await deleteStaleConversations(app, now);
  return { ...consent, conversationsDeleted };
}

const FIRST_RUN_DELAY_MS = 10_000;

/**
 * Runs the jobs every JOBS_INTERVAL_SECONDS in this process (and once shortly after start). The timer only wakes the
 * process; the database decides which process does which row, so every process may keep one.
 */
export function scheduleJobs(app: FastifyInstance): void {
  const intervalMs = app.config.jobsIntervalSeconds * 1000;
  if (intervalMs <= 0) return;
  let isRunning = false;
  const tick = async () => {
    if (isRunning) return;
    isRunning = true;
    try {
      const report = await runDueJobs(app);
      if (report.remindersSent || report.accountsDeleted || report.conversationsDeleted)
        app.log.info(report, 'scheduled jobs ran');
    } catch (error) {
      app.log.error({ err: error }, 'scheduled jobs failed');
    } finally {
      isRunning = false;
    }
  };
  const first = setTimeout(() => void tick(), Math.min(FIRST_RUN_DELAY_MS, intervalMs));
  const every = setInterval(() => void tick(), intervalMs);
  first.unref();
  every.unref();
  app.addHook('onClose', async () => {
    clearTimeout(first);
    clearInterval(every);
  });
}
