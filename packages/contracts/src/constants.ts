// Constants and helpers the web app's pages use at run time. This module imports nothing (no zod), so a page that
// needs only these does not load the schemas (docs/decisions/003-web-first-load.md).

/** The spec's course keys (SPEC §9). */
export const COURSE_KEYS = ['mathematics', 'science', 'english', 'social_science'] as const;

/** SPEC §2: the snake_case key with underscores turned to spaces and each word capitalised. */
export function courseDisplayName(key: string): string {
  return key
    .split('_')
    .map((word) => (word ? word[0]!.toUpperCase() + word.slice(1) : word))
    .join(' ');
}

export const QUESTIONS_PER_QUIZ = 5;
export const XP_PER_CORRECT_ANSWER = 10;

/** The progress page's periods. */
export const PERIODS = ['7d', '30d', 'all'] as const;
/** SPEC §9: the three period selectors. */
export const PERIOD_LABELS: Record<(typeof PERIODS)[number], string> = {
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
  all: 'All time',
};
