/**
 * First-load benchmark of the web app (issue #10): builds for production, starts the built server on a fresh
 * PGlite database, signs up and verifies a learner enrolled in Mathematics, then runs Lighthouse (mobile
 * emulation, simulated throttling, its defaults) on the landing page, the learner login, the signed-in course
 * dashboard and a quiz page. Prints the scores, LCP, TBT and the JavaScript and CSS each page loads.
 *
 *   npm run bench:web                 # build, then 3 Lighthouse runs per page (the median run is reported)
 *   npm run bench:web -- --runs 5 --no-build --json /tmp/web-bench.json
 *
 * Chromium is resolved as the e2e suite does (e2e/support/chromium.ts): CHROMIUM_PATH, then Debian's
 * /usr/bin/chromium, then @sparticuz/chromium. Nothing is downloaded.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const webDist = join(repoRoot, 'apps/web/dist');

const TARGETS = { performance: 95, accessibility: 100, homeJsGzipKb: 100 };

interface PageSpec {
  name: string;
  path: string;
  signedIn: boolean;
}
const PAGES: PageSpec[] = [
  { name: 'Home', path: '/', signedIn: false },
  { name: 'Learner login', path: '/learner/login', signedIn: false },
  { name: 'Courses (signed in)', path: '/courses', signedIn: true },
  { name: 'Mathematics quiz (signed in)', path: '/mathematics', signedIn: true },
];

const BASE_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

async function resolveChromium(): Promise<{ path: string; flags: string[] }> {
  const explicit = process.env.CHROMIUM_PATH?.trim();
  if (explicit) return { path: explicit, flags: ['--headless=new', ...BASE_FLAGS] };
  if (existsSync('/usr/bin/chromium'))
    return { path: '/usr/bin/chromium', flags: ['--headless=new', ...BASE_FLAGS] };
  const { default: chromium } = await import('@sparticuz/chromium');
  // Its binary is chrome-headless-shell; --single-process would end the browser after the first run.
  const extra = chromium.args.filter(
    (flag) =>
      !BASE_FLAGS.includes(flag) &&
      !['--single-process', '--disable-web-security', '--allow-running-insecure-content'].includes(flag),
  );
  return { path: await chromium.executablePath(), flags: [...BASE_FLAGS, ...extra] };
}

async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

async function startServer(): Promise<{ baseUrl: string; child: ChildProcess; dataDir: string }> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'vidya-web-bench-'));
  // NODE_ENV=test keeps the development outbox, which verifies the bench learner; the web app is the
  // production build either way.
  const child = spawn(process.execPath, [join(repoRoot, 'apps/server/dist/main.js')], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATA_DIR: join(dataDir, 'data'),
      WEB_DIST_DIR: webDist,
      DEV_MAIL_OUTBOX: 'true',
      AUTH_SECRET: randomBytes(32).toString('hex'),
      RATE_LIMIT_IP_MULTIPLIER: '100',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/readyz`)).status === 200) return { baseUrl, child, dataDir };
    } catch {
      // Not listening yet.
    }
    await sleep(250);
  }
  child.kill('SIGKILL');
  throw new Error('the server did not become ready within 90 s');
}

/** Signs up a learner, verifies it through the development outbox, enrols it in Mathematics; returns its cookie. */
async function signedInLearner(baseUrl: string): Promise<string> {
  const tag = randomBytes(4).toString('hex');
  const email = `bench.${tag}@example.com`;
  const headers = { 'content-type': 'application/json', origin: baseUrl };
  const signUp = await fetch(`${baseUrl}/api/accounts/learners`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      firstName: 'Asha',
      lastName: 'Verma',
      email,
      username: `bench_${tag}`,
      password: `Correct-horse-${tag}`,
      birthYear: 1990,
      birthMonth: 6,
    }),
  });
  if (signUp.status !== 201) throw new Error(`sign-up answered ${signUp.status}: ${await signUp.text()}`);
  let link: string | undefined;
  for (let i = 0; i < 50 && !link; i += 1) {
    const mails = (await (
      await fetch(`${baseUrl}/dev/mail/messages?to=${encodeURIComponent(email)}`)
    ).json()) as { text: string }[];
    link = mails.map((m) => /https?:\/\/[^\s<>"]+/.exec(m.text)?.[0]).find(Boolean);
    if (!link) await sleep(200);
  }
  if (!link) throw new Error('no verification mail arrived');
  const verify = await fetch(link, { redirect: 'manual' });
  const cookie = verify.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  if (!cookie) throw new Error(`the verification link set no cookie (${verify.status})`);
  const enrol = await fetch(`${baseUrl}/api/me/enrolments`, {
    method: 'POST',
    headers: { ...headers, cookie },
    body: JSON.stringify({ courses: ['mathematics'] }),
  });
  if (enrol.status !== 201) throw new Error(`enrolment answered ${enrol.status}: ${await enrol.text()}`);
  return cookie;
}

interface NetworkItem {
  url: string;
  resourceType?: string;
  transferSize?: number;
}
interface Measure {
  performance: number;
  accessibility: number;
  bestPractices: number;
  lcpMs: number;
  tbtMs: number;
  fcpMs: number;
  cls: number;
  jsGzipKb: number;
  cssGzipKb: number;
  jsTransferKb: number;
  jsFiles: number;
  failedA11y: string[];
  failedBestPractices: string[];
}

const gzipCache = new Map<string, number>();
function gzipBytes(url: string, baseUrl: string): number {
  const path = new URL(url).pathname;
  const file = join(webDist, path);
  if (!url.startsWith(baseUrl) || !existsSync(file)) return 0;
  let size = gzipCache.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(file)).length;
    gzipCache.set(file, size);
  }
  return size;
}

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

