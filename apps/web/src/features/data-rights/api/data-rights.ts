import { fillPath, type dataRightsEndpoints } from '@vidya/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, endpointRef } from '#src/lib/api-client.ts';
import { queryKeys } from '#src/lib/query-keys.ts';

type Rights = typeof dataRightsEndpoints;

/**
 * The data-rights calls, named by method and path and typed by their contracts, so /profile (a learner page) does
 * not load the contracts' schemas (docs/decisions/003-web-first-load.md). A test checks them against the contracts.
 */
export const dataRightsRefs = {
  exportMine: endpointRef<Rights['exportMine']>('GET', '/api/me/data-export'),
  deleteMine: endpointRef<Rights['deleteMine']>('DELETE', '/api/me/account'),
  exportChild: endpointRef<Rights['exportChild']>('GET', '/api/guardian/learners/:learnerId/data-export'),
  deleteChild: endpointRef<Rights['deleteChild']>('DELETE', '/api/guardian/learners/:learnerId'),
};

/** Where the signed-in account's own data downloads from (a JSON attachment; a plain link downloads it). */
export const myDataExportUrl = dataRightsRefs.exportMine.path;

/** Where the consenting parent downloads a child's data from. */
export const childDataExportUrl = (learnerId: string) =>
  fillPath(dataRightsRefs.exportChild.path, { learnerId });

/** Deletes the signed-in account (a learner's, teacher's or parent's); the caller reloads the app, signed out. */
export function useDeleteMyAccount() {
  return useMutation({ mutationFn: () => api(dataRightsRefs.deleteMine) });
}

/** The consenting parent deletes a child's account (password again), then the children list is refreshed. */
export function useDeleteChildAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ learnerId, password }: { learnerId: string; password: string }) =>
      api(dataRightsRefs.deleteChild, { params: { learnerId }, body: { password } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.guardian.all }),
  });
}
