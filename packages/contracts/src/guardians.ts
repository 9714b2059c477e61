import { z } from 'zod';
import { CourseSchema, MasteryBandSchema } from './learning.ts';

export const LINK_STATUSES = ['unverified', 'verified', 'declined'] as const;
/** SPEC §9: a link starts as the literal `unverified`. */
export const LinkStatusSchema = z.enum(LINK_STATUSES);
export type LinkStatus = z.infer<typeof LinkStatusSchema>;
export const LinkKindSchema = z.enum(['instructor', 'parent']);
export type LinkKind = z.infer<typeof LinkKindSchema>;

export const PARENT_CONFIRMATION = "I confirm that I am this child's parent or legal guardian.";
/**
 * What a teacher or parent is told after asking to link, whether or not the username is a learner's (and whether or
 * not that learner blocked them): the answer must not tell which children have accounts.
 */
export const LINK_REQUEST_SENT = 'If a learner with that username exists, they will see your request.';

const usernameInput = (required: string) =>
  z.string().trim().min(1, required).max(30, 'At most 30 characters');

/** Body of `POST /api/guardian/links`: a teacher's Student Name or a parent's Child's username. */
export const CreateLinkBodySchema = z.object({
  username: usernameInput('A username is required'),
  /** Parents must tick the confirmation; teachers need not send it. */
  confirmed: z.boolean().optional(),
  /** A teacher may add the learner to one of their classes once the learner accepts. */
  classId: z.uuid().optional(),
});
export type CreateLinkBody = z.infer<typeof CreateLinkBodySchema>;
/** The teacher's "Connect with your Students" form: the same body, in the dialog's words. */
export const InstructorLinkFormSchema = CreateLinkBodySchema.extend({
  username: usernameInput('*Student Name is required'),
});
/** The parent's "Connect with your kids" form: the same body, and the confirmation must be ticked. */
export const ParentLinkFormSchema = CreateLinkBodySchema.extend({
  username: usernameInput("*Child's username is required"),
  confirmed: z.literal(true, 'Please tick the confirmation to continue.'),
});

export const LinkIdParamsSchema = z.object({ linkId: z.uuid() });
export const LearnerIdParamsSchema = z.object({ learnerId: z.string().min(1).max(64) });

/**
 * A learner as a guardian sees them. The guardian's list holds only learners who accepted (verified links): a pending
 * or declined request would tell the guardian that the username exists.
 */
export const GuardianLearnerSchema = z
  .object({
    linkId: z.uuid(),
    status: LinkStatusSchema,
    username: z.string(),
    requestedAt: z.iso.datetime(),
    /** Present while the link is verified (always, in the guardian's list). */
    learner: z
      .object({ id: z.string(), firstName: z.string(), lastName: z.string(), email: z.string() })
      .optional(),
  })
  .meta({ id: 'GuardianLearner' });
export type GuardianLearner = z.infer<typeof GuardianLearnerSchema>;
export const GuardianLearnerListSchema = z.array(GuardianLearnerSchema);

/** A link request as the learner sees it. */
export const LinkRequestSchema = z
  .object({
    id: z.uuid(),
    kind: LinkKindSchema,
    status: LinkStatusSchema,
    guardian: z.object({ firstName: z.string(), lastName: z.string(), username: z.string() }),
    className: z.string().optional(),
    requestedAt: z.iso.datetime(),
  })
  .meta({ id: 'LinkRequest' });
export type LinkRequest = z.infer<typeof LinkRequestSchema>;
export const LinkRequestListSchema = z.array(LinkRequestSchema);

export const BlockIdParamsSchema = z.object({ blockId: z.uuid() });

/** A teacher or parent the learner blocked: their link requests no longer reach the learner. */
export const BlockedGuardianSchema = z
  .object({
    id: z.uuid(),
    kind: LinkKindSchema,
    guardian: z.object({ firstName: z.string(), lastName: z.string(), username: z.string() }),
    blockedAt: z.iso.datetime(),
  })
  .meta({ id: 'BlockedGuardian' });
export type BlockedGuardian = z.infer<typeof BlockedGuardianSchema>;
export const BlockedGuardianListSchema = z.array(BlockedGuardianSchema);

export const ClassSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    joinCode: z.string(),
    students: z.number().int(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'Class' });
export type Class = z.infer<typeof ClassSchema>;
export const ClassListSchema = z.array(ClassSchema);
export const CreateClassBodySchema = z.object({
  name: z.string().trim().min(1, '*Class name is required').max(60, 'At most 60 characters'),
});
export type CreateClassBody = z.infer<typeof CreateClassBodySchema>;
export const JoinClassBodySchema = z.object({
  code: z
    .string()
    .trim()
    .min(1, '*Class code is required')
    .max(12, 'At most 12 characters')
    .transform((c) => c.toUpperCase()),
});
export const ClassIdParamsSchema = z.object({ classId: z.uuid() });

export const SkillMasterySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** 0–100. */
  mastery: z.number(),
  band: MasteryBandSchema,
  attempts: z.number().int(),
});

/** One learner's progress, as the learner, a verified teacher or a verified parent sees it. */
export const LearnerProgressSchema = z
  .object({
    learner: z.object({ id: z.string(), firstName: z.string(), lastName: z.string(), username: z.string() }),
    courses: z.array(
      z.object({ course: CourseSchema, mastery: z.number(), skills: z.array(SkillMasterySchema) }),
    ),
    recentQuizzes: z.array(
      z.object({
        id: z.uuid(),
        course: CourseSchema,
        score: z.number().int(),
        total: z.number().int(),
        finishedAt: z.iso.datetime(),
      }),
    ),
    minutesSpent: z.number(),
    quizzesThisWeek: z.number().int(),
    streakDays: z.number().int(),
    lastActiveAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'LearnerProgress' });
export type LearnerProgress = z.infer<typeof LearnerProgressSchema>;

/** A teacher's class view: every student's mastery per skill, activity, and the skills the class finds hardest. */
export const ClassViewSchema = z
  .object({
    class: ClassSchema,
    students: z.array(
      z.object({
        id: z.string(),
        firstName: z.string(),
        lastName: z.string(),
        username: z.string(),
        lastActiveAt: z.iso.datetime().nullable(),
        quizzesThisWeek: z.number().int(),
        /** Mastery 0–100 keyed `<course>:<skill>`; missing = not started. */
        mastery: z.record(z.string(), z.number()),
      }),
    ),
    skills: z.array(z.object({ key: z.string(), course: z.string(), name: z.string() })),
    hardestSkills: z.array(
      z.object({
        key: z.string(),
        name: z.string(),
        course: z.string(),
        averageMastery: z.number(),
        learners: z.number().int(),
      }),
    ),
  })
  .meta({ id: 'ClassView' });
export type ClassView = z.infer<typeof ClassViewSchema>;

export const ChannelSchema = z.object({ id: z.uuid(), url: z.string(), createdAt: z.iso.datetime() });
export type Channel = z.infer<typeof ChannelSchema>;
export const ChannelListSchema = z.array(ChannelSchema);
export const AddChannelBodySchema = z.object({
  url: z
    .string()
    .trim()
    .min(1, 'A channel URL is required')
    .max(500, 'At most 500 characters')
    .pipe(z.url({ protocol: /^https?$/, error: 'Enter a web address starting with http:// or https://' })),
});
export const ChannelIdParamsSchema = z.object({ channelId: z.uuid() });
