import type { AgeBody, consentEndpoints } from '@vidya/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, endpointRef } from '#src/lib/api-client.ts';

type Consent = typeof consentEndpoints;

/**
 * The learner's consent calls, named by method and path so the learner layout (on every learner page) does not load
 * the contracts' schemas (docs/decisions/003-web-first-load.md); a test checks them against the contracts.
 */
export const myConsentRefs = {
  mine: endpointRef<Consent['mine']>('GET', '/api/me/consent'),
  resend: endpointRef<Consent['resend']>('POST', '/api/me/consent/reminders'),
  giveAge: endpointRef<Consent['giveAge']>('POST', '/api/me/age'),
};

export const myConsentQuery = queryOptions({
  queryKey: ['me', 'consent'],
  queryFn: () => api(myConsentRefs.mine),
});
export const useMyConsent = () => useQuery(myConsentQuery);

/** Sends the consent request again, to the same or a corrected address. */
export function useResendConsent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (parentEmail: string) => api(myConsentRefs.resend, { body: { parentEmail } }),
    onSuccess: (consent) => queryClient.setQueryData(myConsentQuery.queryKey, consent),
  });
}

/** A learner without a recorded age gives it. */
export function useGiveAge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AgeBody) => api(myConsentRefs.giveAge, { body }),
    onSuccess: (consent) => {
      queryClient.setQueryData(myConsentQuery.queryKey, consent);
      return queryClient.invalidateQueries({ queryKey: ['me', 'link-requests'] });
    },
  });
}
