import { describe, expect, it } from 'vitest';
import { evaluateBadges, tallyQuizzes, type BadgeFacts } from './badges.rules.ts';
import { dayKey, longestRun, streakDays } from './days.ts';

const none: BadgeFacts = { quizzes: tallyQuizzes([]), answers: {}, mastery: {}, correctReadingAnswers: 0 };
const quiz = (score: number, day = '2026-11-01') => ({ score, length: 5, day });
const status = (facts: BadgeFacts, id: string) => evaluateBadges(facts).find((b) => b.id === id)!;

describe('badge rules', () => {
  it('gives nothing to a new learner', () => {
    expect(evaluateBadges(none).filter((b) => b.earned)).toEqual([]);
  });

  it('Bronze: 3 finished quizzes, whatever the scores', () => {
    expect(status({ ...none, quizzes: tallyQuizzes([quiz(0), quiz(1)]) }, 'bronze')).toMatchObject({
      earned: false,
      current: 2,
      target: 3,
      label: '2 of 3 quizzes finished',
    });
    expect(status({ ...none, quizzes: tallyQuizzes([quiz(0), quiz(1), quiz(0)]) }, 'bronze').earned).toBe(
      true,
    );
  });

  it('Silver: 10 quizzes with at least 3/5', () => {
    const nine = Array.from({ length: 9 }, () => quiz(3));
    expect(status({ ...none, quizzes: tallyQuizzes([...nine, quiz(2)]) }, 'silver')).toMatchObject({
      earned: false,
      current: 9,
    });
    expect(status({ ...none, quizzes: tallyQuizzes([...nine, quiz(5)]) }, 'silver').earned).toBe(true);
  });

  it('Gold: 25 quizzes with 5/5 in at least 10', () => {
    const perfect = Array.from({ length: 10 }, () => quiz(5));
    expect(
      status(
        { ...none, quizzes: tallyQuizzes([...perfect, ...Array.from({ length: 14 }, () => quiz(1))]) },
        'gold',
      ).earned,
    ).toBe(false);
    expect(
      status(
        { ...none, quizzes: tallyQuizzes([...perfect, ...Array.from({ length: 15 }, () => quiz(1))]) },
        'gold',
      ).earned,
    ).toBe(true);
    expect(
      status({ ...none, quizzes: tallyQuizzes(Array.from({ length: 30 }, () => quiz(4))) }, 'gold').earned,
    ).toBe(false);
  });

  it('Whizz badges: 80% in every practised skill of the course, with at least 20 answers', () => {
    const strong = { ...none, answers: { mathematics: 20 }, mastery: { mathematics: [0.85, 0.9, 0.8] } };
    expect(status(strong, 'math-whizz').earned).toBe(true);
    expect(status({ ...strong, answers: { mathematics: 19 } }, 'math-whizz')).toMatchObject({
      earned: false,
      current: 19,
      target: 20,
    });
    expect(status({ ...strong, mastery: { mathematics: [0.85, 0.79] } }, 'math-whizz')).toMatchObject({
      earned: false,
      current: 1,
      target: 2,
    });
    expect(status(strong, 'science-whizz').earned).toBe(false);
    expect(
      status({ ...none, answers: { english: 25 }, mastery: { english: [0.9] } }, 'english-star').earned,
    ).toBe(true);
  });

  it('Literature Lover: 10 correct reading answers', () => {
    expect(status({ ...none, correctReadingAnswers: 9 }, 'literature-lover').earned).toBe(false);
    expect(status({ ...none, correctReadingAnswers: 10 }, 'literature-lover').earned).toBe(true);
  });

  it('Daily Learner: a quiz on 7 consecutive days', () => {
    const days = ['2026-10-28', '2026-10-29', '2026-10-30', '2026-10-31', '2026-11-01', '2026-11-02'];
    expect(
      status({ ...none, quizzes: tallyQuizzes(days.map((d) => quiz(1, d))) }, 'daily-learner'),
    ).toMatchObject({
      earned: false,
      current: 6,
    });
    expect(
      status(
        { ...none, quizzes: tallyQuizzes([...days, '2026-11-03'].map((d) => quiz(1, d))) },
        'daily-learner',
      ).earned,
    ).toBe(true);
    expect(
      status(
        { ...none, quizzes: tallyQuizzes([...days, '2026-11-04'].map((d) => quiz(1, d))) },
        'daily-learner',
      ).earned,
    ).toBe(false);
  });

  it('Champion: all four courses at the whizz level', () => {
    const all = {
      ...none,
      answers: { mathematics: 20, science: 20, english: 20, social_science: 20 },
      mastery: { mathematics: [0.9], science: [0.9], english: [0.9], social_science: [0.9] },
    };
    expect(status(all, 'champion').earned).toBe(true);
    expect(status({ ...all, answers: { ...all.answers, social_science: 5 } }, 'champion')).toMatchObject({
      earned: false,
      current: 3,
    });
  });
});

describe('days', () => {
  it('counts a day in the learner’s time zone, not the server’s', () => {
    const lateEvening = new Date('2026-11-22T20:00:00Z');
    expect(dayKey(lateEvening, 'UTC')).toBe('2026-11-22');
    expect(dayKey(lateEvening, 'Asia/Kolkata')).toBe('2026-11-23');
    expect(dayKey(lateEvening, 'America/Los_Angeles')).toBe('2026-11-22');
  });

  it('keeps a streak until the end of the day after the last activity, and breaks on a gap', () => {
    expect(streakDays(['2026-11-21', '2026-11-22', '2026-11-23'], '2026-11-23')).toBe(3);
    expect(streakDays(['2026-11-21', '2026-11-22'], '2026-11-23')).toBe(2);
    expect(streakDays(['2026-11-20'], '2026-11-23')).toBe(0);
    expect(streakDays(['2026-02-28', '2026-03-01'], '2026-03-01')).toBe(2);
  });

  it('finds the longest run of days', () => {
    expect(longestRun(['2026-01-01', '2026-01-02', '2026-01-04', '2026-01-05', '2026-01-06'])).toBe(3);
    expect(longestRun([])).toBe(0);
  });
});
