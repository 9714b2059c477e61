import { accountEndpoints } from '@vidya/contracts';
import { shellEndpoints } from './session-endpoints.ts';

describe('shellEndpoints', () => {
  it('names the same method and path as the contract', () => {
    for (const [name, ref] of Object.entries(shellEndpoints)) {
      const contract = accountEndpoints[name as keyof typeof shellEndpoints];
      expect({ method: ref.method, path: ref.path }).toEqual({
        method: contract.method,
        path: contract.path,
      });
    }
  });
});