function measure(lhr: Lhr, baseUrl: string): Measure {
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const details = lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined;
  const items = (details?.items ?? []).filter((i) => i.url.startsWith(baseUrl));
  const scripts = items.filter((i) => i.resourceType === 'Script');
  const styles = items.filter((i) => i.resourceType === 'Stylesheet');
  const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;
  const sum = (list: NetworkItem[], f: (i: NetworkItem) => number) => list.reduce((t, i) => t + f(i), 0);
  const failed = (category: string) =>
    Object.values(lhr.audits)
      .filter(
        (a) =>
          a.score !== null &&
          a.score < 1 &&
          lhr.categories[category]?.auditRefs.some((r) => r.id === a.id && r.weight > 0),
      )
      .map((a) => a.id);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    lcpMs: Math.round(numeric('largest-contentful-paint')),
    tbtMs: Math.round(numeric('total-blocking-time')),
    fcpMs: Math.round(numeric('first-contentful-paint')),
    cls: Math.round(numeric('cumulative-layout-shift') * 1000) / 1000,
    jsGzipKb: kb(sum(scripts, (i) => gzipBytes(i.url, baseUrl))),
    cssGzipKb: kb(sum(styles, (i) => gzipBytes(i.url, baseUrl))),
    jsTransferKb: kb(sum(scripts, (i) => i.transferSize ?? 0)),
    jsFiles: scripts.length,
    failedA11y: failed('accessibility'),
    failedBestPractices: failed('best-practices'),
  };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '3' },
      'no-build': { type: 'boolean', default: false },
      json: { type: 'string' },
    },
  });
  const runs = Math.max(1, Number(values.runs));
  if (!values['no-build']) {
    const build = spawnSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('npm run build failed');
  }
  const server = await startServer();
  const browser = await resolveChromium();
  const chrome = await chromeLauncher.launch({ chromePath: browser.path, chromeFlags: browser.flags });
  const results: { page: PageSpec; median: Measure; runs: Measure[] }[] = [];
  try {
    const cookie = await signedInLearner(server.baseUrl);
    for (const page of PAGES) {
      const measures: Measure[] = [];
      for (let run = 0; run < runs; run += 1) {
        const result = await lighthouse(
          `${server.baseUrl}${page.path}`,
          {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: ['performance', 'accessibility', 'best-practices'],
            ...(page.signedIn ? { extraHeaders: { cookie } } : {}),
          },
          undefined,
        );
        if (!result) throw new Error(`Lighthouse returned nothing for ${page.path}`);
        if (result.lhr.runtimeError)
          throw new Error(`${page.path}: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
        const m = measure(result.lhr, server.baseUrl);
        measures.push(m);
        console.error(
          `${page.path} run ${run + 1}/${runs}: performance ${m.performance}, LCP ${m.lcpMs} ms, TBT ${m.tbtMs} ms, CLS ${m.cls}` +
            (m.failedBestPractices.length
              ? `; best practices not met: ${m.failedBestPractices.join(', ')}`
              : ''),
        );
      }
      const sorted = [...measures].sort((a, b) => a.performance - b.performance);
      results.push({ page, median: sorted[Math.floor(sorted.length / 2)]!, runs: measures });
    }
  } finally {
    chrome.kill();
    server.child.kill('SIGTERM');
    await sleep(500);
    rmSync(server.dataDir, { recursive: true, force: true });
  }

  const version = (
    JSON.parse(readFileSync(join(repoRoot, 'node_modules/lighthouse/package.json'), 'utf8')) as {
      version: string;
    }
  ).version;
  console.log(
    `\nLighthouse ${version}, mobile emulation (simulated throttling), median of ${runs} run(s) by performance score; sizes are gzip (level 6) of the files each page loaded.\n`,
  );
  console.log(
    '| page | performance | accessibility | best practices | LCP | TBT | FCP | CLS | JS (gzip) | CSS (gzip) | JS files |',
  );
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const { page, median: m } of results) {
    console.log(
      `| ${page.name} \`${page.path}\` | ${m.performance} | ${m.accessibility} | ${m.bestPractices} | ${m.lcpMs} ms | ${m.tbtMs} ms | ${m.fcpMs} ms | ${m.cls} | ${m.jsGzipKb} KB | ${m.cssGzipKb} KB | ${m.jsFiles} |`,
    );
  }
  const misses: string[] = [];
  for (const { page, median: m } of results) {
    if (m.performance < TARGETS.performance) misses.push(`${page.path}: performance ${m.performance} < 95`);
    if (m.accessibility < TARGETS.accessibility)
      misses.push(`${page.path}: accessibility ${m.accessibility} (${m.failedA11y.join(', ')})`);
  }
  const home = results.find((r) => r.page.path === '/');
  if (home && home.median.jsGzipKb > TARGETS.homeJsGzipKb)
    misses.push(`/: ${home.median.jsGzipKb} KB of JavaScript (gzip) > 100 KB`);
  console.log(misses.length ? `\nTargets missed:\n  ${misses.join('\n  ')}` : '\nAll targets met.');
  if (values.json) writeFileSync(values.json, JSON.stringify(results, null, 2));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
