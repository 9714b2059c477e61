import { dataRightsEndpoints } from '@vidya/contracts';
import { dataRightsRefs } from './data-rights.ts';
import { expectRefsMatchContracts } from '#src/testing/endpoint-refs.ts';

describe('data-rights endpoints', () => {
  it('name the same method and path as the contracts, one for every data-rights endpoint', () => {
    expect(Object.keys(dataRightsRefs).sort()).toEqual(Object.keys(dataRightsEndpoints).sort());
    expectRefsMatchContracts(dataRightsRefs, dataRightsEndpoints);
  });
});
