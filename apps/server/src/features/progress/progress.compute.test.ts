import type { MasteryBand } from '@vidya/contracts';
import { describe, expect, it } from 'vitest';
import { computeProgress, levelOf, periodStart, type AttemptFact } from './progress.compute.ts';

const NOW = new Date('2026-11-23T12:00:00Z');

function attemptAt(iso: string, facts: Partial<AttemptFact> = {}): AttemptFact {
  return {
    course: 'mathematics',
    skillId: 'fractions',
    correct: true,
    masteryBefore: 0.4,
    masteryAfter: 0.5,
    firstOfSkill: false,
    responseMs: 30_000,
    createdAt: new Date(iso),
    ...facts,
  };
}

function progress(attempts: AttemptFact[], period: '7d' | '30d' | 'all' = '7d', timeZone = 'UTC') {
  return computeProgress({
    period,
    timeZone,
    now: NOW,
    attempts,
    bands: new Map<string, MasteryBand>([
      ['mathematics:fractions', 'getting there'],
      ['science:plants', 'mastered'],
    ]),
    skillNames: new Map([
      ['mathematics:fractions', 'Fractions'],
      ['science:plants', 'Plants'],
    ]),
    courseTitles: new Map([
      ['mathematics', 'Mathematics'],
      ['science', 'Science'],
    ]),
    quizzesInPeriod: 2,
  });
}

describe('periodStart', () => {
  it('starts "Last 7 days" at the learner’s midnight six days before today', () => {
    expect(periodStart('7d', NOW, 'UTC')!.toISOString()).toBe('2026-11-17T00:00:00.000Z');
    expect(periodStart('7d', NOW, 'Asia/Kolkata')!.toISOString()).toBe('2026-11-16T18:30:00.000Z');
    expect(periodStart('30d', NOW, 'UTC')!.toISOString()).toBe('2026-10-25T00:00:00.000Z');
    expect(periodStart('all', NOW, 'UTC')).toBeNull();
  });
});

describe('levelOf', () => {
  it('names each mastery band', () => {
    expect(levelOf('not started')).toBe('Beginner');
    expect(levelOf('needs practice')).toBe('Developing');
    expect(levelOf('getting there')).toBe('Proficient');
    expect(levelOf('mastered')).toBe('Mastered');
  });
});

describe('computeProgress', () => {
  it('has no rows, days or totals without attempts', () => {
    expect(progress([])).toEqual({
      rows: [],
      daily: [],
      masteryOverTime: [],
      totals: { correct: 0, total: 0, minutes: 0, quizzes: 2 },
    });
  });

  it('makes one row per course and skill with level, correct/total, minutes and signed change', () => {
    const result = progress([
      attemptAt('2026-11-22T10:00:00Z', { masteryBefore: 0.4, masteryAfter: 0.5 }),
      attemptAt('2026-11-22T10:01:00Z', {
        correct: false,
        masteryBefore: 0.5,
        masteryAfter: 0.45,
        responseMs: 90_000,
      }),
      attemptAt('2026-11-23T09:00:00Z', { masteryBefore: 0.45, masteryAfter: 0.62 }),
      attemptAt('2026-11-23T09:02:00Z', {
        course: 'science',
        skillId: 'plants',
        firstOfSkill: true,
        masteryBefore: 0.3,
        masteryAfter: 0.55,
      }),
    ]);
    expect(result.rows).toEqual([
      {
        course: 'mathematics',
        courseTitle: 'Mathematics',
        skillId: 'fractions',
        skillName: 'Fractions',
        level: 'Proficient',
        band: 'getting there',
        change: 22,
        correct: 2,
        total: 3,
        minutes: 2.5,
      },
      {
        course: 'science',
        courseTitle: 'Science',
        skillId: 'plants',
        skillName: 'Plants',
        level: 'Mastered',
        band: 'mastered',
        // A skill's first answer changes mastery from nothing.
        change: 55,
        correct: 1,
        total: 1,
        minutes: 0.5,
      },
    ]);
    expect(result.daily).toEqual([
      { day: '2026-11-22', correct: 1, total: 2 },
      { day: '2026-11-23', correct: 2, total: 2 },
    ]);
    expect(result.totals).toEqual({ correct: 3, total: 4, minutes: 3, quizzes: 2 });
    expect(result.masteryOverTime).toEqual([
      { day: '2026-11-22', course: 'mathematics', mastery: 45 },
      { day: '2026-11-23', course: 'mathematics', mastery: 62 },
      { day: '2026-11-23', course: 'science', mastery: 55 },
    ]);
  });

  it('measures change from the mastery the period started with, and leaves older attempts out', () => {
    const attempts = [
      attemptAt('2026-11-01T10:00:00Z', {
        firstOfSkill: true,
        masteryBefore: 0.3,
        masteryAfter: 0.35,
        correct: false,
      }),
      attemptAt('2026-11-20T10:00:00Z', { masteryBefore: 0.35, masteryAfter: 0.3, correct: false }),
    ];
    const week = progress(attempts, '7d');
    expect(week.rows).toHaveLength(1);
    expect(week.rows[0]).toMatchObject({ change: -5, correct: 0, total: 1 });
    const all = progress(attempts, 'all');
    expect(all.rows[0]).toMatchObject({ change: 30, total: 2 });
  });

  it('puts the period boundary at the learner’s midnight', () => {
    // Now is 23 Nov 04:00 in Los Angeles, so its week starts 17 Nov 00:00 there (08:00 UTC).
    // 17 Nov 05:00 UTC is inside the UTC week but still 16 Nov in Los Angeles.
    const attempts = [attemptAt('2026-11-17T05:00:00Z'), attemptAt('2026-11-17T10:00:00Z')];
    expect(progress(attempts, '7d', 'UTC').totals.total).toBe(2);
    const losAngeles = progress(attempts, '7d', 'America/Los_Angeles');
    expect(losAngeles.totals.total).toBe(1);
    expect(losAngeles.daily).toEqual([{ day: '2026-11-17', correct: 1, total: 1 }]);
    // Days are the learner's: 17 Nov 20:00 UTC is already 18 Nov in India.
    expect(progress([attemptAt('2026-11-17T20:00:00Z')], '7d', 'Asia/Kolkata').daily[0]!.day).toBe(
      '2026-11-18',
    );
  });
});
