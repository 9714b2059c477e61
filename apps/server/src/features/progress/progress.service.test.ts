import { describe, expect, it } from 'vitest';
import { streakDays } from './progress.service.ts';

describe('streakDays', () => {
  const today = new Date('2026-11-23T10:00:00Z');

  it('counts consecutive days ending today', () => {
    expect(streakDays(['2026-11-21', '2026-11-22', '2026-11-23'], today)).toBe(3);
  });

  it('keeps a streak alive until the end of the day after the last activity', () => {
    expect(streakDays(['2026-11-21', '2026-11-22'], today)).toBe(2);
  });

  it('breaks on a missed day and is zero with no recent activity', () => {
    expect(streakDays(['2026-11-19', '2026-11-20', '2026-11-22', '2026-11-23'], today)).toBe(2);
    expect(streakDays(['2026-11-20'], today)).toBe(0);
    expect(streakDays([], today)).toBe(0);
  });
});
