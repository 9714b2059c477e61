// The strongest simple no-model rule bench:selection knows: interleaving over a window of skills, with spaced reviews.
import type { SimItem } from './course.ts';
import { ItemPicker } from './policy.ts';
import type { Policy } from './policy.ts';

/** The interleaving rule's parameters. */
export interface InterleavingConfig {
  /** Skills worked in rotation at once (1–6). */
  readonly window: number;
  /** Right answers in a row on a skill that finish it (2–4). */
  readonly streak: number;
  /** Every `reviewEvery`-th question reviews a finished skill (3–6), or null for never. */
  readonly reviewEvery: number | null;
}

/** The parameter grid the rule is tuned over. */
export const INTERLEAVING_GRID = {
  window: [1, 2, 3, 4, 5, 6],
  streak: [2, 3, 4],
  reviewEvery: [3, 4, 5, 6, null],
} as const;

/** Throws unless every parameter is within the tuned grid. */
export function validateInterleaving(config: InterleavingConfig): InterleavingConfig {
  const within = (list: readonly (number | null)[], value: number | null): boolean => list.includes(value);
  if (
    !within(INTERLEAVING_GRID.window, config.window) ||
    !within(INTERLEAVING_GRID.streak, config.streak) ||
    !within(INTERLEAVING_GRID.reviewEvery, config.reviewEvery)
  ) {
    throw new RangeError(`interleaving parameters out of range: ${describeInterleaving(config)}`);
  }
  return config;
}

/** "w=5 k=2 n=4" (n=never when there is no review). */
export function describeInterleaving(config: InterleavingConfig): string {
  return `w=${config.window} k=${config.streak} n=${config.reviewEvery ?? 'never'}`;
}

/** Right answers in a row on a skill before its items move one content level up (a wrong answer moves one down). */
const LEVEL_UP_STREAK = 2;

/**
 * Interleaving with no model: a window of `window` skills, taken in course (prerequisite) order, is worked in
 * rotation; a skill leaves the window after `streak` right answers in a row and the next course skill enters; every
 * `reviewEvery`-th question reviews the finished skill practised longest ago, and a wrong review puts that skill
 * back at the end of the window. Once every skill is finished, questions review finished skills in the same way.
 * Items: a content-level staircase per skill (start at level 1, up after 2 right in a row, down after a wrong
 * answer), unseen items first.
 */
export function interleavingPolicy(config: InterleavingConfig): Policy {
  const { window, streak, reviewEvery } = validateInterleaving(config);
  return {
    name: `interleaving (${describeInterleaving(config)})`,
    kind: 'simple rule',
    start: (course) => {
      const picker = new ItemPicker();
      const open: string[] = [];
      const finishedAt = new Map<string, number>();
      const streaks = new Map<string, number>();
      const levels = new Map<string, number>();
      let nextSkill = 0;
      let turn = 0;
      let asked = 0;
      let reviewing: string | undefined;
      const longestAgo = (): string | undefined => {
        let best: string | undefined;
        for (const [skill, at] of finishedAt)
          if (best === undefined || at < finishedAt.get(best)!) best = skill;
        return best;
      };
      return {
        next: (c) => {
          asked++;
          while (open.length < window && nextSkill < course.skills.length)
            open.push(course.skills[nextSkill++]!.key);
          const isReviewTurn = reviewEvery !== null && asked % reviewEvery === 0;
          reviewing = isReviewTurn || open.length === 0 ? longestAgo() : undefined;
          const skill = reviewing ?? open[turn++ % Math.max(1, open.length)];
          if (skill === undefined) return undefined;
          const item = picker.pick(c, skill, levels.get(skill) ?? 1);
          return item && { item, isReview: reviewing !== undefined };
        },
        observe: (item: SimItem, correct: boolean) => {
          picker.seen(item);
          const skill = item.skill;
          const run = correct ? (streaks.get(skill) ?? 0) + 1 : 0;
          streaks.set(skill, run);
          const level = levels.get(skill) ?? 1;
          if (!correct) levels.set(skill, Math.max(1, level - 1));
          else if (run % LEVEL_UP_STREAK === 0) levels.set(skill, Math.min(course.maxLevel, level + 1));
          if (finishedAt.has(skill)) finishedAt.set(skill, asked);
          if (reviewing === skill && !correct) {
            finishedAt.delete(skill);
            streaks.set(skill, 0);
            open.push(skill);
          } else if (run >= streak && open.includes(skill)) {
            open.splice(open.indexOf(skill), 1);
            finishedAt.set(skill, asked);
          }
        },
      };
    },
  };
}
