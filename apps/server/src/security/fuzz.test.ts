import * as contracts from '@vidya/contracts';
import { ERROR_CODES, ProblemSchema, type Endpoint } from '@vidya/contracts';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ORIGIN } from '#src/testing/test-app.ts';
import { buildWorld, type World } from './authorisation-world.ts';
import { snapshotDatabase } from './fixtures.ts';
import {
  anyString,
  anyValue,
  cookieFor,
  extraHeaders,
  objectFor,
  pathSegment,
  queryFor,
  rawBody,
} from './fuzz-inputs.ts';
import { app, useTestApp } from '#src/testing/test-server.ts';

/**
 * Property-based fuzzing of every endpoint the contracts declare, with malformed, oversized, wrong-typed and
 * unicode-edge bodies, path parameters, query strings, cookies and headers. Each response must be below 500,
 * carry no stack trace, be problem+json with a stable code when it is a 4xx, and a refused request must leave
 * every row as it was. The seed is printed; FUZZ_SEED=<n> replays a run, FUZZ_RUNS=<n> changes its size.
 * FUZZ_CASES=<n> (`npm run fuzz:full`: 10,000) spreads at least n cases over every endpoint and the random routes,
 * runs them all whatever the time they take, and fails if fewer ran.
 */
// eslint-disable-next-line no-restricted-properties -- test knobs, not server configuration
const { FUZZ_SEED, FUZZ_RUNS, FUZZ_BUDGET_MS, FUZZ_CASES } = process.env;
const SEED = FUZZ_SEED ? Number(FUZZ_SEED) : Date.now() % 2 ** 31;
const MIN_CASES = FUZZ_CASES ? Number(FUZZ_CASES) : 0;
/** The random-routes property runs this many times an endpoint's share. */
const RANDOM_ROUTE_SHARES = 5;
// A wall-clock budget for the whole run (CI shares two cores): on a slow machine fewer cases run, and the count
// printed at the end says how many did. A run with FUZZ_CASES has no budget: every case runs.
const BUDGET_MS = MIN_CASES > 0 ? Infinity : Number(FUZZ_BUDGET_MS ?? 40_000);
// fast-check fails a property cut off before its first case ends: however loaded the machine, each property has
// this long at least (on an idle one every property ends well before its share of the budget).
const MIN_PROPERTY_MS = 5_000;
const STACK_TRACE = [/\n\s+at /, /node_modules/, /\.(ts|js|mjs):\d+/, /\/work\//, /Error: /];
const ERROR_CODE_SET = new Set<string>(ERROR_CODES);

type NamedEndpoint = { name: string; endpoint: Endpoint };

/** Every endpoint object exported by the contracts package (`*Endpoints` groups). */
function contractEndpoints(): NamedEndpoint[] {
  const found: NamedEndpoint[] = [];
  for (const [group, value] of Object.entries(contracts)) {
    if (!group.endsWith('Endpoints') || typeof value !== 'object' || value === null) continue;
    for (const [name, endpoint] of Object.entries(value as Record<string, Endpoint>)) {
      if (endpoint && typeof endpoint.path === 'string' && typeof endpoint.method === 'string')
        found.push({ name: `${group}.${name}`, endpoint });
    }
  }
  return found;
}

const fieldsOf = (schema: unknown): string[] =>
  Object.keys((schema as { shape?: Record<string, unknown> } | undefined)?.shape ?? {});

useTestApp();
let world: World;
let cases = 0;
let refused = 0;
let serverErrors = 0;
let changedOnRefusal = 0;
let endpointsFuzzed = 0;

beforeAll(async () => {
  world = await buildWorld(app);
});
afterAll(async () => {
  console.log(
    `fuzz: ${cases} cases over ${endpointsFuzzed} endpoints and random routes; ${serverErrors} answered 5xx; ` +
      `${refused} refused, ${changedOnRefusal} of them with changed rows (seed ${SEED})`,
  );
});

interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
}

/** Sends one request and checks the properties every answer must have; returns the problems found. */
// The fingerprint of the database as it is now; a refused request leaves it valid for the next case.
let current: string | null = null;

