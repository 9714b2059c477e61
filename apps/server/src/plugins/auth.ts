import { randomBytes } from 'node:crypto';
import { ROLE_HOME, RoleSchema, type Role } from '@vidya/contracts';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { parseCookie } from 'cookie';
import { and, eq } from 'drizzle-orm';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import { username } from 'better-auth/plugins/username';
import type { Config } from '#src/config.ts';
import type { Db } from '#src/db/client.ts';
import * as schema from '#src/db/schema/index.ts';
import { linkMail, type Mailer } from '#src/lib/mailer.ts';

/** Set by our sign-up and social-start routes; read when better-auth creates the user (role fixed at sign-up). */
export const SIGNUP_ROLE_COOKIE = 'vidya.signup-role';

export const SESSION_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;

/**
 * The role a new account gets: from the sign-up page it came from, else learner (the default audience). A malformed
 * cookie counts as none (`cookie` leaves a value it cannot decode as it is, and the schema refuses it).
 */
export function roleFromCookieHeader(header: string | null | undefined): Role {
  const parsed = RoleSchema.safeParse(parseCookie(header ?? '')[SIGNUP_ROLE_COOKIE]);
  return parsed.success ? parsed.data : 'learners';
}

function splitName(full: string | undefined, email: string): { firstName: string; lastName: string } {
  const parts = (full ?? '').trim().split(/\s+/).filter(Boolean);
  const firstName = parts[0] ?? email.split('@')[0] ?? 'Learner';
  return { firstName: firstName.slice(0, 60), lastName: (parts.slice(1).join(' ') || '-').slice(0, 60) };
}

/** A username for an account made by social sign-in: the mail's local part plus a random suffix. */
function socialUsername(email: string): string {
  const base = (email.split('@')[0] ?? 'user').replace(/[^A-Za-z0-9_.-]/g, '').slice(0, 20) || 'user';
  return `${base}-${randomBytes(3).toString('hex')}`.toLowerCase();
}

interface ProfileWithNames {
  name?: string | null;
  given_name?: string | null;
  family_name?: string | null;
  email?: string | null;
}

const mapProfile = (profile: ProfileWithNames) => {
  const email = profile.email ?? '';
  if (profile.given_name) {
    return {
      firstName: profile.given_name.slice(0, 60),
      lastName: (profile.family_name || '-').slice(0, 60),
    };
  }
  return splitName(profile.name ?? undefined, email);
};

export type Auth = ReturnType<typeof createAuth>;

/**
 * The mailbox owner has just verified the address: end every session of the account and remove the password set at
 * sign-up, which may be someone else's (an account made with another person's address before they did). The owner
 * then chooses the password (issue 20); social sign-in never links to an unverified account (better-auth's
 * `requireLocalEmailVerified`), so this is the only way an account becomes verified.
 */
async function claimForMailboxOwner(db: Db, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(schema.session).where(eq(schema.session.userId, userId));
    await tx
      .delete(schema.account)
      .where(and(eq(schema.account.userId, userId), eq(schema.account.providerId, 'credential')));
  });
}

/** Builds better-auth for Vidya: e-mail + password with verification, usernames, the social providers configured. */
export function createAuth(options: { config: Config; db: Db; mailer: Mailer; secret: string }) {
  const { config, db, mailer, secret } = options;
  const { google, microsoft, github, oidc } = config.social;
  return betterAuth({
    appName: 'Vidya',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret,
    trustedOrigins: [config.publicUrl],
    database: drizzleAdapter(db, { provider: 'pg', schema }),
    // Our own routes rate-limit sign-in and reset per IP and per account (Redis-shared when configured).
    rateLimit: { enabled: false },
    session: { expiresIn: SESSION_MAX_AGE_SECONDS, updateAge: 24 * 60 * 60 },
    advanced: { cookiePrefix: 'vidya', useSecureCookies: config.secureCookies },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, url }) => {
        await mailer.send(
          linkMail(
            user.email,
            'Reset your Vidya password',
            `Hello ${user.name},`,
            'Someone (we hope you) asked to reset the password of your Vidya account. The link works for one hour.',
            'Choose a new password',
            url,
          ),
        );
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      // The owner chooses a password first (accounts.service.ts `verifyEmail`), then signs in with it.
      autoSignInAfterVerification: false,
      afterEmailVerification: async (verified) => claimForMailboxOwner(db, verified.id),
      sendVerificationEmail: async ({ user, url }) => {
        await mailer.send(
          linkMail(
            user.email,
            'Verify your e-mail for Vidya',
            `Hello ${user.name},`,
            'Welcome to Vidya! Please confirm your e-mail address to finish creating your account.',
            'Verify my e-mail',
            url,
          ),
        );
      },
    },
    user: {
      additionalFields: {
        role: { type: 'string', required: false, defaultValue: 'learners', input: false },
        firstName: { type: 'string', required: true },
        lastName: { type: 'string', required: true },
      },
    },
    socialProviders: {
      ...(google ? { google: { ...google, mapProfileToUser: mapProfile } } : {}),
      ...(microsoft ? { microsoft: { ...microsoft, mapProfileToUser: mapProfile } } : {}),
      ...(github ? { github: { ...github, mapProfileToUser: mapProfile } } : {}),
    },
    plugins: [
      username({ minUsernameLength: 3, maxUsernameLength: 30 }),
      ...(oidc
        ? [
            genericOAuth({
              config: [
                {
                  providerId: oidc.id,
                  discoveryUrl: oidc.discoveryUrl,
                  clientId: oidc.clientId,
                  clientSecret: oidc.clientSecret,
                  pkce: true,
                  scopes: ['openid', 'email', 'profile'],
                  mapProfileToUser: (profile) => mapProfile(profile as ProfileWithNames),
                },
              ],
            }),
          ]
        : []),
    ],
    databaseHooks: {
      session: {
        create: {
          // A child's account whose consent was withdrawn is closed: no new session, by any sign-in method.
          before: async (session) =>
            (await isClosedAccount(db, session.userId)) ? false : { data: session },
        },
      },
      user: {
        create: {
          before: async (user, ctx) => {
            const cookie = ctx?.request?.headers.get('cookie') ?? ctx?.headers?.get('cookie');
            const data = user as typeof user & { username?: string | null };
            return {
              data: {
                ...user,
                role: roleFromCookieHeader(cookie),
                ...(data.username ? {} : { username: socialUsername(user.email), displayUsername: null }),
              },
            };
          },
        },
      },
    },
  });
}

/** Whether an account may not sign in: a learner whose parent withdrew consent (kept only for the download). */
async function isClosedAccount(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ status: schema.parentalConsent.status })
    .from(schema.parentalConsent)
    .where(eq(schema.parentalConsent.learnerId, userId));
  return row?.status === 'withdrawn';
}

/** Where a role lands after signing in. */
export const roleHome = (role: Role): string => ROLE_HOME[role];
