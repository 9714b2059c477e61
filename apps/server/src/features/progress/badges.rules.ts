import type { BadgeId, CourseKey } from '@vidya/contracts';
import { longestRun } from './days.ts';

/** A quiz score at or above this counts toward Silver. */
export const GOOD_QUIZ_SCORE = 3;

/** A learner's finished quizzes, as the badge rules count them. */
export interface QuizTally {
  finished: number;
  /** Finished with a score of at least GOOD_QUIZ_SCORE. */
  good: number;
  /** Finished with every answer right. */
  perfect: number;
  /** The days (YYYY-MM-DD in the learner's time zone) with a finished quiz, each once. */
  days: string[];
}

/** The tally of a list of finished quizzes. */
export function tallyQuizzes(quizzes: readonly { score: number; length: number; day: string }[]): QuizTally {
  return {
    finished: quizzes.length,
    good: quizzes.filter((q) => q.score >= GOOD_QUIZ_SCORE).length,
    perfect: quizzes.filter((q) => q.score === q.length).length,
    days: [...new Set(quizzes.map((q) => q.day))],
  };
}

/** What the badge rules need to know about a learner, gathered from attempts, quizzes and skill states. */
export interface BadgeFacts {
  quizzes: QuizTally;
  /** Answers per course. */
  answers: Partial<Record<CourseKey, number>>;
  /** Current mastery (0–1) of each practised skill, per course. */
  mastery: Partial<Record<CourseKey, number[]>>;
  correctReadingAnswers: number;
}

export interface BadgeDefinition {
  id: BadgeId;
  name: string;
  description: string;
  rule: string;
}

export const WHIZZ_MASTERY = 0.8;
/** English reading skills' ids start with this (Literature Lover counts their correct answers). */
export const READING_SKILL_PREFIX = 'reading-';
export const WHIZZ_MIN_ANSWERS = 20;

/** SPEC §3's nine badges, with the rules that earn them (shown to learners as written). */
export const BADGES: readonly BadgeDefinition[] = [
  {
    id: 'bronze',
    name: 'Bronze',
    description: 'You have started your learning journey.',
    rule: 'Finish 3 quizzes.',
  },
  {
    id: 'silver',
    name: 'Silver',
    description: 'You keep going and keep scoring.',
    rule: 'Finish 10 quizzes with a score of at least 3/5.',
  },
  {
    id: 'gold',
    name: 'Gold',
    description: 'A true quiz master.',
    rule: 'Finish 25 quizzes, at least 10 of them with a perfect 5/5.',
  },
  {
    id: 'english-star',
    name: 'English Star',
    description: 'Your English skills shine.',
    rule: 'Reach 80% mastery in every English skill you practise, with at least 20 English answers.',
  },
  {
    id: 'math-whizz',
    name: 'Math Whizz',
    description: 'Numbers are your friends.',
    rule: 'Reach 80% mastery in every Mathematics skill you practise, with at least 20 Mathematics answers.',
  },
  {
    id: 'science-whizz',
    name: 'Science Whizz',
    description: 'You understand how the world works.',
    rule: 'Reach 80% mastery in every Science skill you practise, with at least 20 Science answers.',
  },
  {
    id: 'literature-lover',
    name: 'Literature Lover',
    description: 'You read closely and think deeply.',
    rule: 'Answer 10 English reading questions correctly.',
  },
  {
    id: 'daily-learner',
    name: 'Daily Learner',
    description: 'Learning is your daily habit.',
    rule: 'Finish a quiz on 7 days in a row.',
  },
  {
    id: 'champion',
    name: 'Champion',
    description: 'Champion of every subject.',
    rule: 'Reach 80% mastery in every practised skill of all four courses (with at least 20 answers in each).',
  },
];

export interface BadgeStatus {
  id: BadgeId;
  earned: boolean;
  current: number;
  target: number;
  /** The progress in words a learner reads. */
  label: string;
}

const WHIZZ_COURSE: Partial<Record<BadgeId, CourseKey>> = {
  'english-star': 'english',
  'math-whizz': 'mathematics',
  'science-whizz': 'science',
};
const ALL_COURSES: CourseKey[] = ['mathematics', 'science', 'english', 'social_science'];

/** Whether a course meets the whizz rule, and how far along it is (answers, capped, until mastery decides). */
function courseStatus(
  facts: BadgeFacts,
  course: CourseKey,
): { earned: boolean; current: number; target: number; label: string } {
  const answers = facts.answers[course] ?? 0;
  const mastery = facts.mastery[course] ?? [];
  const mastered = mastery.filter((m) => m >= WHIZZ_MASTERY).length;
  const earned = answers >= WHIZZ_MIN_ANSWERS && mastery.length > 0 && mastered === mastery.length;
  // Progress: answers toward 20, then the share of practised skills mastered.
  if (answers < WHIZZ_MIN_ANSWERS)
    return {
      earned,
      current: answers,
      target: WHIZZ_MIN_ANSWERS,
      label: `${answers} of ${WHIZZ_MIN_ANSWERS} answers`,
    };
  const target = Math.max(1, mastery.length);
  return { earned, current: mastered, target, label: `${mastered} of ${mastery.length} skills at 80%` };
}

/** Every badge's status for these facts (pure: the same facts always give the same statuses). */
export function evaluateBadges(facts: BadgeFacts): BadgeStatus[] {
  const { finished, good: goodQuizzes, perfect } = facts.quizzes;
  const run = longestRun(facts.quizzes.days);
  return BADGES.map(({ id }) => {
    switch (id) {
      case 'bronze':
        return {
          id,
          earned: finished >= 3,
          current: Math.min(finished, 3),
          target: 3,
          label: `${Math.min(finished, 3)} of 3 quizzes finished`,
        };
      case 'silver':
        return {
          id,
          earned: goodQuizzes >= 10,
          current: Math.min(goodQuizzes, 10),
          target: 10,
          label: `${Math.min(goodQuizzes, 10)} of 10 quizzes with 3/5 or more`,
        };
      case 'gold':
        return {
          id,
          earned: finished >= 25 && perfect >= 10,
          current: Math.min(finished, 25) + Math.min(perfect, 10),
          target: 35,
          label: `${Math.min(finished, 25)} of 25 quizzes, ${Math.min(perfect, 10)} of 10 perfect`,
        };
      case 'literature-lover':
        return {
          id,
          earned: facts.correctReadingAnswers >= 10,
          current: Math.min(facts.correctReadingAnswers, 10),
          target: 10,
          label: `${Math.min(facts.correctReadingAnswers, 10)} of 10 reading answers right`,
        };
      case 'daily-learner':
        return {
          id,
          earned: run >= 7,
          current: Math.min(run, 7),
          target: 7,
          label: `${Math.min(run, 7)} of 7 days in a row`,
        };
      case 'champion': {
        const done = ALL_COURSES.filter((c) => courseStatus(facts, c).earned).length;
        return {
          id,
          earned: done === ALL_COURSES.length,
          current: done,
          target: ALL_COURSES.length,
          label: `${done} of ${ALL_COURSES.length} courses at the whizz level`,
        };
      }
      default: {
        const status = courseStatus(facts, WHIZZ_COURSE[id]!);
        return { id, ...status, current: Math.min(status.current, status.target) };
      }
    }
  });
}
