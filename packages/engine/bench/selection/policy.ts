// What a selection policy of bench:selection sees and does. Every policy gets the same question context; only the
// engine policy uses the engine (through engine-policy.ts), and only the informed references read the truth.
import type { SimCourse, SimItem } from './course.ts';
import type { EngineLearner } from './engine-policy.ts';
import type { TrueLearner } from './learner.ts';
import type { Random } from './random.ts';

/** Everything a policy may use to choose the next question of a quiz. */
export interface QuestionContext {
  readonly course: SimCourse;
  readonly nowMs: number;
  /** The open items of a skill at this quiz position (items already in this quiz left out). */
  readonly itemsAt: (skill: string) => readonly SimItem[];
  readonly quizItemIds: readonly string[];
  readonly reviewAsked: boolean;
  /** Items of the learner's last 3 quizzes. */
  readonly recentItemIds: readonly string[];
  /** The learner's engine state on the site (the engine policy selects with it). */
  readonly engine: EngineLearner;
  /** The simulated truth: read only by the informed references. */
  readonly truth: TrueLearner;
  /** The policy's own random source. */
  readonly random: Random;
}

/** A policy's choice: the item, and whether it is a review of a finished skill. */
export interface Choice {
  readonly item: SimItem;
  readonly isReview: boolean;
}

/** A policy at work for one learner. */
export interface LearnerPolicy {
  next(context: QuestionContext): Choice | undefined;
  observe(item: SimItem, correct: boolean): void;
}

/** A selection policy: a name, its kind, and a fresh per-learner state. */
export interface Policy {
  readonly name: string;
  readonly kind: 'engine' | 'simple rule' | 'informed reference';
  start(course: SimCourse): LearnerPolicy;
}

/** The engine exactly as the server calls it. */
export const enginePolicy: Policy = {
  name: 'engine',
  kind: 'engine',
  start: () => ({
    next: (c) =>
      c.engine.select(
        c.itemsAt,
        { itemIds: c.quizItemIds, reviewAsked: c.reviewAsked },
        c.recentItemIds,
        c.nowMs,
      ),
    observe: () => undefined,
  }),
};

/**
 * How the simple rules pick an item of a chosen skill without a model: an item the learner has not seen, else the
 * one seen longest ago; among those, at the wanted content level if given (else the nearest level), at random.
 */
export class ItemPicker {
  private readonly seenAt = new Map<string, number>();
  private count = 0;

  pick(context: QuestionContext, skill: string, level?: number): SimItem | undefined {
    const open = context.itemsAt(skill);
    if (open.length === 0) return undefined;
    let pool = open;
    if (level !== undefined) {
      const gap = Math.min(...open.map((i) => Math.abs(i.level - level)));
      pool = open.filter((i) => Math.abs(i.level - level) === gap);
    }
    const age = (item: SimItem): number => this.seenAt.get(item.id) ?? Number.NEGATIVE_INFINITY;
    const oldest = Math.min(...pool.map(age));
    const candidates = pool.filter((i) => age(i) === oldest);
    return candidates[Math.floor(context.random() * candidates.length)];
  }

  seen(item: SimItem): void {
    this.seenAt.set(item.id, this.count++);
  }
}

/** Random order: any open item of the course, uniformly. */
export const randomPolicy: Policy = {
  name: 'random order',
  kind: 'simple rule',
  start: (course) => ({
    next: (c) => {
      const open = course.skills.flatMap((s) => c.itemsAt(s.key));
      const item = open[Math.floor(c.random() * open.length)];
      return item && { item, isReview: false };
    },
    observe: () => undefined,
  }),
};

/** Right answers in a row that finish a skill in the ASSISTments skill-builder rule. */
const SKILL_BUILDER_STREAK = 3;

/**
 * The fixed 3-right-in-a-row curriculum (ASSISTments skill builder): skills in course (prerequisite) order, items of
 * the current skill at random (unseen first), move on after 3 right in a row; after the last skill, start again.
 */
export const threeInARowPolicy: Policy = {
  name: '3 right in a row',
  kind: 'simple rule',
  start: (course) => {
    const picker = new ItemPicker();
    let current = 0;
    let streak = 0;
    return {
      next: (c) => {
        const item = picker.pick(c, course.skills[current]!.key);
        return item && { item, isReview: false };
      },
      observe: (item, correct) => {
        picker.seen(item);
        streak = correct ? streak + 1 : 0;
        if (streak >= SKILL_BUILDER_STREAK) {
          streak = 0;
          current = (current + 1) % course.skills.length;
        }
      },
    };
  },
};

/** Questions the easy-to-hard walk asks at each level of a generated skill. */
const WALK_PER_LEVEL = 2;

/**
 * The fixed easy-to-hard walk: skills in course order; within a skill every authored item by content level (easy
 * first), or two generated items at each level 1–5; after the last skill, start again.
 */
export const easyToHardPolicy: Policy = {
  name: 'easy-to-hard walk',
  kind: 'simple rule',
  start: (course) => {
    const steps = course.skills.flatMap((s) => {
      if (course.shape === 'generated') {
        const levels = Array.from({ length: course.maxLevel }, (_, l) => l + 1);
        return levels.flatMap((level) =>
          Array.from({ length: WALK_PER_LEVEL }, () => ({ skill: s.key, level })),
        );
      }
      return course
        .itemsAt(s.key, '', 0)
        .slice()
        .sort((a, b) => a.level - b.level || a.id.localeCompare(b.id))
        .map((i) => ({ skill: s.key, level: i.level, id: i.id }));
    });
    let step = 0;
    return {
      next: (c) => {
        const wanted = steps[step % steps.length]!;
        const open = c.itemsAt(wanted.skill);
        const item =
          ('id' in wanted
            ? open.find((i) => i.id === wanted.id)
            : open.find((i) => i.level === wanted.level)) ?? open[0];
        return item && { item, isReview: false };
      },
      observe: () => {
        step++;
      },
    };
  },
};
