import { isReviewDue } from '../scheduling/review.ts';
import type { ReviewCard } from '../scheduling/review.ts';
import type { LogisticLearnerState, LogisticSkillState } from '../tracing/logistic-state.ts';
import type { LogisticTracer } from '../tracing/logistic-tracer.ts';
import type { SkillKey, TracedItem } from '../tracing/types.ts';
import { masteryOf } from './mastery.ts';

/** A skill of the course with its prerequisites; entry skills start a new learner's placement. */
export interface CourseSkill {
  readonly key: SkillKey;
  readonly prerequisites: readonly SkillKey[];
  readonly isEntry?: boolean;
}

/** What selection needs to know about the learner and the quiz in progress. */
export interface SelectionState {
  readonly learner: LogisticLearnerState;
  /** Tracing state per course skill (missing = never practised). */
  readonly skills: Readonly<Record<SkillKey, LogisticSkillState>>;
  /** Review card per skill (missing or null = no review scheduled). */
  readonly reviews: Readonly<Record<SkillKey, ReviewCard | null>>;
  /** Item ids already asked in this quiz. */
  readonly quizItemIds: readonly string[];
  /** Whether this quiz already asked a review question. */
  readonly hasReviewInQuiz: boolean;
  /** Item ids asked in the learner's last 3 quizzes of the course. */
  readonly recentItemIds: readonly string[];
}

/** How to choose: the model, the course's skills, the target P(correct) and the clock. */
export interface SelectionPolicy {
  readonly model: LogisticTracer;
  readonly skills: readonly CourseSkill[];
  /** Epoch milliseconds now (injected; the engine never reads the clock). */
  readonly nowMs: number;
  /** Wanted P(correct) of the next item; 0.7 by default. */
  readonly targetSuccess?: number;
  /** Answers a new learner spends on placement over the entry skills; 5 by default. */
  readonly placementAnswers?: number;
}

/** The chosen item, the skill it is asked for, why, and its predicted P(correct). */
export interface Selection {
  readonly item: TracedItem;
  readonly skill: SkillKey;
  readonly reason: 'placement' | 'review' | 'practice';
  readonly predicted: number;
}

/** Default wanted P(correct) of the next item. */
export const DEFAULT_TARGET_SUCCESS = 0.7;
const DEFAULT_PLACEMENT_ANSWERS = 5;

/**
 * The candidate items: a list, or a function giving every item of one skill, which lets a caller build candidates
 * only for the skills selection considers (usually one or two of a course's).
 */
export type Candidates = readonly TracedItem[] | ((skill: SkillKey) => readonly TracedItem[]);

/** Items by each skill they exercise (an item of several skills is in each list). */
export function groupBySkill<Item extends TracedItem>(items: readonly Item[]): Map<SkillKey, Item[]> {
  const bySkill = new Map<SkillKey, Item[]>();
  for (const item of items) {
    for (const skill of item.skills) {
      const list = bySkill.get(skill);
      if (list) list.push(item);
      else bySkill.set(skill, [item]);
    }
  }
  return bySkill;
}

function nearestToTarget(
  pool: readonly TracedItem[],
  recent: ReadonlySet<string>,
  state: SelectionState,
  policy: SelectionPolicy,
  target: number,
): { item: TracedItem; predicted: number } | undefined {
  const fresh = pool.filter((item) => !recent.has(item.id));
  // SPEC: avoid the last 3 quizzes' items only where the bank allows.
  const usable = fresh.length > 0 ? fresh : pool;
  let best: { item: TracedItem; predicted: number } | undefined;
  let bestGap = Number.POSITIVE_INFINITY;
  for (const item of usable) {
    const predicted = policy.model.predict(state, item, policy.nowMs);
    const gap = Math.abs(predicted - target);
    if (gap < bestGap || (gap === bestGap && best !== undefined && item.id < best.item.id)) {
      best = { item, predicted };
      bestGap = gap;
    }
  }
  return best;
}

/**
 * Picks the next quiz item: placement on entry skills for a new learner, one due review per quiz, otherwise an item
 * of a skill the learner is ready for (prerequisites mastered, itself not mastered) whose P(correct) is nearest the
 * target; never an item already in this quiz. Returns undefined when no candidate is left.
 */
