import { accountEndpoints } from '@vidya/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#src/lib/api-client.ts';
import { queryKeys } from '#src/lib/query-keys.ts';

/** The social sign-in providers the server has configured. */
export const providersQueryOptions = queryOptions({
  queryKey: queryKeys.authProviders,
  queryFn: () => api(accountEndpoints.providers),
  staleTime: Infinity,
});

export const useProviders = () => useQuery(providersQueryOptions);
