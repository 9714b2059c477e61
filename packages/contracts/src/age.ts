import { z } from 'zod';
import { AGE_MESSAGES, EARLIEST_BIRTH_YEAR, isAdultAt } from './consent-notice.ts';

// The learner's month and year of birth (never the day: DPDP Act s.8(7) data minimisation) and, under 18, a
// parent's e-mail address. Shared by the sign-up form, the sign-up route and the "tell us your age" form.

export const BirthYearSchema = z
  .number({ error: AGE_MESSAGES.birthYear })
  .int(AGE_MESSAGES.birthYear)
  .min(EARLIEST_BIRTH_YEAR, AGE_MESSAGES.futureYear)
  .max(2200, AGE_MESSAGES.futureYear)
  .describe('Year of birth');
export const BirthMonthSchema = z
  .number({ error: AGE_MESSAGES.birthMonth })
  .int(AGE_MESSAGES.birthMonth)
  .min(1, AGE_MESSAGES.birthMonth)
  .max(12, AGE_MESSAGES.birthMonth)
  .describe('Month of birth, 1–12');
/** A parent's address; the empty string (an adult's form) counts as none. */
export const ParentEmailSchema = z
  .string()
  .trim()
  .max(254, 'At most 254 characters')
  .pipe(z.union([z.literal(''), z.email(AGE_MESSAGES.invalidEmail)]))
  .describe("A parent's e-mail address (learners under 18)");

/** Sign-up fields a learner adds; optional in the shared sign-up body, required for learners by the server. */
export const AGE_FIELDS = {
  birthYear: BirthYearSchema.optional(),
  birthMonth: BirthMonthSchema.optional(),
  parentEmail: ParentEmailSchema.optional(),
};

interface AgeInput {
  birthYear?: number | undefined;
  birthMonth?: number | undefined;
  parentEmail?: string | undefined;
  email?: string | undefined;
}

/**
 * The rules a learner's age fields follow: both birth fields present and not in the future; under 18, a parent's
 * e-mail that is not the learner's own. `now` decides who is 18.
 */
export function checkLearnerAge(value: AgeInput, context: z.RefinementCtx, now = new Date()): void {
  if (value.birthYear === undefined)
    context.addIssue({ code: 'custom', path: ['birthYear'], message: AGE_MESSAGES.birthYear });
  if (value.birthMonth === undefined)
    context.addIssue({ code: 'custom', path: ['birthMonth'], message: AGE_MESSAGES.birthMonth });
  if (value.birthYear === undefined || value.birthMonth === undefined) return;
  const monthsFromNow =
    (value.birthYear - now.getUTCFullYear()) * 12 + (value.birthMonth - (now.getUTCMonth() + 1));
  if (monthsFromNow > 0) {
    context.addIssue({ code: 'custom', path: ['birthYear'], message: AGE_MESSAGES.futureYear });
    return;
  }
  if (isAdultAt(value.birthYear, value.birthMonth, now)) return;
  const parent = value.parentEmail?.trim().toLowerCase() ?? '';
  if (!parent) context.addIssue({ code: 'custom', path: ['parentEmail'], message: AGE_MESSAGES.parentEmail });
  else if (value.email && parent === value.email.trim().toLowerCase())
    context.addIssue({ code: 'custom', path: ['parentEmail'], message: AGE_MESSAGES.sameEmail });
}
