import { z } from 'zod';
import { AGE_FIELDS, checkLearnerAge } from './age.ts';
import { RoleSchema } from './roles.ts';

// SPEC §5: the required-field messages, word for word; both the forms and the server use them.
export const SIGN_UP_MESSAGES = {
  firstName: '*first name is required',
  lastName: '*last name is required',
  email: '*Email is required',
  username: '*username is required',
  password: '*password is required',
} as const;
export const LOGIN_MESSAGES = {
  email: '*Username is required',
  password: '*Password is required',
} as const;

export const NAME_MAX_LENGTH = 60;
export const EMAIL_MAX_LENGTH = 254;
export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 30;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

const name = (required: string) =>
  z
    .string()
    .trim()
    .min(1, required)
    .max(NAME_MAX_LENGTH, `At most ${NAME_MAX_LENGTH} characters`)
    .describe('A personal name, 1–60 characters');

/** Body of `POST /api/accounts/:role`: the sign-up form. */
export const SignUpBodySchema = z.object({
  firstName: name(SIGN_UP_MESSAGES.firstName),
  lastName: name(SIGN_UP_MESSAGES.lastName),
  email: z
    .string()
    .trim()
    .min(1, SIGN_UP_MESSAGES.email)
    .max(EMAIL_MAX_LENGTH, `At most ${EMAIL_MAX_LENGTH} characters`)
    .pipe(z.email('Enter a valid e-mail address')),
  username: z
    .string()
    .trim()
    .min(1, SIGN_UP_MESSAGES.username)
    .min(USERNAME_MIN_LENGTH, `At least ${USERNAME_MIN_LENGTH} characters`)
    .max(USERNAME_MAX_LENGTH, `At most ${USERNAME_MAX_LENGTH} characters`)
    .regex(/^[A-Za-z0-9_.-]+$/, 'Use only letters, digits, _ . and -')
    .describe('Unique, case-insensitive; 3–30 letters, digits, _ . -'),
  password: z
    .string()
    .min(1, SIGN_UP_MESSAGES.password)
    .min(PASSWORD_MIN_LENGTH, `At least ${PASSWORD_MIN_LENGTH} characters`)
    .max(PASSWORD_MAX_LENGTH, `At most ${PASSWORD_MAX_LENGTH} characters`),
  // A learner's month and year of birth and, under 18, a parent's e-mail (required for learners: see below).
  ...AGE_FIELDS,
});
export type SignUpBody = z.infer<typeof SignUpBodySchema>;

/** The learner sign-up form and what the server requires of a learner: the age fields filled in. */
export const LearnerSignUpBodySchema = SignUpBodySchema.superRefine((value, context) =>
  checkLearnerAge(value, context),
);

export const RoleParamsSchema = z.object({ role: RoleSchema });

export const SignUpResultSchema = z.object({
  email: z.string(),
  verificationSent: z.boolean(),
});
export type SignUpResult = z.infer<typeof SignUpResultSchema>;

/** Body of `POST /api/session`: the login form (the username field holds the e-mail address). */
export const LoginBodySchema = z.object({
  email: z.string().trim().min(1, LOGIN_MESSAGES.email).max(EMAIL_MAX_LENGTH),
  password: z.string().min(1, LOGIN_MESSAGES.password).max(PASSWORD_MAX_LENGTH),
});
export type LoginBody = z.infer<typeof LoginBodySchema>;

/** The signed-in account, as `GET /api/me` returns it. */
export const MeSchema = z
  .object({
    id: z.string(),
    role: RoleSchema,
    email: z.string(),
    username: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    emailVerified: z.boolean(),
  })
  .meta({ id: 'Me' });
export type Me = z.infer<typeof MeSchema>;

/** `GET /api/session`: who is signed in, if anyone (never 401, so pages can ask freely). */
export const SessionSchema = z.object({ account: MeSchema.nullable() });
export type Session = z.infer<typeof SessionSchema>;

export const EmailBodySchema = z.object({
  email: z.string().trim().min(1, 'Email address is required.').max(EMAIL_MAX_LENGTH),
});
export type EmailBody = z.infer<typeof EmailBodySchema>;

/** Query of the verification mail's link, `GET /api/auth/verify-email` (a redirect, so not an endpoint here). */
export const VerifyEmailQuerySchema = z.object({
  token: z.string().min(1).max(4096),
  callbackURL: z.string().max(2048).optional(),
});

export const NewPasswordBodySchema = z.object({
  token: z.string().min(1).max(512),
  password: z
    .string()
    .min(PASSWORD_MIN_LENGTH, `At least ${PASSWORD_MIN_LENGTH} characters`)
    .max(PASSWORD_MAX_LENGTH, `At most ${PASSWORD_MAX_LENGTH} characters`),
});
export type NewPasswordBody = z.infer<typeof NewPasswordBodySchema>;

export const SOCIAL_PROVIDERS = ['google', 'microsoft', 'github'] as const;
export const SocialProviderSchema = z.enum(SOCIAL_PROVIDERS);
export type SocialProvider = z.infer<typeof SocialProviderSchema>;

/** Body of `POST /api/session/social`: start a social sign-in from a role's login page. */
export const SocialStartBodySchema = z.object({
  provider: z.string().min(1).max(40).describe('google, microsoft, github, or a configured OIDC provider id'),
  role: RoleSchema.describe('The role a new account gets: the login page the sign-in started on'),
});
export const SocialStartResultSchema = z.object({ url: z.string() });

/** Which social providers are configured, so the login page can enable its buttons. */
export const AuthProvidersSchema = z.object({
  social: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type AuthProviders = z.infer<typeof AuthProvidersSchema>;

export const OkSchema = z.object({ ok: z.literal(true) });
