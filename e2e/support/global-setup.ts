import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startAppServer } from './app-server.ts';
import { publishChromium, resolveChromium } from './chromium.ts';
import globalTeardown from './global-teardown.ts';
import { startMockOidc } from './mock-oidc.ts';
import { E2E_ENV, MOCK_PROVIDER_ID, runState } from './run-state.ts';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Starts one mock OpenID provider and one built Vidya server (fresh PGlite in a temp dir) for the whole run, and
 * resolves Chromium. Builds nothing: the root `test:e2e` script runs `npm run build` first.
 */
export default async function globalSetup(): Promise<void> {
  const state = runState();
  try {
    const webDistDir = process.env.E2E_WEB_DIST_DIR
      ? resolve(process.env.E2E_WEB_DIST_DIR)
      : join(repoRoot, 'apps/web/dist');
    if (!existsSync(join(webDistDir, 'index.html'))) {
      throw new Error(
        `${webDistDir}/index.html is missing: run \`npm run build\` at the repository root first.`,
      );
    }
    const chromium = await resolveChromium();
    publishChromium(chromium);

    state.tempDir = mkdtempSync(join(tmpdir(), 'vidya-e2e-'));
    state.oidc = await startMockOidc();
    state.server = await startAppServer({
      repoRoot,
      dataDir: join(state.tempDir, 'data'),
      webDistDir,
      env: {
        AUTH_SECRET: randomBytes(32).toString('hex'),
        LOG_LEVEL: process.env.E2E_SERVER_LOG_LEVEL ?? 'warn',
        OIDC_PROVIDER_ID: MOCK_PROVIDER_ID,
        OIDC_NAME: 'Test SSO',
        OIDC_DISCOVERY_URL: state.oidc.discoveryUrl,
        OIDC_CLIENT_ID: state.oidc.clientId,
        OIDC_CLIENT_SECRET: state.oidc.clientSecret,
      },
    });
    process.env[E2E_ENV.baseUrl] = state.server.baseUrl;
    process.env[E2E_ENV.oidcIssuer] = state.oidc.issuer;
    process.env[E2E_ENV.oidcProviderId] = MOCK_PROVIDER_ID;
    console.log(
      `e2e: server ${state.server.baseUrl}, OIDC ${state.oidc.issuer}, Chromium ${chromium.executablePath} (${chromium.source})`,
    );
  } catch (error) {
    await globalTeardown();
    throw error;
  }
}
