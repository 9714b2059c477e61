import { TUTOR_RETENTION_DAYS } from '@vidya/contracts';
import type { FastifyInstance } from 'fastify';
import * as repo from './tutor.repository.ts';

const CONVERSATION_BATCH = 500;

/**
 * Deletes every conversation whose last message is more than TUTOR_RETENTION_DAYS old (as of `now`), in batches;
 * safe to run from several server processes at once. Returns how many were deleted.
 */
export async function deleteStaleConversations(app: FastifyInstance, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - TUTOR_RETENTION_DAYS * 24 * 60 * 60 * 1000);
  let total = 0;
  for (;;) {
    const deleted = await repo.deleteConversationsBefore(app.db, cutoff, CONVERSATION_BATCH);
    total += deleted;
    if (deleted < CONVERSATION_BATCH) return total;
  }
}
