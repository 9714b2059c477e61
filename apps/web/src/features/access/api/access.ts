import { accessEndpoints, learnerLinkEndpoints } from '@vidya/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '#src/lib/api-client.ts';

export const myAccessQuery = queryOptions({
  queryKey: ['me', 'access'],
  queryFn: () => api(accessEndpoints.mine),
});
export const useMyAccess = () => useQuery(myAccessQuery);

export const childAccessQuery = (learnerId: string) =>
  queryOptions({
    queryKey: ['guardian', 'access', learnerId],
    queryFn: () => api(accessEndpoints.child, { params: { learnerId } }),
  });
export const useChildAccess = (learnerId: string) => useQuery(childAccessQuery(learnerId));

/** The learner's own removal, accept and decline, refreshing this page and the request badge. */
export function useLearnerAccessActions() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['me'] });
  return {
    remove: useMutation({
      mutationFn: (linkId: string) => api(learnerLinkEndpoints.remove, { params: { linkId } }),
      onSuccess: refresh,
    }),
    decide: useMutation({
      mutationFn: ({ linkId, accept }: { linkId: string; accept: boolean }) =>
        api(accept ? learnerLinkEndpoints.accept : learnerLinkEndpoints.decline, { params: { linkId } }),
      onSuccess: refresh,
    }),
  };
}

/** The consenting parent removes another adult's access to their child. */
export function useRemoveForChild(learnerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (linkId: string) => api(accessEndpoints.removeForChild, { params: { learnerId, linkId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['guardian'] }),
  });
}