async function sendAndCheck(request: FuzzRequest): Promise<string[]> {
  const before = (current ??= await snapshotDatabase(app));
  let response: LightMyRequestResponse;
  try {
    response = await app.inject({
      method: request.method as 'GET',
      url: request.url,
      headers: request.headers,
      ...(request.payload === undefined ? {} : { payload: request.payload }),
    });
  } catch (error) {
    // The test client refuses to send some inputs (an invalid header value): not the server's doing.
    if (error instanceof TypeError || (error as { code?: string }).code === 'ERR_INVALID_CHAR') return [];
    throw error;
  }
  cases += 1;
  const problems: string[] = [];
  const status = response.statusCode;
  const body = response.body;
  if (status >= 500) {
    serverErrors += 1;
    problems.push(`status ${status}: ${body.slice(0, 300)}`);
  }
  for (const pattern of STACK_TRACE) {
    if (pattern.test(body) && !String(response.headers['content-type']).startsWith('text/event-stream'))
      problems.push(`stack-trace-like text ${pattern}: ${body.slice(0, 300)}`);
  }
  if (status >= 400 && request.method !== 'HEAD') {
    const contentType = String(response.headers['content-type']);
    if (!contentType.startsWith('application/problem+json')) problems.push(`${status} as ${contentType}`);
    const parsed = ProblemSchema.safeParse(JSON.parse(body || 'null'));
    if (!parsed.success || !ERROR_CODE_SET.has(parsed.data.code) || parsed.data.status !== status)
      problems.push(`${status} without a problem document with a stable code: ${body.slice(0, 200)}`);
  }
  current = null;
  if (status >= 400) {
    refused += 1;
    current = await snapshotDatabase(app);
    if (current !== before) {
      changedOnRefusal += 1;
      const was = new Set(before.split(','));
      const changed = current.split(',').filter((part) => !was.has(part));
      problems.push(`refused with ${status} but the database changed: ${changed.join(', ')}`);
    }
  }
  return problems;
}

function describeFailure(request: FuzzRequest, problems: string[]): string {
  const shown = { ...request, payload: request.payload?.slice(0, 300) };
  return `${problems.join('; ')}\nrequest: ${JSON.stringify(shown).slice(0, 800)}`;
}

/** The cases for one endpoint: its path parameters, query, body, cookie and headers, each possibly hostile. */
function casesFor(endpoint: Endpoint): fc.Arbitrary<FuzzRequest> {
  const paramNames = [...endpoint.path.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]!);
  const params = fc.record(Object.fromEntries(paramNames.map((p) => [p, pathSegment(p, world)])));
  const query = fc.option(queryFor(fieldsOf(endpoint.query), world), { freq: endpoint.query ? 1 : 4 });
  const jsonBody = fc.oneof(
    { weight: 4, arbitrary: objectFor(fieldsOf(endpoint.body), world) },
    { weight: 1, arbitrary: anyValue },
  );
  const body = fc.oneof(
    {
      weight: 5,
      arbitrary: jsonBody.map((v) => ({ payload: JSON.stringify(v), contentType: 'application/json' })),
    },
    { weight: 2, arbitrary: rawBody },
    { weight: endpoint.body ? 1 : 4, arbitrary: fc.constant(null) },
  );
  const origin = fc.option(fc.constantFrom('https://evil.example', 'null', TEST_ORIGIN, anyStringOrigin), {
    freq: 8,
  });
  return fc
    .record({ params, query, body, cookie: cookieFor(world), headers: extraHeaders, origin })
    .map(({ params: values, query: q, body: b, cookie, headers, origin: o }) => {
      const path = endpoint.path.replace(/:([A-Za-z]+)/g, (_, name: string) => values[name] ?? 'x');
      return {
        method: endpoint.method,
        url: q ? `${path}?${q}` : path,
        headers: {
          ...headers,
          ...(cookie ? { cookie } : {}),
          ...(o ? { origin: o } : {}),
          ...(b ? { 'content-type': b.contentType } : {}),
        },
        ...(b ? { payload: b.payload } : {}),
      };
    });
}

const anyStringOrigin = 'http://localhost:3000.evil.example';

/**
 * The case in flight. When a property's share of the time budget runs out, fast-check stops waiting for the case
 * it is running (`interruptAfterTimeLimit` races it against a timer) but the request goes on: a late write of a
 * request that succeeded (an export records an access event) would land during the next case and read as a change
 * made by a refused request. So each case starts only when the one before has finished, snapshots included, and a
 * problem found by a case nobody waited for still fails the run (`problemsFound`).
 */
let inFlight: Promise<unknown> = Promise.resolve();
const problemsFound: string[] = [];

function checkInTurn(request: FuzzRequest): Promise<string[]> {
  const run = inFlight.then(async () => {
    const problems = await sendAndCheck(request);
    if (problems.length) problemsFound.push(describeFailure(request, problems));
    return problems;
  });
  inFlight = run.catch(() => undefined);
  return run;
}

