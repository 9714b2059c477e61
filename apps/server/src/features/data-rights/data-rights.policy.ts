import { exposesLearner } from '../guardians/guardians.policy.ts';

/**
 * Who may download or delete a learner's data: the learner, and a parent whose link the learner verified.
 * A teacher's verified link shows progress but never carries these rights.
 */
export const mayManageChildData = (link: { kind: string; status: string } | undefined): boolean =>
  link?.kind === 'parent' && exposesLearner(link);
