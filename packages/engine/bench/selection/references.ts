// The two informed references of bench:selection: they read the simulated truth, which no real policy can, and show
// how much room there is.
import type { SimItem } from './course.ts';
import { JUDGED_AFTER_DAYS, PROFICIENT_P } from './learner.ts';
import type { TrueLearner } from './learner.ts';
import type { Policy, QuestionContext } from './policy.ts';

/** The chance without guessing at which the heuristic reference aims its items (the continuous family's sweet spot). */
const HEURISTIC_TARGET_CHANCE = 0.6;

const isProficient = (truth: TrueLearner, skill: string): boolean =>
  truth.proficiency(skill, JUDGED_AFTER_DAYS) >= PROFICIENT_P;

/**
 * The heuristic reference: practise the most ready skill (readiness = how far its prerequisites are truly in place)
 * that is not yet truly proficient a day from now, the first in course order among equals, at the open item whose
 * true chance without guessing is nearest 0.6. Once every skill is proficient, the least proficient skill.
 */
export const heuristicReference: Policy = {
  name: 'heuristic reference',
  kind: 'informed reference',
  start: (course) => ({
    next: (c) => {
      const { truth } = c;
      let skill: string | undefined;
      let bestReadiness = Number.NEGATIVE_INFINITY;
      for (const s of course.skills) {
        if (isProficient(truth, s.key) || c.itemsAt(s.key).length === 0) continue;
        const readiness = truth.readiness(s.key);
        if (readiness > bestReadiness) [skill, bestReadiness] = [s.key, readiness];
      }
      skill ??= course.skills
        .map((s) => s.key)
        .reduce((a, b) =>
          truth.proficiency(b, JUDGED_AFTER_DAYS) < truth.proficiency(a, JUDGED_AFTER_DAYS) ? b : a,
        );
      let item: SimItem | undefined;
      let bestGap = Number.POSITIVE_INFINITY;
      for (const candidate of c.itemsAt(skill)) {
        const gap = Math.abs(truth.learningChance(candidate) - HEURISTIC_TARGET_CHANCE);
        if (gap < bestGap) [item, bestGap] = [candidate, gap];
      }
      return item && { item, isReview: false };
    },
    observe: () => undefined,
  }),
};

/** The expected rise of min(bar, proficiency a day later) of the item's skill from answering `item`. */
function expectedGain(context: QuestionContext, item: SimItem): number {
  const { truth } = context;
  const p = truth.successProbability(item);
  const now = Math.min(PROFICIENT_P, truth.proficiency(item.skill, JUDGED_AFTER_DAYS));
  const after =
    p * truth.cappedProficiencyAfter(item, true, PROFICIENT_P) +
    (1 - p) * truth.cappedProficiencyAfter(item, false, PROFICIENT_P);
  return after - now;
}

/**
 * The one-step greedy expected-gain reference: for every open item, apply the learner model's own update for a right
 * and for a wrong answer, weight them by the true chance of each, and take the item that most raises the summed
 * proficiency, each skill capped at the bar, that will still be there tomorrow (after a day's forgetting). Skills
 * already proficient tomorrow cannot gain under the cap and are skipped while any other skill is open.
 */
export const greedyReference: Policy = {
  name: 'greedy reference',
  kind: 'informed reference',
  start: (course) => ({
    next: (c) => {
      const open = course.skills.filter((s) => !isProficient(c.truth, s.key));
      let best: SimItem | undefined;
      let bestGain = Number.NEGATIVE_INFINITY;
      for (const skill of open.length > 0 ? open : course.skills) {
        for (const item of c.itemsAt(skill.key)) {
          const gain = expectedGain(c, item);
          if (gain > bestGain) [best, bestGain] = [item, gain];
        }
      }
      return best && { item: best, isReview: false };
    },
    observe: () => undefined,
  }),
};
