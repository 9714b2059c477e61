import { z } from 'zod';

/** The four quiz courses, with the spec's snake_case keys. */
export const COURSE_KEYS = ['mathematics', 'science', 'english', 'social_science'] as const;
export const CourseKeySchema = z.enum(COURSE_KEYS);
export type CourseKey = z.infer<typeof CourseKeySchema>;

/** Lower-case kebab-case id, used for skills and passages. */
const SlugSchema = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be kebab-case');

/** One skill of a course's taxonomy (courses/<course>/skills.json holds an array of these). */
export const SkillSchema = z.object({
  id: SlugSchema.max(60),
  name: z.string().min(3).max(80),
  description: z.string().min(10).max(300),
  /** Lowest and highest school grade the skill is aimed at, 1–12. */
  grades: z.tuple([z.number().int().min(1).max(12), z.number().int().min(1).max(12)]),
  /** Skill ids of the same course that should be learnt first. */
  prerequisites: z.array(SlugSchema).default([]),
});
export type Skill = z.infer<typeof SkillSchema>;
export const SkillFileSchema = z.array(SkillSchema).min(1);

/** Authored difficulty: 1 easy, 2 medium, 3 hard. */
export const ChoiceDifficultySchema = z.union([z.literal(1), z.literal(2), z.literal(3)]);

/** A multiple-choice question (science, english, social_science). */
export const ChoiceItemSchema = z.object({
  /** `<course>:<skill>:<nn>` for skill files, `<course>:<passage>:<nn>` for passage files. */
  id: z.string().regex(/^[a-z_]+:[a-z0-9-]+:\d{2,3}$/),
  skill: SlugSchema,
  difficulty: ChoiceDifficultySchema,
  prompt: z.string().min(5).max(400),
  choices: z.array(z.string().min(1).max(160)).min(3).max(5),
  /** Index into `choices` of the one correct choice. */
  answer: z.number().int().min(0),
  /** Why the answer is right (shown after answering, used by the offline tutor). */
  explanation: z.string().min(15).max(600),
});
export type ChoiceItem = z.infer<typeof ChoiceItemSchema>;

/** courses/<course>/items/<skill-id>.json: every question of one skill. */
export const SkillItemsFileSchema = z.object({
  skill: SlugSchema,
  items: z.array(ChoiceItemSchema).min(1),
});
export type SkillItemsFile = z.infer<typeof SkillItemsFileSchema>;

/** courses/english/passages/<passage-id>.json: one reading passage with its questions. */
export const PassageFileSchema = z.object({
  id: SlugSchema.max(60),
  title: z.string().min(3).max(100),
  kind: z.enum(['story', 'non-fiction', 'poem', 'letter']),
  /** 80–250 words; paragraphs separated by a blank line. */
  text: z.string().min(300).max(2000),
  items: z.array(ChoiceItemSchema).min(3).max(5),
});
export type PassageFile = z.infer<typeof PassageFileSchema>;
