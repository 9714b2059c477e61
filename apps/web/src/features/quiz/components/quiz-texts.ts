import type { CourseKey } from '@vidya/contracts';

/** SPEC §2: each quiz's intro title, header and final button. */
export const QUIZ_TEXTS: Record<CourseKey, { intro: string; header: string; done: string }> = {
  mathematics: { intro: 'Welcome to Mathematics World', header: 'Mathematics Quiz', done: 'Go Home' },
  science: { intro: 'Welcome to Science', header: 'Science Quiz', done: 'Go to Course Page' },
  english: { intro: 'Welcome to English', header: 'English Quiz', done: 'Go to Course Page' },
  social_science: {
    intro: 'Welcome to Social Science',
    header: 'Social Science Quiz',
    done: 'Go to Course Page',
  },
};
