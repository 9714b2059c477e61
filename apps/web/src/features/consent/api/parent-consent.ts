import { consentEndpoints, type CreateChildBody, type GrantConsentBody } from '@vidya/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '#src/lib/api-client.ts';

/** What the mailed link asks a parent to consent to. */
export const consentRequestQuery = (token: string) =>
  queryOptions({
    queryKey: ['consent-request', token],
    queryFn: () => api(consentEndpoints.request, { params: { token } }),
    retry: false,
  });
export const useConsentRequest = (token: string) => useQuery(consentRequestQuery(token));

/** The signed-in parent consents by the link's token. */
export function useGrantConsent(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: GrantConsentBody) => api(consentEndpoints.grant, { params: { token }, body }),
    // The request itself is not refetched: the page keeps its thank-you until the parent leaves.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['guardian'] }),
  });
}

export const consentsGivenQuery = queryOptions({
  queryKey: ['guardian', 'consents'],
  queryFn: () => api(consentEndpoints.given),
});
export const useConsentsGiven = () => useQuery(consentsGivenQuery);

/** A parent creates their child's account, consenting at once. */
export function useCreateChild() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateChildBody) => api(consentEndpoints.createChild, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['guardian'] }),
  });
}

/** The consenting parent withdraws consent (password again). */
export function useWithdrawConsent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ learnerId, password }: { learnerId: string; password: string }) =>
      api(consentEndpoints.withdraw, { params: { learnerId }, body: { password } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['guardian'] }),
  });
}

/** Where a consent link's token waits while the parent signs in or creates an account. */
export const PENDING_CONSENT_KEY = 'vidya.consent-token';
