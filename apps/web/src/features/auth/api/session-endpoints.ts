import type { accountEndpoints } from '@vidya/contracts';
import { endpointRef } from '#src/lib/api-client.ts';

type AccountEndpoints = typeof accountEndpoints;

/** The two account calls the app shell makes on every page, without loading the account schemas. */
export const shellEndpoints = {
  session: endpointRef<AccountEndpoints['session']>('GET', '/api/session'),
  logout: endpointRef<AccountEndpoints['logout']>('DELETE', '/api/session'),
};
