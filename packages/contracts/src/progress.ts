import { z } from 'zod';
import { PERIODS } from './constants.ts';
import { CourseKeySchema, MasteryBandSchema } from './learning.ts';
import { TimeZoneSchema } from './time-zone.ts';

export const PeriodSchema = z.enum(PERIODS);
export type Period = z.infer<typeof PeriodSchema>;

export const ProgressQuerySchema = z.object({
  period: PeriodSchema.default('7d'),
  timeZone: TimeZoneSchema.optional(),
});

export const LEVELS = ['Beginner', 'Developing', 'Proficient', 'Mastered'] as const;
export const LevelSchema = z.enum(LEVELS);
export type Level = z.infer<typeof LevelSchema>;

/** One row of the progress table: a skill practised in the period. */
export const ProgressRowSchema = z.object({
  course: CourseKeySchema,
  courseTitle: z.string(),
  skillId: z.string(),
  skillName: z.string(),
  level: LevelSchema,
  /** The skill's mastery band now, the one a teacher or parent sees (`not sure yet` while evidence is thin). */
  band: MasteryBandSchema,
  /** Mastery now minus mastery at the start of the period, in points (−100…100). */
  change: z.number().int(),
  correct: z.number().int(),
  total: z.number().int(),
  minutes: z.number(),
});
export type ProgressRow = z.infer<typeof ProgressRowSchema>;

export const ProgressSchema = z
  .object({
    period: PeriodSchema,
    timeZone: z.string(),
    rows: z.array(ProgressRowSchema),
    /** Correct and total answers per day in the period (the learner's days). */
    daily: z.array(z.object({ day: z.string(), correct: z.number().int(), total: z.number().int() })),
    /** Mean mastery (0–100) of each course's practised skills at the end of each active day. */
    masteryOverTime: z.array(
      z.object({ day: z.string(), course: CourseKeySchema, mastery: z.number().int() }),
    ),
    totals: z.object({
      correct: z.number().int(),
      total: z.number().int(),
      minutes: z.number(),
      quizzes: z.number().int(),
    }),
  })
  .meta({ id: 'Progress' });
export type Progress = z.infer<typeof ProgressSchema>;

export const BADGE_IDS = [
  'bronze',
  'silver',
  'gold',
  'english-star',
  'math-whizz',
  'science-whizz',
  'literature-lover',
  'daily-learner',
  'champion',
] as const;
export const BadgeIdSchema = z.enum(BADGE_IDS);
export type BadgeId = z.infer<typeof BadgeIdSchema>;

export const BadgeSchema = z
  .object({
    id: BadgeIdSchema,
    name: z.string(),
    description: z.string(),
    /** How to earn it, in words a learner reads. */
    rule: z.string(),
    earned: z.boolean(),
    awardedAt: z.iso.datetime().nullable(),
    progress: z.object({
      current: z.number().int(),
      target: z.number().int(),
      /** The progress in words, e.g. "2 of 3 quizzes finished". */
      label: z.string(),
    }),
  })
  .meta({ id: 'Badge' });
export type Badge = z.infer<typeof BadgeSchema>;
export const BadgeListSchema = z.array(BadgeSchema);
