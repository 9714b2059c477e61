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
    // The day clocks go forward in New York (8 March 2026) still starts at 05:00 UTC.
    expect(startOfDay('2026-03-08', 'America/New_York').toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(startOfDay('2026-03-09', 'America/New_York').toISOString()).toBe('2026-03-09T04:00:00.000Z');
  });
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
