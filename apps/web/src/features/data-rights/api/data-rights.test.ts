import { dataRightsEndpoints } from '@vidya/contracts';
import { dataRightsRefs } from './data-rights.ts';

describe('data-rights endpoints', () => {
  it('name the same method and path as the contracts, one for every data-rights endpoint', () => {
    expect(Object.keys(dataRightsRefs).sort()).toEqual(Object.keys(dataRightsEndpoints).sort());
    for (const [name, ref] of Object.entries(dataRightsRefs)) {
      const contract = dataRightsEndpoints[name as keyof typeof dataRightsEndpoints];
      expect({ method: ref.method, path: ref.path }).toEqual({
        method: contract.method,
        path: contract.path,
      });
    }
  });
});
