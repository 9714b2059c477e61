import { createEmptyCard, fsrs, Rating } from 'ts-fsrs';
import type { Card } from 'ts-fsrs';

/** A skill's FSRS review card in JSON-safe form (dates as epoch milliseconds). */
export interface ReviewCard {
  readonly dueMs: number;
  readonly stability: number;
  readonly difficulty: number;
  readonly scheduledDays: number;
  readonly learningSteps: number;
  readonly reps: number;
  readonly lapses: number;
  readonly state: number;
  readonly lastReviewMs: number;
}

/**
 * Share of reviews FSRS aims to have remembered. 0.95 rather than FSRS's usual 0.9: a skill shown as `mastered` is
 * checked before it has likely been forgotten (bench:selection; the figure is in docs/engine.md, "Review").
 */
export const REVIEW_RETENTION = 0.95;
/** Longest gap between reviews. */
export const MAX_REVIEW_INTERVAL_DAYS = 180;

// No intra-day learning steps: a skill reaches review only once mastered, so intervals start at days.
const scheduler = fsrs({
  request_retention: REVIEW_RETENTION,
  maximum_interval: MAX_REVIEW_INTERVAL_DAYS,
  enable_fuzz: false,
  learning_steps: [],
  relearning_steps: [],
});

function toCard(review: ReviewCard): Card {
  return {
    due: new Date(review.dueMs),
    stability: review.stability,
    difficulty: review.difficulty,
    elapsed_days: 0,
    scheduled_days: review.scheduledDays,
    learning_steps: review.learningSteps,
    reps: review.reps,
    lapses: review.lapses,
    state: review.state,
    last_review: new Date(review.lastReviewMs),
  };
}

function fromCard(card: Card, nowMs: number): ReviewCard {
  return {
    dueMs: card.due.getTime(),
    stability: card.stability,
    difficulty: card.difficulty,
    scheduledDays: card.scheduled_days,
    learningSteps: card.learning_steps,
    reps: card.reps,
    lapses: card.lapses,
    state: card.state,
    lastReviewMs: card.last_review?.getTime() ?? nowMs,
  };
}

/**
 * The review card after an answer on a skill: a mastered skill without a card gets one (as if answered "good");
 * an existing card is graded "good" on a correct answer and "again" on a wrong one; unmastered skills get none.
 */
export function scheduleReview(
  review: ReviewCard | null,
  isMastered: boolean,
  correct: boolean,
  nowMs: number,
): ReviewCard | null {
  if (review === null) {
    if (!isMastered) return null;
    const card = createEmptyCard(new Date(nowMs));
    return fromCard(scheduler.next(card, new Date(nowMs), Rating.Good).card, nowMs);
  }
  const grade = correct ? Rating.Good : Rating.Again;
  return fromCard(scheduler.next(toCard(review), new Date(nowMs), grade).card, nowMs);
}

/** Whether a skill's review is due at `nowMs`. */
export function isReviewDue(review: ReviewCard | null, nowMs: number): boolean {
  return review !== null && review.dueMs <= nowMs;
}
