import { describe, expect, it } from 'vitest';
import { isReviewDue, scheduleReview } from './review.ts';

const DAY_MS = 86_400_000;

describe('scheduleReview', () => {
  it('gives no card to an unmastered skill', () => {
    expect(scheduleReview(null, false, true, 0)).toBeNull();
  });

  it('schedules a mastered skill days ahead and round-trips through JSON', () => {
    const card = scheduleReview(null, true, true, 0)!;
    expect(card.dueMs).toBeGreaterThanOrEqual(DAY_MS);
    expect(JSON.parse(JSON.stringify(card))).toEqual(card);
    expect(isReviewDue(card, 0)).toBe(false);
    expect(isReviewDue(card, card.dueMs)).toBe(true);
  });

  it('lengthens the interval after a correct review and shortens it after a lapse', () => {
    const card = scheduleReview(null, true, true, 0)!;
    const good = scheduleReview(card, true, true, card.dueMs)!;
    const again = scheduleReview(card, true, false, card.dueMs)!;
    expect(good.dueMs - card.dueMs).toBeGreaterThan(again.dueMs - card.dueMs);
  });
});
