import { randomBytes } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import { ROLE_HOME, type Me, type Role } from '@vidya/contracts';
import { encodeIdentity, OIDC_IDENTITY_COOKIE, type OidcIdentity } from './oidc-identity.ts';
import { E2E_ENV } from './run-state.ts';

export { expect };
export type { Me, Role, OidcIdentity };

/** Sign-up form values (POST /api/accounts/:role). */
export interface Person {
  firstName: string;
  lastName: string;
  email: string;
  username: string;
  password: string;
  /** A learner's month and year of birth (an adult's unless a test says otherwise); teachers and parents ignore it. */
  birthYear?: number;
  birthMonth?: number;
  /** A child's parent's address (learners under 18). */
  parentEmail?: string;
}

/** One message of the development outbox (GET /dev/mail/messages). */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  createdAt: string;
}

export interface MailOptions {
  /** Only a mail whose subject matches. */
  subject?: string | RegExp;
  /** Only a mail created at or after this moment (e.g. the second mail after a resend). */
  since?: Date;
  /** How long to wait for it; 10 s by default. */
  timeout?: number;
}

export interface MailBox {
  /** Waits for the newest mail to an address (matching the options) and returns it. */
  latest(to: string, options?: MailOptions): Promise<Mail>;
  /** Every mail to an address, newest first, without waiting. */
  all(to: string): Promise<Mail[]>;
  /** The first link in a mail's text (verification, reset). */
  linkIn(mail: Mail): string;
}

export interface VerifiedAccount {
  person: Person;
  /** GET /api/me after verification. */
  me: Me;
  /** The role's home (e.g. /courses), where its login leads. */
  home: string;
}

export interface Oidc {
  /** The mock provider's issuer URL. */
  issuer: string;
  /** The provider id to pass to POST /api/session/social and the name the login pages show. */
  providerId: string;
  providerName: string;
  /**
   * Chooses who the mock provider signs in as for this test's browser context (unique values fill what is not
   * given) and returns that identity. Without it, each sign-in gets a fresh random identity.
   */
  use(identity?: Partial<OidcIdentity>): Promise<OidcIdentity>;
}

export interface A11yOptions {
  /** CSS selectors to leave out (a third-party widget); prefer fixing over excluding. */
  exclude?: string[];
  /** Axe rule ids to skip, with a reason in the calling test. */
  disableRules?: string[];
}

interface Fixtures {
  newPerson: (overrides?: Partial<Person>) => Person;
  mail: MailBox;
  signUpViaApi: (role: Role, overrides?: Partial<Person>) => Promise<Person>;
  signUpVerified: (role: Role, overrides?: Partial<Person>) => Promise<VerifiedAccount>;
  oidc: Oidc;
  expectNoA11yViolations: (page?: Page, options?: A11yOptions) => Promise<void>;
}

export const A11Y_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const MAIL_TIMEOUT_MS = 10_000;

let people = 0;
/** Unique within the run across workers: the worker's pid, a counter and random bytes. */
function uniqueTag(): string {
  people += 1;
  return `${process.pid.toString(36)}${people.toString(36)}${randomBytes(3).toString('hex')}`;
}

function matches(mail: Mail, options: MailOptions): boolean {
  if (options.since && new Date(mail.createdAt).getTime() < options.since.getTime()) return false;
  if (typeof options.subject === 'string' && !mail.subject.includes(options.subject)) return false;
  if (options.subject instanceof RegExp && !options.subject.test(mail.subject)) return false;
  return true;
}

