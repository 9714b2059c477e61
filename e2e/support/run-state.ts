import type { AppServer } from './app-server.ts';
import type { MockOidc } from './mock-oidc.ts';

/** What globalSetup started in the runner process, for globalTeardown (same process, maybe another module instance). */
export interface RunState {
  server: AppServer | null;
  oidc: MockOidc | null;
  tempDir: string | null;
}

const KEY = Symbol.for('vidya.e2e.run-state');

export function runState(): RunState {
  const holder = globalThis as typeof globalThis & { [KEY]?: RunState };
  holder[KEY] ??= { server: null, oidc: null, tempDir: null };
  return holder[KEY];
}

/** Variables globalSetup publishes to the workers (they inherit the runner's environment). */
export const E2E_ENV = {
  baseUrl: 'E2E_BASE_URL',
  oidcIssuer: 'E2E_OIDC_ISSUER',
  oidcProviderId: 'E2E_OIDC_PROVIDER_ID',
} as const;

/** The provider id the server registers the mock under; its callback is /api/auth/callback/mock. */
export const MOCK_PROVIDER_ID = 'mock';
