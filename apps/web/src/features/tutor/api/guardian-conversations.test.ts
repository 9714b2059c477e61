import { tutorEndpoints } from '@vidya/contracts';
import { guardianConversationRefs } from './guardian-conversations.ts';

describe('guardian conversation endpoints', () => {
  it('name the same method and path as the contract', () => {
    for (const [name, ref] of Object.entries(guardianConversationRefs)) {
      const contract = tutorEndpoints[name as keyof typeof guardianConversationRefs];
      expect({ method: ref.method, path: ref.path }).toEqual({
        method: contract.method,
        path: contract.path,
      });
    }
  });
});
