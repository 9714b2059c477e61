import { useMutation } from '@tanstack/react-query';
import { api } from '#src/lib/api-client.ts';
import { shellEndpoints } from './session-endpoints.ts';

/** Signs out on the server; the caller reloads the app so no cached data of the account survives. */
export function useLogout() {
  return useMutation({ mutationFn: () => api(shellEndpoints.logout) });
}
