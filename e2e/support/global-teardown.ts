import { rmSync } from 'node:fs';
import { runState } from './run-state.ts';

/** Stops the server and the mock provider and removes the temp data dir; safe to call twice. */
export default async function globalTeardown(): Promise<void> {
  const state = runState();
  const { server, oidc, tempDir } = state;
  state.server = null;
  state.oidc = null;
  state.tempDir = null;
  // The server first: it must release the PGlite data dir before the folder goes.
  await server?.stop();
  await oidc?.stop();
  if (tempDir) rmSync(tempDir, { recursive: true, force: true });
}
