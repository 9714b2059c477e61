import type { Role } from '@vidya/contracts';
import { exposesLearner } from '../guardians/guardians.policy.ts';

/** Only a parent with a verified link reads a learner's tutor conversations (teachers do not). */
export const canReadConversations = (
  role: Role,
  link: { kind: string; status: string } | undefined,
): boolean => role === 'parents' && link?.kind === 'parent' && exposesLearner(link);
