import type { learnerLinkEndpoints } from '@vidya/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, endpointRef } from '#src/lib/api-client.ts';
import { queryKeys } from '#src/lib/query-keys.ts';

/**
 * The learner's link requests, which the learner layout counts on every page: named by method and path so the layout
 * does not load the contracts' schemas (docs/decisions/003-web-first-load.md); a test checks it against the contract.
 */
export const linkRequestsRef = endpointRef<(typeof learnerLinkEndpoints)['requests']>(
  'GET',
  '/api/me/link-requests',
);

export const linkRequestsQuery = queryOptions({
  queryKey: queryKeys.linkRequests,
  queryFn: () => api(linkRequestsRef),
});
export const useLinkRequests = () => useQuery(linkRequestsQuery);
