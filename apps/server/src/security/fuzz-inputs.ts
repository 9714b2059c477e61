import { CONSENT_NOTICE_VERSION } from '@vidya/contracts';
import fc from 'fast-check';
import type { World } from './authorisation-world.ts';

/** Strings that have broken parsers, databases and renderers before. */
export const NASTY_STRINGS = [
  '',
  ' ',
  '\t\n',
  '\u0000',
  'a\u0000b',
  '\uD800',
  'x\uDFFFy',
  '\u202Eevil',
  '\uFEFF',
  '\u200B',
  'e\u0301',
  'Ω',
  '𝒳𝒴',
  '👩‍👩‍👧‍👦',
  'ﷺ',
  '١٢٣',
  '../../etc/passwd',
  '%00',
  '%E0%A4%A',
  "' OR 1=1 --",
  '"; DROP TABLE "user"; --',
  '<script>alert(1)</script>',
  '${7*7}',
  '{{7*7}}',
  '__proto__',
  'constructor',
  'null',
  'true',
  '-1',
  '1e309',
  'NaN',
  'Infinity',
  '0x1F',
  'javascript:alert(1)',
  'https://evil.example/',
];

/** Any string: nasty ones, random code points (lone surrogates included), long ones. */
export const anyString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
  { weight: 1, arbitrary: fc.constantFrom(200, 1_000, 10_000).map((n) => 'x'.repeat(n)) },
);

/** A JSON value of any type, often the wrong one for the field it lands in. */
export const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: anyString },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, 0, -1, 1.5, 2 ** 53, -(2 ** 63), 1e308) },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.array(anyString, { maxLength: 5 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  // JSON.parse makes `__proto__` an own key, as a request body would.
  {
    weight: 1,
    arbitrary: fc.constant(JSON.parse('{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}')),
  },
);

/** A plausible valid value for a field, by its name: keeps many cases past validation and into the services. */
export function validValue(field: string, world: World): unknown {
  const learner = world.accounts.learner;
  const values: Record<string, unknown> = {
    email: learner.person.email,
    password: 'correct-horse-9',
    firstName: 'Asha',
    lastName: 'Rao',
    username: learner.person.username,
    role: 'learners',
    course: 'science',
    courses: ['science'],
    url: 'https://example.com/channel',
    code: world.joinCode,
    name: 'Grade 7',
    text: 'What is 2 + 2?',
    token: world.consentToken,
    provider: 'google',
    itemId: world.itemId,
    answer: '1',
    confirmed: true,
    classId: world.classId,
    quizId: world.quizId,
    learnerId: learner.id,
    linkId: world.linkOf.parentUnverified,
    channelId: world.channelId,
    blockId: world.blockId,
    conversationId: world.conversationId,
    question: { quizId: world.quizId, itemId: world.itemId },
    timeZone: 'Asia/Kolkata',
    period: '7d',
    birthYear: 2014,
    birthMonth: 6,
    parentEmail: 'parent@example.com',
    isParent: true,
    isAdult: true,
    noticeVersion: CONSENT_NOTICE_VERSION,
  };
  return values[field] ?? 'x';
}

/** A value for a field: valid half the time, anything the other half. */
export const fieldValue = (field: string, world: World): fc.Arbitrary<unknown> =>
  fc.oneof(fc.constant(validValue(field, world)), anyValue);

/** An object with the schema's fields (some left out, some wrong) and sometimes unknown extra ones. */
export function objectFor(fields: string[], world: World): fc.Arbitrary<Record<string, unknown>> {
  const known = fc.record(Object.fromEntries(fields.map((f) => [f, fieldValue(f, world)])), {
    requiredKeys: [],
  });
  const extra = fc.dictionary(
    fc.oneof(
      fc.constantFrom('role', 'id', 'emailVerified', 'learnerId', '__proto__', 'constructor'),
      anyString,
    ),
    anyValue,
    { maxKeys: 3 },
  );
  return fc
    .tuple(known, fc.option(extra, { freq: 3 }))
    .map(([body, more]) => (more ? { ...more, ...body } : body) as Record<string, unknown>);
}

/** Raw request bodies that are not the JSON object a route expects. */
export const rawBody: fc.Arbitrary<{ payload: string; contentType: string }> = fc.oneof(
  fc.record({
    payload: fc.constantFrom(
      '{',
      '{"a":',
      '[1,2',
      'nul',
      '"\\ud800"',
      '{"__proto__":{"admin":true}}',
      '{"constructor":{"prototype":{"admin":true}}}',
      '[]',
      '"just a string"',
      '12345678901234567890',
      `${'['.repeat(3000)}${']'.repeat(3000)}`,
      `{"a":"${'y'.repeat(70_000)}"}`,
      '\u0000',
    ),
    contentType: fc.constant('application/json'),
  }),
  fc.record({
    payload: fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v) ?? 'null'),
    contentType: fc.constantFrom(
      'application/json',
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/json; charset=utf-16',
      'application/xml',
      'application/json\u0000',
    ),
  }),
);

