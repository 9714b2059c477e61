import { Temporal } from 'temporal-polyfill';

const DAY_MS = 24 * 60 * 60 * 1000;

// Making a DateTimeFormat is costly (docs/performance.md, "Figures kept out of the code"); one per time zone is kept.
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar day (YYYY-MM-DD) of a moment in a time zone. */
export function dayKey(date: Date, timeZone: string): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    // en-CA formats as YYYY-MM-DD.
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    if (dayFormats.size < 1000) dayFormats.set(timeZone, format);
  }
  return format.format(date);
}

/**
 * The first moment of a calendar day (YYYY-MM-DD) in a time zone. Usually local midnight; where the clocks skip
 * midnight (Santiago, Havana, Beirut in spring) the day starts at the first local time that exists, and where they
 * repeat it, at the earlier of the two. Temporal's `toZonedDateTime` has exactly these rules (issue 29).
 */
export function startOfDay(key: string, timeZone: string): Date {
  return new Date(Temporal.PlainDate.from(key).toZonedDateTime(timeZone).epochMilliseconds);
}

/** The day `n` days before a YYYY-MM-DD key. */
export function daysBefore(key: string, n: number): string {
  return new Date(Date.parse(`${key}T00:00:00Z`) - n * DAY_MS).toISOString().slice(0, 10);
}

/** The day before a YYYY-MM-DD key. */
export function previousDay(key: string): string {
  return new Date(Date.parse(`${key}T00:00:00Z`) - DAY_MS).toISOString().slice(0, 10);
}

/** Days in a row with activity, ending today or yesterday (a streak lives until the end of the next day). */
export function streakDays(activeDays: Iterable<string>, today: string): number {
  const days = new Set(activeDays);
  let cursor = days.has(today) ? today : previousDay(today);
  let streak = 0;
  while (days.has(cursor)) {
    streak += 1;
    cursor = previousDay(cursor);
  }
  return streak;
}

/** The longest run of consecutive days in a set of day keys. */
export function longestRun(activeDays: Iterable<string>): number {
  const days = new Set(activeDays);
  let best = 0;
  for (const day of days) {
    if (days.has(previousDay(day))) continue;
    let length = 0;
    let cursor = day;
    while (days.has(cursor)) {
      length += 1;
      cursor = new Date(Date.parse(`${cursor}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
    }
    best = Math.max(best, length);
  }
  return best;
}
