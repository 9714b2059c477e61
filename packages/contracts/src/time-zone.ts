import { z } from 'zod';

/** An IANA time zone such as `Asia/Kolkata`; days and streaks are counted in it. */
export const TimeZoneSchema = z
  .string()
  .min(1)
  .max(64)
  .refine((tz) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: tz });
      return true;
    } catch {
      return false;
    }
  }, 'Unknown time zone');
