import { tutorEndpoints } from '@vidya/contracts';
import { guardianConversationRefs } from './guardian-conversations.ts';
import { expectRefsMatchContracts } from '#src/testing/endpoint-refs.ts';

describe('guardian conversation endpoints', () => {
  it('name the same method and path as the contract', () => {
    expectRefsMatchContracts(guardianConversationRefs, tutorEndpoints);
  });
});
