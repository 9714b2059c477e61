// The notice a parent reads before consenting, and the age rules around it. This module imports nothing (no zod):
// the consent page and the sign-up form use it at run time (docs/decisions/003-web-first-load.md).

/** Under this age (in whole years) a learner is a child: DPDP Act 2023 s.2(f). */
export const ADULT_AGE_YEARS = 18;
/** Days a parent has to consent before the pending account and everything in it is deleted. */
export const CONSENT_WINDOW_DAYS = 7;
/** The day of the window on which the parent gets a reminder. */
export const CONSENT_REMINDER_DAY = 5;
/** Days a withdrawn child's data is kept for the parent to download before it is deleted. */
export const WITHDRAWAL_EXPORT_DAYS = 7;
/** Days a tutor conversation is kept after its last message. */
export const TUTOR_RETENTION_DAYS = 365;

/** Messages of the age fields (sign-up form, age form, server). */
export const AGE_MESSAGES = {
  birthMonth: '*month of birth is required',
  birthYear: '*year of birth is required',
  futureYear: 'Choose the year you were born',
  parentEmail: "*your parent's e-mail is required",
  sameEmail: "Use your parent's e-mail address, not your own",
  invalidEmail: 'Enter a valid e-mail address',
} as const;

export const EARLIEST_BIRTH_YEAR = 1900;

/** The version of the notice below; a consent record names the version the parent read. */
export const CONSENT_NOTICE_VERSION = '2026-11';

export interface NoticeSection {
  heading: string;
  paragraphs: string[];
}

/** The plain-language notice (DPDP Rules 2025, r.3): what, why, how long, rights, how to withdraw. */
export const CONSENT_NOTICE: { version: string; title: string; sections: NoticeSection[] } = {
  version: CONSENT_NOTICE_VERSION,
  title: 'What Vidya keeps about your child, and why',
  sections: [
    {
      heading: 'What we collect',
      paragraphs: [
        "Your child's name, e-mail address, username, and month and year of birth (never the day).",
        'The answers they give in quizzes, the progress and badges this makes, and what they ask the tutor.',
        'When they sign in, with the browser and network address, to keep the account safe.',
      ],
    },
    {
      heading: 'Why we use it',
      paragraphs: [
        'To choose quiz questions that fit what your child knows, to show their progress to them and to you, to answer their questions with the tutor, and to keep the account safe.',
        'We show no advertising, we do not track your child on other websites, we load nothing from other companies, and we never sell or share the data.',
        'If a message to the tutor sounds like your child may be hurt or in danger, we send you and their class teachers a short alert with that one message, so a grown-up can help.',
      ],
    },
    {
      heading: 'How long we keep it',
      paragraphs: [
        'As long as the account is open. Tutor conversations are deleted 365 days after their last message.',
        'If you do not answer within 7 days, the account and everything in it is deleted.',
        'If you withdraw your consent, everything is deleted 7 days later; you can download a copy first.',
      ],
    },
    {
      heading: 'Your rights',
      paragraphs: [
        "You can see who can see your child's learning, download all of your child's data, correct it, and delete the account at any time from your parent dashboard.",
        'Teachers see your child’s progress only after your child accepts them; you can remove any of them.',
        'You can complain to us, and to the Data Protection Board of India.',
      ],
    },
    {
      heading: 'How to withdraw',
      paragraphs: [
        'Open your parent dashboard, find your child, and press “Withdraw consent”. Vidya stops using the data at once.',
      ],
    },
  ],
};

/**
 * Whether someone born in this month is an adult at `now`. The day is unknown, so a learner counts as an adult
 * only from the first day of the month after their 18th birthday month (never too early).
 */
export function isAdultAt(birthYear: number, birthMonth: number, now: Date): boolean {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() + 1;
  const monthsOld = (year - birthYear) * 12 + (month - birthMonth);
  return monthsOld > ADULT_AGE_YEARS * 12;
}

/** Whole days left before `until` (0 when it has passed), counted up: 6.2 days left shows as 7. */
export function daysLeft(until: Date, now: Date): number {
  return Math.max(0, Math.ceil((until.getTime() - now.getTime()) / (24 * 60 * 60 * 1000)));
}