/** Runs a property over the cases (within its share of the budget) and fails with the first counterexample, shrunk. */
async function fuzz(arbitrary: fc.Arbitrary<FuzzRequest>, numRuns: number) {
  await fc.assert(
    fc.asyncProperty(arbitrary, async (request) => {
      const problems = await checkInTurn(request);
      if (problems.length) throw new Error(describeFailure(request, problems));
    }),
    {
      numRuns,
      seed: SEED,
      ...(Number.isFinite(BUDGET_MS)
        ? {
            interruptAfterTimeLimit: Math.max(
              MIN_PROPERTY_MS,
              (BUDGET_MS * numRuns) / (RUNS_PER_ENDPOINT * (endpoints.length + RANDOM_ROUTE_SHARES)),
            ),
            markInterruptAsFailure: false,
          }
        : {}),
    },
  );
}

const endpoints = contractEndpoints();
const RUNS_PER_ENDPOINT =
  MIN_CASES > 0
    ? // A tenth more: the test client refuses to send a few generated requests, and those do not count.
      Math.ceil((MIN_CASES * 1.1) / (endpoints.length + RANDOM_ROUTE_SHARES))
    : Number(FUZZ_RUNS ?? 20);
/** Vitest's limit per property: generous, since a property may run hundreds of cases on a shared machine. */
const PROPERTY_TIMEOUT_MS = Math.max(120_000, RUNS_PER_ENDPOINT * 2_000);
// A success here ends a session, removes a link, withdraws consent or deletes an account: rebuild the world after.
const changesWorld = (endpoint: Endpoint) =>
  endpoint.method === 'DELETE' || /accept|decline|withdrawal/.test(endpoint.path);

describe('fuzzing every contract endpoint', () => {
  it('finds the endpoints to fuzz in the contracts', () => {
    expect(endpoints.length).toBeGreaterThan(40);
  });

  it.each(endpoints.map((e) => [`${e.endpoint.method} ${e.endpoint.path}`, e] as const))(
    '%s never answers 5xx, leaks no stack trace, refuses in problem+json and changes nothing when it refuses',
    async (_name, { endpoint }) => {
      endpointsFuzzed += 1;
      try {
        await fuzz(casesFor(endpoint), RUNS_PER_ENDPOINT);
      } finally {
        await inFlight;
        if (changesWorld(endpoint)) {
          world = await buildWorld(app, world);
          current = null;
        }
      }
    },
    PROPERTY_TIMEOUT_MS,
  );

  it(
    'answers any method on any path, known or not, without a 5xx',
    async () => {
      const knownPaths = endpoints.map((e) => e.endpoint.path);
      const path = fc.oneof(
        fc
          .constantFrom(...knownPaths)
          .chain((p) =>
            fc
              .array(anyString, { minLength: 1, maxLength: 3 })
              .map((parts) =>
                p.replace(/:[A-Za-z]+/g, () => encodeURIComponent(parts[0]!.replace(/[\uD800-\uDFFF]/g, ''))),
              ),
          ),
        fc.constantFrom(
          '/api/%',
          '/api/%E0%A4%A',
          '//api//me',
          '/api/me/../session',
          '/api/./me',
          `/api/${'a'.repeat(5000)}`,
          '/api/me%00',
          '/%2e%2e/%2e%2e/etc/passwd',
          '/api/auth/%2e%2e/session',
          '/api/auth/sign-up/email',
          '/api/auth/sign-in/username',
          '/api/auth/delete-user',
          '/api/auth/update-user',
          '/dev/mail/messages?to=%00',
        ),
        fc.webPath(),
      );
      const request = fc
        .record({
          method: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD'),
          url: path,
          body: fc.option(rawBody, { freq: 2 }),
          cookie: cookieFor(world),
        })
        .map(({ method, url, body, cookie }) => ({
          method,
          url,
          headers: {
            ...(cookie ? { cookie } : {}),
            ...(body && method !== 'GET' && method !== 'HEAD' ? { 'content-type': body.contentType } : {}),
          },
          ...(body && method !== 'GET' && method !== 'HEAD' ? { payload: body.payload } : {}),
        }));
      await fuzz(request, RUNS_PER_ENDPOINT * RANDOM_ROUTE_SHARES);
    },
    PROPERTY_TIMEOUT_MS * RANDOM_ROUTE_SHARES,
  );

  it('found no problem in a case cut off by the time budget either', async () => {
    await inFlight;
    expect(problemsFound).toEqual([]);
  });

  it.runIf(MIN_CASES > 0)('sent at least the FUZZ_CASES asked for', () => {
    expect(cases).toBeGreaterThanOrEqual(MIN_CASES);
  });
});
