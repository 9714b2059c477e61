import { consentEndpoints } from '@vidya/contracts';
import { myConsentRefs } from './my-consent.ts';

describe('the learner consent refs', () => {
  it('name the same method and path as the contracts', () => {
    for (const [name, ref] of Object.entries(myConsentRefs)) {
      const contract = consentEndpoints[name as keyof typeof myConsentRefs];
      expect({ method: ref.method, path: ref.path }).toEqual({
        method: contract.method,
        path: contract.path,
      });
    }
  });
});
