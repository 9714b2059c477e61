import { paths } from '@vidya/contracts';
import type { CourseKey } from '@vidya/contracts';

// Route paths live in contracts so the server's page guard and this router agree (STYLE.md §2).
export { paths, LOGIN_PATH, SIGNUP_PATH, ROLE_HOME, ACCOUNT_PATH } from '@vidya/contracts';

/** Each course's quiz page (SPEC §2 route table). */
export const QUIZ_PATH: Record<CourseKey, string> = {
  mathematics: paths.mathematics,
  science: paths.science,
  english: paths.english,
  social_science: paths.socialScience,
};
