import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, SignUpBodySchema } from './accounts.ts';
import { BirthMonthSchema, BirthYearSchema, ParentEmailSchema, checkLearnerAge } from './age.ts';
import { LinkKindSchema, LinkRequestSchema } from './guardians.ts';

// Verifiable parental consent (DPDP Act 2023 s.9, DPDP Rules 2025 r.10), who can see a learner's learning, the
// access log, and the tutor's safety alerts.

/**
 * A learner's consent state: `unknown` (no age given yet: an account made before consent existed, or by social
 * sign-in), `adult` (18 or over), `pending` (under 18, waiting for a parent), `granted`, `withdrawn`.
 */
export const CONSENT_STATUSES = ['unknown', 'adult', 'pending', 'granted', 'withdrawn'] as const;
export const ConsentStatusSchema = z.enum(CONSENT_STATUSES);
export type ConsentStatus = z.infer<typeof ConsentStatusSchema>;

export const CONSENT_METHODS = ['email_link', 'parent_created'] as const;
/** How a parent consented: by the link mailed to them, or by creating the child's account themselves. */
export const ConsentMethodSchema = z.enum(CONSENT_METHODS);

export const CONSENT_MESSAGES = {
  isParent: 'Please confirm that you are the parent or lawful guardian.',
  isAdult: 'Please confirm that you are 18 or older.',
  password: '*password is required',
} as const;

/** `GET /api/me/consent`: the learner's own consent state and, while pending, the days left. */
export const MyConsentSchema = z
  .object({
    status: ConsentStatusSchema,
    /** The address the request went to, while pending. */
    parentEmail: z.string().nullable(),
    requestedAt: z.iso.datetime().nullable(),
    /** Pending: when the account is deleted without consent. */
    expiresAt: z.iso.datetime().nullable(),
    daysLeft: z.number().int().nullable(),
    /** The consenting parent's name, once granted. */
    parentName: z.string().nullable(),
  })
  .meta({ id: 'MyConsent' });
export type MyConsent = z.infer<typeof MyConsentSchema>;

/** Body of `POST /api/me/consent/reminders`: send the request again, to the same or a corrected address. */
export const ResendConsentBodySchema = z.object({
  parentEmail: ParentEmailSchema.refine((v) => v !== '', "*your parent's e-mail is required"),
});
export type ResendConsentBody = z.infer<typeof ResendConsentBodySchema>;

/** Body of `POST /api/me/age`: a learner without a recorded age gives it (and, under 18, a parent's e-mail). */
export const AgeBodySchema = z
  .object({
    birthYear: BirthYearSchema,
    birthMonth: BirthMonthSchema,
    parentEmail: ParentEmailSchema.optional(),
  })
  .superRefine((value, context) => checkLearnerAge(value, context));
export type AgeBody = z.infer<typeof AgeBodySchema>;

export const ConsentTokenParamsSchema = z.object({
  token: z
    .string()
    .min(20)
    .max(128)
    .regex(/^[A-Za-z0-9_-]+$/),
});

/** `GET /api/consent-requests/:token`: what the parent is asked to consent to (anyone holding the mail's link). */
export const ConsentRequestSchema = z
  .object({
    learner: z.object({ firstName: z.string(), username: z.string() }),
    status: z.enum(['pending', 'granted', 'withdrawn']),
    expiresAt: z.iso.datetime().nullable(),
    noticeVersion: z.string(),
  })
  .meta({ id: 'ConsentRequest' });
export type ConsentRequest = z.infer<typeof ConsentRequestSchema>;

/** The parent's declarations: parent or lawful guardian, an adult, and the notice version read. */
const DECLARATIONS = {
  isParent: z.literal(true, { error: CONSENT_MESSAGES.isParent }),
  isAdult: z.literal(true, { error: CONSENT_MESSAGES.isAdult }),
  noticeVersion: z.string().min(1).max(40).describe('The version of the notice the parent read'),
};

/** Body of `POST /api/consent-requests/:token/grant`. */
export const GrantConsentBodySchema = z.object(DECLARATIONS);
export type GrantConsentBody = z.infer<typeof GrantConsentBodySchema>;

/**
 * Body of `POST /api/guardian/children`: a parent creates their child's learner account, consenting at once. No
 * password: the child chooses their own after confirming their e-mail address, as every new account does (issue 20).
 */
export const CreateChildBodySchema = SignUpBodySchema.pick({
  firstName: true,
  lastName: true,
  email: true,
  username: true,
}).extend({ birthYear: BirthYearSchema, birthMonth: BirthMonthSchema, ...DECLARATIONS });
export type CreateChildBody = z.infer<typeof CreateChildBodySchema>;