function mailBox(request: APIRequestContext): MailBox {
  const all = async (to: string): Promise<Mail[]> => {
    const response = await request.get(`/dev/mail/messages?to=${encodeURIComponent(to)}`);
    if (!response.ok())
      throw new Error(`GET /dev/mail/messages answered ${response.status()}: ${await response.text()}`);
    return (await response.json()) as Mail[];
  };
  return {
    all,
    async latest(to, options = {}) {
      let found: Mail | undefined;
      await expect
        .poll(async () => (found = (await all(to)).find((m) => matches(m, options))), {
          message: `no mail to ${to} matching ${String(options.subject ?? 'anything')} arrived`,
          timeout: options.timeout ?? MAIL_TIMEOUT_MS,
          intervals: [200],
        })
        .toBeDefined();
      return found!;
    },
    linkIn(mail) {
      const match = /https?:\/\/[^\s<>"]+/.exec(mail.text);
      if (!match) throw new Error(`no link in the mail "${mail.subject}" to ${mail.to}`);
      return match[0];
    },
  };
}

/**
 * Follows a verification link as the mailbox owner does: it leads to the "choose your password" page (the sign-up
 * password stops working), where `password` is saved; then signs in, so the session lands in `request`'s jar.
 */
export async function verifyAndSignIn(
  request: APIRequestContext,
  link: string,
  person: Person,
): Promise<void> {
  const verify = await request.get(link, { maxRedirects: 0 });
  const location = new URL(verify.headers().location ?? '/', link);
  const token = location.searchParams.get('token');
  if (verify.status() !== 302 || location.pathname !== '/reset-password' || !token)
    throw await failure('the verification link', verify);
  const chosen = await request.post('/api/password', { data: { token, password: person.password } });
  if (!chosen.ok()) throw await failure('POST /api/password after verification', chosen);
  const login = await request.post('/api/session', {
    data: { email: person.email, password: person.password },
  });
  if (!login.ok()) throw await failure('POST /api/session after verification', login);
}

async function failure(
  what: string,
  response: { status(): number; text(): Promise<string> },
): Promise<Error> {
  return new Error(`${what} answered ${response.status()}: ${await response.text()}`);
}

export const test = base.extend<Fixtures>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern.
  newPerson: async ({}, use) => {
    await use((overrides = {}) => {
      const tag = uniqueTag();
      return {
        firstName: 'Asha',
        lastName: 'Verma',
        email: `asha.${tag}@example.com`,
        username: `asha_${tag}`,
        password: `Correct-horse-${tag}`,
        birthYear: 1990,
        birthMonth: 6,
        ...overrides,
      };
    });
  },

  mail: async ({ request }, use) => {
    await use(mailBox(request));
  },

  // Through the page's context: the session cookie of the sign-in after verification lands in the browser's jar.
  signUpViaApi: async ({ context, newPerson }, use) => {
    await use(async (role, overrides) => {
      const person = newPerson(overrides);
      const response = await context.request.post(`/api/accounts/${role}`, { data: person });
      if (response.status() !== 201) throw await failure(`POST /api/accounts/${role}`, response);
      return person;
    });
  },

  signUpVerified: async ({ context, signUpViaApi, mail }, use) => {
    await use(async (role, overrides) => {
      const person = await signUpViaApi(role, overrides);
      const link = mail.linkIn(await mail.latest(person.email, { subject: /verify/i }));
      await verifyAndSignIn(context.request, link, person);
      const home = ROLE_HOME[role];
      const meResponse = await context.request.get('/api/me');
      if (!meResponse.ok()) throw await failure('GET /api/me after verification', meResponse);
      return { person, me: (await meResponse.json()) as Me, home };
    });
  },

  oidc: async ({ context, baseURL }, use) => {
    const issuer = process.env[E2E_ENV.oidcIssuer];
    const providerId = process.env[E2E_ENV.oidcProviderId];
    if (!issuer || !providerId || !baseURL)
      throw new Error('the mock OpenID provider is not running (globalSetup)');
    await use({
      issuer,
      providerId,
      providerName: 'Test SSO',
      async use(identity = {}) {
        const tag = uniqueTag();
        const chosen: OidcIdentity = {
          email: `sso.${tag}@example.com`,
          givenName: 'Ravi',
          familyName: 'Kumar',
          ...identity,
        };
        await context.addCookies([
          { name: OIDC_IDENTITY_COOKIE, value: encodeIdentity(chosen), url: issuer },
        ]);
        return chosen;
      },
    });
  },

  expectNoA11yViolations: async ({ page: testPage }, use) => {
    await use(async (page = testPage, options = {}) => {
      let builder = new AxeBuilder({ page }).withTags(A11Y_TAGS);
      for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
      if (options.disableRules?.length) builder = builder.disableRules(options.disableRules);
      const { violations } = await builder.analyze();
      const report = violations.map((v) => {
        const targets = v.nodes.map((n) => `    ${n.target.map(String).join(' >> ')}`).join('\n');
        return `${v.id} [${v.impact ?? 'unknown'}] ${v.help} (${v.helpUrl})\n${targets}`;
      });
      expect(report, `axe found ${violations.length} accessibility violation(s) on ${page.url()}`).toEqual(
        [],
      );
    });
  },
});
