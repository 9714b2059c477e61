import { COURSE_KEYS, type CourseKey } from './schema.ts';

/** How a course's items come about: written by people or generated from a seed. */
export type CourseSource = 'authored' | 'generated';

/** One entry of the course catalogue, as the server seeds it into the `course` table. */
export interface Course {
  key: CourseKey;
  /** Display name derived from the key by {@link courseTitle}. */
  title: string;
  /** One-sentence description of the subject for learners and parents. */
  subject: string;
  /** Position in course lists, starting at 1. */
  sortOrder: number;
  source: CourseSource;
}

/** Turns a snake_case course key into its display name, e.g. `social_science` → `Social Science`. */
export function courseTitle(key: string): string {
  return key
    .split('_')
    .filter((word) => word.length > 0)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

const SUBJECTS: Record<CourseKey, { subject: string; source: CourseSource }> = {
  mathematics: {
    subject: 'Numbers, calculation, fractions, measurement, algebra and data, with fresh questions at every level.',
    source: 'generated',
  },
  science: {
    subject: 'Living things, materials, forces, energy, the Earth and space.',
    source: 'authored',
  },
  english: {
    subject: 'Reading comprehension, tense, grammar, vocabulary and punctuation.',
    source: 'authored',
  },
  social_science: {
    subject: 'History, geography, civics, economics and culture of India and the world.',
    source: 'authored',
  },
};

/** The four quiz courses in display order. */
export const COURSES: readonly Course[] = COURSE_KEYS.map((key, index) => ({
  key,
  title: courseTitle(key),
  subject: SUBJECTS[key].subject,
  sortOrder: index + 1,
  source: SUBJECTS[key].source,
}));