export const CreateChildResultSchema = z.object({
  learnerId: z.string(),
  username: z.string(),
  email: z.string(),
  verificationSent: z.boolean(),
});

/** A password typed again before something that cannot be undone (withdrawal, deleting a child's account). */
export const PasswordBodySchema = z.object({
  password: z.string().min(1, CONSENT_MESSAGES.password).max(PASSWORD_MAX_LENGTH),
});
export type PasswordBody = z.infer<typeof PasswordBodySchema>;

/** A consent this parent gave, as their dashboard shows it. */
export const ConsentRecordSchema = z
  .object({
    learnerId: z.string(),
    username: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    status: z.enum(['granted', 'withdrawn']),
    method: ConsentMethodSchema,
    noticeVersion: z.string(),
    grantedAt: z.iso.datetime(),
    withdrawnAt: z.iso.datetime().nullable(),
    /** Withdrawn: when the data is deleted (download it before). */
    deleteAfter: z.iso.datetime().nullable(),
  })
  .meta({ id: 'ConsentRecord' });
export type ConsentRecord = z.infer<typeof ConsentRecordSchema>;
export const ConsentRecordListSchema = z.array(ConsentRecordSchema);

export const ACCESS_EVENT_KINDS = [
  'consent_requested',
  'consent_given',
  'consent_withdrawn',
  'link_requested',
  'link_accepted',
  'link_declined',
  'link_removed',
  'guardian_blocked',
  'guardian_unblocked',
  'class_joined',
  'data_exported',
  'deletion_requested',
  'safety_alert',
] as const;
export const AccessEventKindSchema = z.enum(ACCESS_EVENT_KINDS);
export type AccessEventKind = z.infer<typeof AccessEventKindSchema>;
export const ActorRoleSchema = z.enum(['learner', 'instructor', 'parent', 'system']);

/** One event that changed who can see the learner's data, or the data itself. */
export const AccessEventSchema = z
  .object({
    id: z.uuid(),
    kind: AccessEventKindSchema,
    actor: z.object({ role: ActorRoleSchema, name: z.string() }),
    at: z.iso.datetime(),
  })
  .meta({ id: 'AccessEvent' });
export type AccessEvent = z.infer<typeof AccessEventSchema>;

/** An adult who can see the learner's data: what, since when, and whether the viewer may remove them. */
export const AccessAdultSchema = z
  .object({
    linkId: z.uuid(),
    kind: LinkKindSchema,
    name: z.string(),
    username: z.string(),
    isConsentingParent: z.boolean(),
    canSee: z.array(z.string()),
    since: z.iso.datetime(),
    className: z.string().nullable(),
    canRemove: z.boolean(),
  })
  .meta({ id: 'AccessAdult' });
export type AccessAdult = z.infer<typeof AccessAdultSchema>;

/** `GET /api/me/access` and the consenting parent's `GET /api/guardian/learners/:learnerId/access`. */
export const AccessOverviewSchema = z
  .object({
    learner: z.object({ id: z.string(), firstName: z.string(), username: z.string() }),
    consent: ConsentStatusSchema,
    adults: z.array(AccessAdultSchema),
    pending: z.array(LinkRequestSchema),
    events: z.array(AccessEventSchema),
  })
  .meta({ id: 'AccessOverview' });
export type AccessOverview = z.infer<typeof AccessOverviewSchema>;

export const SAFETY_CATEGORIES = ['self_harm', 'abuse', 'bullying', 'danger'] as const;
export const SafetyCategorySchema = z.enum(SAFETY_CATEGORIES);
export type SafetyCategory = z.infer<typeof SafetyCategorySchema>;
/** `urgent`: a risk to life now (self-harm, a stated plan); `concern`: needs a caring adult soon. */
export const SafetySeveritySchema = z.enum(['urgent', 'concern']);
export type SafetySeverity = z.infer<typeof SafetySeveritySchema>;

/** A tutor message that sounded worrying, as the consenting parent and the class teachers see it. */
export const SafetyAlertSchema = z
  .object({
    id: z.uuid(),
    learner: z.object({ id: z.string(), firstName: z.string(), lastName: z.string(), username: z.string() }),
    category: SafetyCategorySchema,
    severity: SafetySeveritySchema,
    /** The flagged message only, never the conversation around it. */
    message: z.string(),
    at: z.iso.datetime(),
  })
  .meta({ id: 'SafetyAlert' });
export type SafetyAlert = z.infer<typeof SafetyAlertSchema>;
export const SafetyAlertListSchema = z.array(SafetyAlertSchema);
