import { accountEndpoints } from '@vidya/contracts';
import { shellEndpoints } from './session-endpoints.ts';
import { expectRefsMatchContracts } from '#src/testing/endpoint-refs.ts';

describe('shellEndpoints', () => {
  it('names the same method and path as the contract', () => {
    expectRefsMatchContracts(shellEndpoints, accountEndpoints);
  });
});