/** A path segment: valid for the parameter, or anything (percent-encoded, or raw and possibly malformed). */
export const pathSegment = (param: string, world: World): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 2, arbitrary: fc.constant(encodeURIComponent(String(validValue(param, world)))) },
    { weight: 3, arbitrary: anyString.map((s) => encodeURIComponent(s.replace(/[\uD800-\uDFFF]/g, '?'))) },
    { weight: 1, arbitrary: fc.constantFrom('%', '%E0%A4%A', '%00', '..', '%2e%2e', '%2F', '%ZZ', '~') },
    { weight: 1, arbitrary: fc.uuid() },
  );

/** A query string: the schema's keys with any values, repeated keys, unknown keys, broken escapes. */
export function queryFor(fields: string[], world: World): fc.Arbitrary<string> {
  const pair = fc.tuple(
    fc.oneof(fc.constantFrom(...(fields.length ? fields : ['q'])), fc.string({ maxLength: 8 })),
    fc.oneof(fc.constant(String(validValue(fields[0] ?? 'q', world))), anyString),
  );
  return fc.oneof(
    fc
      .array(pair, { maxLength: 4 })
      .map((pairs) =>
        pairs
          .map(
            ([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v.replace(/[\uD800-\uDFFF]/g, '?'))}`,
          )
          .join('&'),
      ),
    fc.constantFrom('%', 'a=%E0%A4%A', '&&&', '=', 'period[]=7d&period[]=all', `period=${'7'.repeat(5000)}`),
  );
}

/** Request headers a client may send, honest or not. */
export const extraHeaders: fc.Arbitrary<Record<string, string>> = fc.record(
  {
    accept: fc.constantFrom('*/*', 'text/html', 'application/json', 'image/png', '', 'x/y;q=nope'),
    'accept-language': fc.constantFrom('en-IN', '*', 'zz', ';;;'),
    'x-forwarded-for': fc.constantFrom('1.2.3.4', 'not an ip', '::1, 10.0.0.1'),
    'user-agent': fc
      .string({ unit: 'binary-ascii', maxLength: 300 })
      .map((s) => s.replace(/[^\x20-\x7e]/g, '')),
    'if-none-match': fc.constantFrom('*', '"x"', 'W/"1"'),
    range: fc.constantFrom('bytes=0-1', 'bytes=-1', 'nonsense'),
    'sec-fetch-site': fc.constantFrom('same-origin', 'cross-site', 'none', ''),
    referer: fc.constantFrom(
      'https://evil.example/x',
      'not a url',
      '%E0%A4%A',
      'http://localhost:3000/courses',
    ),
    authorization: fc.constantFrom('Bearer x', 'Basic %%%', 'Bearer '),
    'x-forwarded-proto': fc.constantFrom('https', 'gopher', ''),
    'x-forwarded-host': fc.constantFrom('evil.example', 'localhost:3000', ''),
  },
  { requiredKeys: [] },
);

/** A cookie header: one of the world's sessions, a forged or garbled one, our sign-up role cookie garbled, or none. */
export const cookieFor = (world: World): fc.Arbitrary<string | undefined> =>
  fc.oneof(
    { weight: 4, arbitrary: fc.constant(world.accounts.learner.cookie) },
    { weight: 2, arbitrary: fc.constant(world.accounts.parentVerified.cookie) },
    { weight: 2, arbitrary: fc.constant(world.accounts.instructorVerified.cookie) },
    { weight: 1, arbitrary: fc.constant(undefined) },
    {
      weight: 1,
      arbitrary: fc
        .string({ unit: 'binary-ascii', maxLength: 120 })
        .map((s) => `vidya.session_token=${s.replace(/[^\x21-\x7e]/g, '')}`),
    },
    { weight: 1, arbitrary: fc.constantFrom('=;=;', 'vidya.session_token=', `a=${'b'.repeat(4000)}`) },
    // Our own cookie beside a real session: malformed percent-encoding, quotes, repeats, a role that is no role.
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.constantFrom(world.accounts.learner.cookie, world.accounts.parentVerified.cookie, undefined),
          fc.constantFrom('%E0%A4%A', '%', '%ZZ', '"parents"', 'admins', 'parents; vidya.signup-role=%', ''),
        )
        .map(([session, role]) => [session, `vidya.signup-role=${role}`].filter(Boolean).join('; ')),
    },
  );
