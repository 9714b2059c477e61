import type { ConsentStatus } from '@vidya/contracts';

/** What a learner's consent row says, for the predicates below. */
export interface ConsentFacts {
  status: string;
  parentId: string | null;
}

/** The learner's state: no row means no age given yet. */
export const statusOf = (row: ConsentFacts | undefined): ConsentStatus =>
  (row?.status as ConsentStatus | undefined) ?? 'unknown';

/**
 * Whether the learner may use more than quizzes (the tutor, links to teachers and parents, classes, channels): an
 * adult, or a child whose parent consented. Pending, withdrawn and not-yet-known ages may not.
 */
export const mayUseExtras = (status: ConsentStatus): boolean => status === 'adult' || status === 'granted';

/** Whether a guardian is the parent who consented for this learner (consent given or withdrawn, not pending). */
export const isConsentingParent = (row: ConsentFacts | undefined, guardianId: string): boolean =>
  !!row && row.parentId === guardianId && (row.status === 'granted' || row.status === 'withdrawn');

/** The consenting parent reads the child's tutor conversations and alerts only while consent stands. */
export const mayFollowChild = (row: ConsentFacts | undefined, guardianId: string): boolean =>
  isConsentingParent(row, guardianId) && row?.status === 'granted';