export function selectNextItem(
  state: SelectionState,
  candidates: Candidates,
  policy: SelectionPolicy,
): Selection | undefined {
  const target = policy.targetSuccess ?? DEFAULT_TARGET_SUCCESS;
  const inQuiz = new Set(state.quizItemIds);
  const recent = new Set(state.recentItemIds);
  // The open candidates per skill: a list is grouped once; a function is asked for a skill the first time
  // selection looks at it.
  const bySkill =
    typeof candidates === 'function'
      ? new Map<SkillKey, TracedItem[]>()
      : groupBySkill(candidates.filter((item) => !inQuiz.has(item.id)));
  const ofSkill = (skill: SkillKey): readonly TracedItem[] => {
    let open = bySkill.get(skill);
    if (!open && typeof candidates === 'function') {
      open = candidates(skill).filter((item) => item.skills.includes(skill) && !inQuiz.has(item.id));
      bySkill.set(skill, open);
    }
    return open ?? [];
  };
  const pick = (skills: readonly SkillKey[], reason: Selection['reason']): Selection | undefined => {
    let best: Selection | undefined;
    for (const skill of skills) {
      const found = nearestToTarget(ofSkill(skill), recent, state, policy, target);
      if (
        found &&
        (best === undefined || Math.abs(found.predicted - target) < Math.abs(best.predicted - target))
      ) {
        best = { ...found, skill, reason };
      }
    }
    return best;
  };
  const mastery = new Map(
    policy.skills.map((s) => [s.key, masteryOf(policy.model, state.learner, state.skills[s.key], s.key)]),
  );
  // A skill counts as secured while it is `mastered`, or while the review card it got on reaching mastery is not yet
  // due: answers on other skills move the learner-level features and can dip its p just under the threshold, and
  // without this hysteresis selection would thrash between a skill and its successor. A due card (or a wrong answer,
  // which FSRS grades "again" and makes due soon) hands the decision back to the model.
  const isMastered = (key: SkillKey): boolean => {
    if (mastery.get(key)?.band === 'mastered') return true;
    const card = state.reviews[key] ?? null;
    return card !== null && !isReviewDue(card, policy.nowMs) && mastery.get(key)?.band !== 'needs practice';
  };

  if (state.learner.attempts < (policy.placementAnswers ?? DEFAULT_PLACEMENT_ANSWERS)) {
    const entries = policy.skills.filter((s) => s.isEntry === true || s.prerequisites.length === 0);
    // Spread placement over the entry skills: the least-answered one first.
    const fewest = Math.min(...entries.map((s) => state.skills[s.key]?.attempts ?? 0));
    const placement = pick(
      entries.filter((s) => (state.skills[s.key]?.attempts ?? 0) === fewest).map((s) => s.key),
      'placement',
    );
    if (placement) return placement;
  }
  if (!state.hasReviewInQuiz) {
    const due = policy.skills
      .filter((s) => isReviewDue(state.reviews[s.key] ?? null, policy.nowMs))
      .sort((a, b) => (state.reviews[a.key]?.dueMs ?? 0) - (state.reviews[b.key]?.dueMs ?? 0));
    const review = due.length > 0 ? pick([due[0]!.key], 'review') : undefined;
    if (review) return review;
  }
  // Practice one skill at a time, in course order: the first skill that is not mastered and whose prerequisites
  // are (a skill whose prerequisites are unknown is learnt slowly), so evidence accumulates and the learner moves on
  // as soon as the skill is mastered instead of spreading answers over skills already known.
  const ready = policy.skills.filter((s) => !isMastered(s.key) && s.prerequisites.every(isMastered));
  for (const skill of ready) {
    const practice = pick([skill.key], 'practice');
    if (practice) return practice;
  }
  const notMastered = policy.skills.filter((s) => !isMastered(s.key));
  for (const skill of notMastered) {
    const practice = pick([skill.key], 'practice');
    if (practice) return practice;
  }
  // Everything looks mastered: check the skill the model is least sure of.
  const byMastery = policy.skills.slice().sort((a, b) => mastery.get(a.key)!.p - mastery.get(b.key)!.p);
  for (const skill of byMastery) {
    const practice = pick([skill.key], 'practice');
    if (practice) return practice;
  }
  return undefined;
}
