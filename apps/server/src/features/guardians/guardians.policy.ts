import type { LinkKind, Role } from '@vidya/contracts';

/** Which link kind a guardian role makes. */
export function linkKindOf(role: Role): LinkKind | null {
  if (role === 'instructors') return 'instructor';
  if (role === 'parents') return 'parent';
  return null;
}

/** A guardian sees a learner's name, e-mail and progress only through a verified link. */
export const exposesLearner = (link: { status: string } | undefined): boolean => link?.status === 'verified';

/** A learner decides on requests still waiting, and may remove a link that is verified or pending. */
export const canDecide = (link: { status: string }): boolean => link.status === 'unverified';
