import { existsSync } from 'node:fs';

/** Debian's package, the first choice when CHROMIUM_PATH is not set (STACK.md §6). */
export const SYSTEM_CHROMIUM = '/usr/bin/chromium';

/** Flags every launch needs; without the networking ones Chromium's outbound calls get refused (STACK.md pitfall 9). */
export const BASE_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

// Flags of @sparticuz/chromium's list we leave out. Three relax web security for scraping, and tests must see the
// browser's real rules. --single-process (for AWS Lambda's sandbox) kills the browser when the first context closes,
// so the second test of a worker would fail with "Target page, context or browser has been closed".
const UNWANTED_SPARTICUZ_FLAGS = new Set([
  '--disable-web-security',
  '--allow-running-insecure-content',
  '--disable-site-isolation-trials',
  '--single-process',
]);

export interface ResolvedChromium {
  executablePath: string;
  args: string[];
  source: 'CHROMIUM_PATH' | 'system' | '@sparticuz/chromium';
}

/**
 * Finds the Chromium to drive: `CHROMIUM_PATH` if set, else Debian's `/usr/bin/chromium`, else the headless shell
 * bundled in @sparticuz/chromium (the first call unpacks about 200 MB into /tmp). `E2E_IGNORE_SYSTEM_CHROMIUM=1`
 * skips Debian's binary, to prove the fallback on a machine that has it.
 */
export async function resolveChromium(env: NodeJS.ProcessEnv = process.env): Promise<ResolvedChromium> {
  const explicit = env.CHROMIUM_PATH?.trim();
  if (explicit) {
    if (!existsSync(explicit)) throw new Error(`CHROMIUM_PATH points to ${explicit}, which does not exist`);
    return { executablePath: explicit, args: ['--headless=new', ...BASE_FLAGS], source: 'CHROMIUM_PATH' };
  }
  if (env.E2E_IGNORE_SYSTEM_CHROMIUM !== '1' && existsSync(SYSTEM_CHROMIUM)) {
    return { executablePath: SYSTEM_CHROMIUM, args: ['--headless=new', ...BASE_FLAGS], source: 'system' };
  }
  const { default: chromium } = await import('@sparticuz/chromium');
  const executablePath = await chromium.executablePath();
  // Its binary is chrome-headless-shell: keep its --headless='shell', --no-zygote and graphics flags.
  const extra = chromium.args.filter(
    (flag) => !UNWANTED_SPARTICUZ_FLAGS.has(flag) && !BASE_FLAGS.includes(flag),
  );
  return { executablePath, args: [...BASE_FLAGS, ...extra], source: '@sparticuz/chromium' };
}

const PATH_VAR = 'E2E_CHROMIUM_EXECUTABLE';
const ARGS_VAR = 'E2E_CHROMIUM_ARGS';

/** Hands the resolved browser to the worker processes, which inherit the runner's environment. */
export function publishChromium(resolved: ResolvedChromium): void {
  process.env[PATH_VAR] = resolved.executablePath;
  process.env[ARGS_VAR] = JSON.stringify(resolved.args);
}

/**
 * Launch options for the Playwright config, read synchronously from what globalSetup published. The runner reads
 * the config before globalSetup has run; it launches no browser, so the empty answer there is harmless.
 */
export function chromiumLaunchOptions(env: NodeJS.ProcessEnv = process.env): {
  executablePath?: string;
  args?: string[];
} {
  const executablePath = env[PATH_VAR];
  if (!executablePath) return {};
  return { executablePath, args: JSON.parse(env[ARGS_VAR] ?? '[]') as string[] };
}
