import type { ConsentRecord } from '@vidya/contracts';
import type { user } from '#src/db/schema/index.ts';
import type { ConsentRow } from './consent.repository.ts';

type UserRow = typeof user.$inferSelect;

/** The username a person chose (as they typed it). */
export const usernameOf = (row: Pick<UserRow, 'displayUsername' | 'username'>) =>
  row.displayUsername ?? row.username ?? '';

/** A consent row and its child as the parent's consent record. */
export function presentRecord(row: ConsentRow, learner: UserRow): ConsentRecord {
  return {
    learnerId: learner.id,
    username: usernameOf(learner),
    firstName: learner.firstName,
    lastName: learner.lastName,
    status: row.status === 'withdrawn' ? 'withdrawn' : 'granted',
    method: row.method === 'parent_created' ? 'parent_created' : 'email_link',
    noticeVersion: row.noticeVersion ?? '',
    grantedAt: (row.grantedAt ?? row.createdAt).toISOString(),
    withdrawnAt: row.withdrawnAt?.toISOString() ?? null,
    deleteAfter: row.status === 'withdrawn' && row.expiresAt ? row.expiresAt.toISOString() : null,
  };
}
