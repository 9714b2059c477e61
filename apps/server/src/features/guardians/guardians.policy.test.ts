import { describe, expect, it } from 'vitest';
import { canDecide, exposesLearner, linkKindOf } from './guardians.policy.ts';

describe('guardians policy', () => {
  it('gives teachers and parents their link kind and learners none', () => {
    expect(linkKindOf('instructors')).toBe('instructor');
    expect(linkKindOf('parents')).toBe('parent');
    expect(linkKindOf('learners')).toBeNull();
  });

  it('exposes a learner only through a verified link', () => {
    expect(exposesLearner({ status: 'verified' })).toBe(true);
    expect(exposesLearner({ status: 'unverified' })).toBe(false);
    expect(exposesLearner({ status: 'declined' })).toBe(false);
    expect(exposesLearner(undefined)).toBe(false);
  });

  it('lets the learner decide only on pending requests', () => {
    expect(canDecide({ status: 'unverified' })).toBe(true);
    expect(canDecide({ status: 'verified' })).toBe(false);
    expect(canDecide({ status: 'declined' })).toBe(false);
  });
});
