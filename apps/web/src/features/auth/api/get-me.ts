import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#src/lib/api-client.ts';
import { queryKeys } from '#src/lib/query-keys.ts';
import { shellEndpoints } from './session-endpoints.ts';

/** The signed-in account, or null when signed out. */
export const meQueryOptions = queryOptions({
  queryKey: queryKeys.me,
  queryFn: async () => (await api(shellEndpoints.session)).account,
  staleTime: 60_000,
  // Unreachable (offline): ask again every few seconds, so pages that need the server load by themselves.
  refetchInterval: (query) => (query.state.status === 'error' ? 5_000 : false),
});

export const useMe = () => useQuery(meQueryOptions);
