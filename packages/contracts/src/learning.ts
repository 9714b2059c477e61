import { z } from 'zod';
import { COURSE_KEYS } from './constants.ts';
import { TimeZoneSchema } from './time-zone.ts';

export const CourseKeySchema = z.enum(COURSE_KEYS).describe('A course key');
export type CourseKey = z.infer<typeof CourseKeySchema>;

export const MASTERY_BANDS = [
  'not started',
  'not sure yet',
  'needs practice',
  'getting there',
  'mastered',
] as const;
export const MasteryBandSchema = z.enum(MASTERY_BANDS);
export type MasteryBand = z.infer<typeof MasteryBandSchema>;
/**
 * How every view shows a mastery band, the learner's and a teacher's or parent's alike: `not sure yet` while the
 * evidence cannot yet tell where the learner stands.
 */
export const MASTERY_BAND_LABELS: Readonly<Record<MasteryBand, string>> = {
  'not started': 'Not started',
  'not sure yet': 'Not sure yet',
  'needs practice': 'Needs practice',
  'getting there': 'Getting there',
  mastered: 'Mastered',
};
/** How every view shows a mastery probability (0–1), or a difference of two: as whole percentage points (0–100). */
export const toPercent = (p: number) => Math.round(p * 100);

export const CourseSchema = z
  .object({
    key: CourseKeySchema,
    title: z.string(),
    subject: z.string(),
  })
  .meta({ id: 'Course' });
export type Course = z.infer<typeof CourseSchema>;
export const CourseListSchema = z.array(CourseSchema);

export const EnrolmentSchema = z
  .object({
    course: CourseSchema,
    enrolledAt: z.iso.datetime(),
    /** Mean mastery over the course's skills, 0–100 (skills never practised count as 0). */
    mastery: z.number().min(0).max(100),
    skillsPractised: z.number().int().min(0),
    skillsTotal: z.number().int().min(0),
  })
  .meta({ id: 'Enrolment' });
export type Enrolment = z.infer<typeof EnrolmentSchema>;
export const EnrolmentListSchema = z.array(EnrolmentSchema);

export const EnrolBodySchema = z.object({
  courses: z.array(CourseKeySchema).min(1, 'Choose at least one course').max(COURSE_KEYS.length),
});
export type EnrolBody = z.infer<typeof EnrolBodySchema>;
export const CourseParamsSchema = z.object({ course: CourseKeySchema });

export const LearnerStatsSchema = z.object({
  /** 10 experience points per correct answer. */
  xp: z.number().int().min(0),
  correctAnswers: z.number().int().min(0),
  quizzesFinished: z.number().int().min(0),
  /** Days in a row with a finished quiz, ending today or yesterday in the learner's time zone. */
  streakDays: z.number().int().min(0),
});
export type LearnerStats = z.infer<typeof LearnerStatsSchema>;

export const StartQuizBodySchema = z.object({
  course: CourseKeySchema,
  /** The learner's IANA time zone, remembered for days, streaks and badges. */
  timeZone: TimeZoneSchema.optional(),
});
export const QuizIdSchema = z.uuid();
export const QuizParamsSchema = z.object({ quizId: QuizIdSchema });

export const QuizSchema = z
  .object({
    id: QuizIdSchema,
    course: CourseKeySchema,
    total: z.number().int(),
    answered: z.number().int(),
    score: z.number().int(),
    finished: z.boolean(),
  })
  .meta({ id: 'Quiz' });
export type Quiz = z.infer<typeof QuizSchema>;

/** A question as the learner sees it: never with its answer. */
export const QuestionSchema = z
  .object({
    quizId: QuizIdSchema,
    /** 0-based position in the quiz. */
    position: z.number().int().min(0),
    total: z.number().int(),
    score: z.number().int(),
    itemId: z.string(),
    kind: z.enum(['choice', 'free_text']),
    prompt: z.string(),
    choices: z.array(z.string()).optional(),
    passage: z.object({ title: z.string(), text: z.string() }).optional(),
    skill: z.object({ id: z.string(), name: z.string() }),
  })
  .meta({ id: 'Question' });
export type Question = z.infer<typeof QuestionSchema>;

export const SubmitAnswerBodySchema = z.object({
  itemId: z.string().min(1).max(200),
  /** Free text for mathematics; the chosen index (as digits) for multiple choice. */
  answer: z.string().trim().min(1, 'An answer is required').max(500),
});
export type SubmitAnswerBody = z.infer<typeof SubmitAnswerBodySchema>;

export const SkillChangeSchema = z.object({
  skill: z.object({ id: z.string(), name: z.string() }),
  /** Mastery 0–100 before (null: the skill had never been practised) and after. */
  before: z.number().nullable(),
  after: z.number(),
  band: MasteryBandSchema,
});
export type SkillChange = z.infer<typeof SkillChangeSchema>;

export const AnswerResultSchema = z
  .object({
    correct: z.boolean(),
    /** The correct answer's text (for multiple choice, the text of the correct choice). */
    correctAnswer: z.string(),
    /** For multiple choice, the index of the correct choice. */
    correctIndex: z.number().int().optional(),
    explanation: z.string(),
    score: z.number().int(),
    answered: z.number().int(),
    finished: z.boolean(),
    mastery: SkillChangeSchema,
  })
  .meta({ id: 'AnswerResult' });
export type AnswerResult = z.infer<typeof AnswerResultSchema>;

export const QuizSummarySchema = z
  .object({
    quiz: QuizSchema,
    skills: z.array(SkillChangeSchema),
    xpEarned: z.number().int(),
    /** Badges this quiz earned (announced on the final screen). */
    badgesEarned: z.array(z.object({ id: z.string(), name: z.string() })),
  })
  .meta({ id: 'QuizSummary' });
export type QuizSummary = z.infer<typeof QuizSummarySchema>;
