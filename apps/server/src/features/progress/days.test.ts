import { describe, expect, it } from 'vitest';
import { dayKey, daysBefore, longestRun, previousDay, startOfDay, streakDays } from './days.ts';

describe('dayKey', () => {
  it('gives the calendar day in the learner’s time zone', () => {
    const lateUtc = new Date('2026-11-22T20:00:00Z');
    expect(dayKey(lateUtc, 'UTC')).toBe('2026-11-22');
    expect(dayKey(lateUtc, 'Asia/Kolkata')).toBe('2026-11-23');
    expect(dayKey(new Date('2026-11-23T03:00:00Z'), 'America/New_York')).toBe('2026-11-22');
  });
});

describe('startOfDay', () => {
  it('is local midnight, across offsets and daylight-saving changes', () => {
    expect(startOfDay('2026-11-23', 'UTC').toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(startOfDay('2026-11-23', 'Asia/Kolkata').toISOString()).toBe('2026-11-22T18:30:00.000Z');
    expect(startOfDay('2026-07-01', 'America/New_York').toISOString()).toBe('2026-07-01T04:00:00.000Z');
    expect(startOfDay('2026-11-23', 'America/New_York').toISOString()).toBe('2026-11-23T05:00:00.000Z');
    // The day clocks go forward in New York (8 March 2026, at 02:00) still starts at 05:00 UTC.
    expect(startOfDay('2026-03-08', 'America/New_York').toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(startOfDay('2026-03-09', 'America/New_York').toISOString()).toBe('2026-03-09T04:00:00.000Z');
  });

  it('starts a day whose midnight the clocks skip at the first local time that exists', () => {
    // Santiago goes from 00:00 to 01:00 on 6 September 2026: the day starts at 01:00 −03, not at 23:00 the day before.
    expect(startOfDay('2026-09-06', 'America/Santiago').toISOString()).toBe('2026-09-06T04:00:00.000Z');
    // Havana, 8 March 2026, 00:00 → 01:00 (−04).
    expect(startOfDay('2026-03-08', 'America/Havana').toISOString()).toBe('2026-03-08T05:00:00.000Z');
    // Beirut, 29 March 2026, 00:00 → 01:00 (+03).
    expect(startOfDay('2026-03-29', 'Asia/Beirut').toISOString()).toBe('2026-03-28T22:00:00.000Z');
  });

  it('starts a day whose midnight the clocks repeat at the earlier one', () => {
    // Havana, 1 November 2026: 01:00 −04 goes back to 00:00 −05, so local midnight happens twice.
    expect(startOfDay('2026-11-01', 'America/Havana').toISOString()).toBe('2026-11-01T04:00:00.000Z');
  });

  // Zones whose clocks skip or repeat midnight (or the hour before it), one that changes at 02:00, and India's.
  const ZONES = [
    'America/Santiago',
    'America/Havana',
    'Asia/Beirut',
    'Africa/Cairo',
    'America/New_York',
    'Asia/Kolkata',
  ];

  it.each(ZONES)(
    'gives every day of 2025–2027 in %s its first moment: the day itself, the day before 1 ms earlier',
    (zone) => {
      // Checked against Intl's own calendar days (dayKey), so the test does not lean on the library it checks.
      let transitions = 0;
      let offset: number | null = null;
      for (let day = '2025-01-01'; day <= '2027-12-31'; day = daysBefore(day, -1)) {
        const start = startOfDay(day, zone);
        expect(dayKey(start, zone)).toBe(day);
        expect(dayKey(new Date(start.getTime() - 1), zone)).toBe(previousDay(day));
        const length = startOfDay(daysBefore(day, -1), zone).getTime() - start.getTime();
        if (offset !== null && length !== 24 * 3_600_000) transitions += 1;
        offset = length;
      }
      // Days of 23 or 25 hours: the zones with daylight saving have several in three years; India has none.
      if (zone === 'Asia/Kolkata') expect(transitions).toBe(0);
      else expect(transitions).toBeGreaterThanOrEqual(4);
    },
  );
});

describe('day arithmetic', () => {
  it('steps back over month and year ends', () => {
    expect(previousDay('2026-03-01')).toBe('2026-02-28');
    expect(daysBefore('2026-01-03', 6)).toBe('2025-12-28');
  });
});

describe('streakDays', () => {
  it('counts consecutive days ending today', () => {
    expect(streakDays(['2026-11-21', '2026-11-22', '2026-11-23'], '2026-11-23')).toBe(3);
  });

  it('keeps a streak alive until the end of the day after the last activity', () => {
    expect(streakDays(['2026-11-21', '2026-11-22'], '2026-11-23')).toBe(2);
  });

  it('breaks on a missed day and is zero with no recent activity', () => {
    expect(streakDays(['2026-11-19', '2026-11-20', '2026-11-22', '2026-11-23'], '2026-11-23')).toBe(2);
    expect(streakDays(['2026-11-20'], '2026-11-23')).toBe(0);
    expect(streakDays([], '2026-11-23')).toBe(0);
  });
});

describe('longestRun', () => {
  it('finds the longest run of consecutive days anywhere in the history', () => {
    expect(longestRun(['2026-01-01', '2026-01-02', '2026-01-05', '2026-01-06', '2026-01-07'])).toBe(3);
    expect(longestRun(['2025-12-30', '2025-12-31', '2026-01-01'])).toBe(3);
    expect(longestRun([])).toBe(0);
  });
});
