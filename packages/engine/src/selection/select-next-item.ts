import { isReviewDue } from '../scheduling/review.ts';
import type { SkillModelState } from '../scheduling/record-answer.ts';
import type { LogisticLearnerState } from '../tracing/logistic-state.ts';
import type { LogisticTracer } from '../tracing/logistic-tracer.ts';
import type { SkillKey, TracedItem } from '../tracing/types.ts';
import {
  hasSeen,
  itemHash,
  knowsAfterSeen,
  knowsChance,
  knowsSuccessSeen,
  REPEAT_RECALL,
  successChance,
} from './evidence.ts';
import { KNOWS } from './evidence.ts';
import type { KnowsParameters, MasteryEvidence } from './evidence.ts';
import { evidenceOf, gettingThereChance, masteryFromEvidence } from './mastery.ts';

/** A skill of the course with its prerequisites; entry skills start a new learner's placement. */
export interface CourseSkill {
  readonly key: SkillKey;
  readonly prerequisites: readonly SkillKey[];
  readonly isEntry?: boolean;
}

/** What selection needs to know about the learner and the quiz in progress. */
export interface SelectionState {
  readonly learner: LogisticLearnerState;
  /** The stored state per course skill (missing = never practised). */
  readonly skills: Readonly<Record<SkillKey, SkillModelState | undefined>>;
  /** Item ids already asked in this quiz. */
  readonly quizItemIds: readonly string[];
  /** Whether this quiz already asked a review question. */
  readonly hasReviewInQuiz: boolean;
  /** Item ids asked in the learner's last 3 quizzes of the course. */
  readonly recentItemIds: readonly string[];
}

/** How to choose: the model, the course's skills and the clock. */
export interface SelectionPolicy {
  readonly model: LogisticTracer;
  readonly skills: readonly CourseSkill[];
  /** Epoch milliseconds now (injected; the engine never reads the clock). */
  readonly nowMs: number;
  /** Answers a new learner spends on placement over the entry skills; 5 by default. */
  readonly placementAnswers?: number;
  /** The two-state layer's parameters fitted to the site's answers (`fitKnowsParameters`); generic ones when absent. */
  readonly knows?: KnowsParameters;
  /** Share of practice on a skill not known yet asked at a random item of it (`EXPLORE_SHARE` by default). */
  readonly exploreShare?: number;
}

/**
 * The chosen item, the skill it is asked for, why, and its predicted P(correct). `explore`: practice at an item of the
 * chosen skill drawn at random (`EXPLORE_SHARE`).
 */
export interface Selection {
  readonly item: TracedItem;
  readonly skill: SkillKey;
  readonly reason: 'placement' | 'review' | 'practice' | 'explore';
  readonly predicted: number;
}

const DEFAULT_PLACEMENT_ANSWERS = 5;
/** Answers in a row on one skill before selection moves on to another skill worth practising (and comes back). */
export const MAX_RUN = 3;
/** How many skills, the most worth practising, have their items weighed for the next question. */
export const SKILL_WINDOW = 5;
/** Massed practice teaches less: the learning expected from a skill answered just before is discounted by this … */
const MASSED_DISCOUNT = 0.5;
/** … fading with every answer on other skills since (e-folding in answers). */
const SPACING_ANSWERS = 2;
/** Worth of a skill's not-yet-known dependents: learning it also readies them. */
const UNLOCK_WEIGHT = 0.5;
/**
 * A skill is ready when the chance that the learner knows all its prerequisites (secured ones count as sure) is at
 * least this: a partial order, so a prerequisite that is probably known does not block the skills after it.
 */
export const READY_CHANCE = 0.5;
/**
 * Where practice teaches most in the engine's model: items the learner is likely but not sure to answer right
 * (desirable difficulty); the learning expected from an item falls off as a Gaussian in logits around this chance.
 */
const LEARNING_SUCCESS = 0.7;
const LEARNING_LOGIT = Math.log(LEARNING_SUCCESS / (1 - LEARNING_SUCCESS));
/**
 * What an item far from `LEARNING_SUCCESS` still teaches, as a share of the best: its feedback and explanation. Without
 * it a skill with no item near the sweet spot for this learner (one they cannot answer yet) looked worth nothing, and
 * practice went to skills the learner half knew instead.
 */
const FAR_FROM_LEARNING_SUCCESS = 0.1;
/** P(knows) from which the learner probably knows a skill: it rests after practice and is never explored. */
const PROBABLY_KNOWS = 0.5;
/**
 * A skill the evidence says the learner probably knows rests this long after its last answer before it is practised
 * again (move on, come back spaced), while other skills are worth practising.
 */
const REST_MS = 12 * 3_600_000;
/**
 * A site's fitted two-state layer whose "known" state slips at most this often answers a typical item right at least
 * 85% of the time, above the 80% proficiency bar: there knowledge comes all or none and "known" means proficient.
 * Where the fit needs a larger slip (learners whose proficiency grows by degrees, fitted at 0.2–0.3), "known" is not
 * yet proficient and the layer's sureness says less.
 */
export const ALL_OR_NONE_SLIP = 0.15;
/**
 * P(knows) just after an answer from which, on an all-or-none site, the two-state layer's belief that the learner
 * knows the skill is firm enough to let it rest until it fades (chosen among 0.5–0.98 on development seeds 1–6, which
 * hold the judged seed, and checked on seeds 7–10; `docs/engine.md`, decision 022).
 */
const SETTLED_KNOWS = 0.8;
/** Weight of settling whether the learner knows a skill against learning in it. */
const INFORMATION_WEIGHT = 0.3;
/**
 * Share of the practice questions on a skill the learner probably does not know yet (P(knows) < `PROBABLY_KNOWS`)
 * that go to an item of that skill drawn at random rather than to the best one: a randomized design within the site's
 * own selection.
 * Chosen items are served by how the learner stands (hard ones mostly to learners who know the skill), so their
 * success rates say as much about who answered as about the item, and the calibration drifts with it (decision 021);
 * random items are answered by learners as they come. The answers are kept with reason `explore`, so the site can
 * also measure what an item teaches apart from whom it is served to.
 */
export const EXPLORE_SHARE = 0.1;

/** A number in [0, 1) from a string: FNV-1a, then MurmurHash3's finaliser so that close strings spread. */
function unitHash(text: string): number {
  let h = itemHash(text);
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return ((h ^ (h >>> 16)) >>> 0) / 2 ** 32;
}

/**
 * The candidate items: a list, or a function giving every item of one skill, which lets a caller build candidates
 * only for the skills selection considers (a window of a course's).
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

/** What selection knows about one course skill. */
interface SkillView {
  readonly skill: CourseSkill;
  readonly evidence: MasteryEvidence;
  /** How likely the learner knows the skill now (the evidence's two-state layer, `knowsChance`). */
  readonly knows: number;
  /** `mastered` (a mastered skill keeps it through one slip, and while its review is not answered). */
  readonly isSecured: boolean;
  /** Answers on other skills since this skill's last answer (Infinity when never practised). */
  readonly gap: number;
  /**
   * The chance that the learner is at least `getting there` on this skill, as a prerequisite of others: `knows`, or on
   * a graded site the larger of that and the graded belief's chance (`gettingThereChance`; decision 023).
   */
  readonly buildsOn: number;
}

/**
 * The expected gain of asking `item` for the skill in `view`, in the engine's own model: the learning it brings — the
 * chance the learner does not know the skill yet, times how well the item's `predicted` success suits learning (most
 * near `LEARNING_SUCCESS`, never below `FAR_FROM_LEARNING_SUCCESS`), halved for an item the learner has seen (a
 * remembered answer teaches little) — plus what it settles: the expected change of the chance that the learner knows
 * the skill after the two-state layer's update for a right and for a wrong answer (with the course's `parameters`),
 * weighted by their predicted chances (`INFORMATION_WEIGHT`).
 */
function itemGain(view: SkillView, item: TracedItem, predicted: number, parameters: KnowsParameters): number {
  const { evidence, knows } = view;
  const seen = hasSeen(evidence, item);
  const p = Math.min(1 - 1e-9, Math.max(1e-9, predicted));
  const q = knowsSuccessSeen(item, knows, seen, parameters);
  const right = knowsAfterSeen(item, true, knows, seen, parameters);
  const wrong = knowsAfterSeen(item, false, knows, seen, parameters);
  const settles = q * Math.abs(right - knows) + (1 - q) * Math.abs(wrong - knows);
  // A remembered answer teaches little: an item seen before on the skill counts its learning at half.
  const fresh = seen ? 1 - REPEAT_RECALL : 1;
  const suits =
    FAR_FROM_LEARNING_SUCCESS +
    (1 - FAR_FROM_LEARNING_SUCCESS) * Math.exp(-((Math.log(p / (1 - p)) - LEARNING_LOGIT) ** 2) / 2);
  const learns = (1 - knows) * suits * fresh;
  return learns + INFORMATION_WEIGHT * settles;
}

/**
 * Picks the next quiz item by the expected gain the engine's own model predicts. A new learner starts with placement on
 * the entry skills; each quiz asks one due review (a skill that stays secured answers it, it is not drilled again);
 * otherwise the window of skills most worth practising — weighing the chance the learner does not know each yet, how
 * ready its prerequisites are (a partial order: a prerequisite that is probably known readies it in proportion, so no
 * skill blocks all after it; on a graded site, one the graded belief says is getting there does too), what it unlocks,
 * and spacing (a skill just practised is worth less, and after `MAX_RUN` answers in a row selection moves on and comes
 * back; a skill probably known rests a while, and on a site whose fitted layer says knowledge comes all or none, a
 * skill the layer firmly believes known rests until it fades, unless a skill after it waits on it) — and, among their
 * items, the one with the largest expected gain — except that `EXPLORE_SHARE` of the practice on a skill the learner
 * probably does not know yet goes to a random item of it (reason `explore`). Never an item already in this quiz; items
 * of the last 3 quizzes only when a skill has no other. Returns undefined when no candidate is left.
 */
export function selectNextItem(
  state: SelectionState,
  candidates: Candidates,
  policy: SelectionPolicy,
): Selection | undefined {
  const { model, nowMs } = policy;
  const inQuiz = new Set(state.quizItemIds);
  const recent = new Set(state.recentItemIds);
  // The open candidates per skill: a list is grouped once; a function is asked for a skill the first time
  // selection looks at it.
  const bySkill =
    typeof candidates === 'function'
      ? new Map<SkillKey, TracedItem[]>()
      : groupBySkill(candidates.filter((item) => !inQuiz.has(item.id)));
  const offered = new Map<SkillKey, readonly TracedItem[]>();
  const ofSkill = (skill: SkillKey): readonly TracedItem[] => {
    const known = offered.get(skill);
    if (known) return known;
    let open = bySkill.get(skill);
    if (!open && typeof candidates === 'function') {
      open = candidates(skill).filter((item) => item.skills.includes(skill) && !inQuiz.has(item.id));
      bySkill.set(skill, open);
    }
    const all = open ?? [];
    // SPEC: avoid the last 3 quizzes' items only where the bank allows.
    const fresh = all.filter((item) => !recent.has(item.id));
    const chosen = fresh.length > 0 ? fresh : all;
    offered.set(skill, chosen);
    return chosen;
  };

  const learner = state.learner;
  const views = new Map<SkillKey, SkillView>();
  const parameters = policy.knows ?? KNOWS;
  // On a graded site (the fitted layer's "known" state slips more than `ALL_OR_NONE_SLIP`: proficiency grows by
  // degrees), the layer alone cannot say a prerequisite is enough to build on (decision 023): it reads a right answer
  // to an item seen before as partly remembered, at the rate the site's repeats are answered right, and on such a
  // site that rate also holds what learners gained by degrees since they first saw the item; once a learner has
  // answered every item of a skill, the layer cannot become sure of it, and a skill after two such prerequisites
  // never became ready. There the graded belief, which weighs each answer by the item's difficulty, says it too.
  const graded = policy.knows !== undefined && policy.knows.slip > ALL_OR_NONE_SLIP;
  // Where knowledge comes all or none (a fitted slip at most `ALL_OR_NONE_SLIP`), "known" means proficient.
  const allOrNone = policy.knows !== undefined && !graded;
  for (const skill of policy.skills) {
    const stored = state.skills[skill.key];
    const evidence = evidenceOf(model, learner, stored, skill.key);
    const lastTurn = stored?.tracing.lastTurn ?? 0;
    const knows = knowsChance(evidence, nowMs, parameters);
    views.set(skill.key, {
      skill,
      evidence,
      knows,
      isSecured: masteryFromEvidence(evidence, (stored?.review ?? null) !== null).band === 'mastered',
      gap: lastTurn > 0 ? learner.attempts - lastTurn : Number.POSITIVE_INFINITY,
      buildsOn: graded ? Math.max(knows, gettingThereChance(evidence)) : knows,
    });
  }
  const dependents = new Map<SkillKey, SkillKey[]>();
  for (const skill of policy.skills) {
    for (const before of skill.prerequisites)
      dependents.set(before, [...(dependents.get(before) ?? []), skill.key]);
  }
  /** How ready a skill's prerequisites are: the chance they are all at least `getting there` (secured: sure). */
  const readiness = (view: SkillView): number => {
    let ready = 1;
    for (const key of view.skill.prerequisites) {
      const before = views.get(key);
      if (before && !before.isSecured) {
        ready *= before.buildsOn;
      }
    }
    return ready;
  };
  /** What practising a skill is worth beyond its items: readiness, what it unlocks, and spacing. */
  const worths = new Map<SkillView, number>();
  const worthOf = (view: SkillView): number => {
    let unlocks = 0;
    for (const key of dependents.get(view.skill.key) ?? []) {
      const after = views.get(key);
      if (after && !after.isSecured) unlocks += UNLOCK_WEIGHT * (1 - after.knows);
    }
    const spacing = 1 - MASSED_DISCOUNT * Math.exp(-view.gap / SPACING_ANSWERS);
    return readiness(view) * (1 + unlocks) * spacing;
  };
  const worth = (view: SkillView): number => {
    let w = worths.get(view);
    if (w === undefined) worths.set(view, (w = worthOf(view)));
    return w;
  };

  /** Every practised skill's tracing state, as `predict` takes them (it reads the item's skills only). */
  const tracing: Record<SkillKey, NonNullable<SkillModelState['tracing']>> = {};
  for (const [key, stored] of Object.entries(state.skills)) if (stored) tracing[key] = stored.tracing;
  const predicted = new Map<SkillKey, readonly number[]>();
  /** The tracing model's P(correct) for each open item of a skill, worked out once per selection. */
  const predictionsOf = (skill: SkillKey, open: readonly TracedItem[]): readonly number[] => {
    let known = predicted.get(skill);
    if (!known) predicted.set(skill, (known = model.predictEach({ learner, skills: tracing }, open, nowMs)));
    return known;
  };
  /**
   * The best item of the chosen skills by `gain`, which gets each item's P(correct) predicted by the tracing model —
   * calibrated on the site's answers, where the evidence's own chance was measured overconfident on multiple choice.
   */
  const best = (
    chosen: readonly SkillView[],
    reason: Selection['reason'],
    gain: (view: SkillView, item: TracedItem, predicted: number) => number,
  ): Selection | undefined => {
    let found: { view: SkillView; item: TracedItem; gain: number; predicted: number } | undefined;
    for (const view of chosen) {
      const open = ofSkill(view.skill.key);
      const predictions = predictionsOf(view.skill.key, open);
      for (const [n, item] of open.entries()) {
        const predicted = predictions[n]!;
        const g = gain(view, item, predicted);
        if (
          found === undefined ||
          g > found.gain ||
          (g === found.gain && view === found.view && item.id < found.item.id)
        ) {
          found = { view, item, gain: g, predicted };
        }
      }
    }
    if (!found) return undefined;
    return { item: found.item, skill: found.view.skill.key, reason, predicted: found.predicted };
  };
  /**
   * The evidence's own chance of a right answer: reviews and checks weigh items by it, so a skill is tested at an item
   * the evidence takes as typical-to-hard, not at the easier one practice would teach with.
   */
  const evidenceChance = (view: SkillView, item: TracedItem): number =>
    successChance(view.evidence, item, model.difficultyOf(item));
  const practiceGain = (view: SkillView, item: TracedItem, predicted: number) =>
    worth(view) * itemGain(view, item, predicted, parameters);
  /** The window: the `SKILL_WINDOW` skills worth most before their items are weighed. */
  const window = (pool: readonly SkillView[]): SkillView[] =>
    pool
      .map((view) => ({ view, value: worth(view) * (1 - view.knows * 0.5) }))
      .sort((a, b) => b.value - a.value)
      .slice(0, SKILL_WINDOW)
      .map((entry) => entry.view);
  const all = [...views.values()];
  /**
   * With chance `EXPLORE_SHARE` (a hash of the learner's answer count, the skill and the time, so a selection is
   * reproducible), practice on a skill the learner probably does not know yet goes to one of its open items drawn
   * uniformly, preferring one the learner has not answered before.
   */
  const explore = (practice: Selection): Selection | undefined => {
    const view = views.get(practice.skill)!;
    const share = policy.exploreShare ?? EXPLORE_SHARE;
    if (view.knows >= PROBABLY_KNOWS || share <= 0) return undefined;
    const u = unitHash(`${learner.attempts}\u0000${practice.skill}\u0000${nowMs}`);
    if (u >= share) return undefined;
    const open = ofSkill(practice.skill);
    const unseen = open.filter((item) => !hasSeen(view.evidence, item));
    const pool = unseen.length > 0 ? unseen : open;
    const item = pool[Math.min(pool.length - 1, Math.floor((u / share) * pool.length))]!;
    const predicted = predictionsOf(practice.skill, open)[open.indexOf(item)]!;
    return { item, skill: practice.skill, reason: 'explore', predicted };
  };

  if (learner.attempts < (policy.placementAnswers ?? DEFAULT_PLACEMENT_ANSWERS)) {
    const entries = all.filter(
      (v) => !v.isSecured && (v.skill.isEntry === true || v.skill.prerequisites.length === 0),
    );
    const placement = best(window(entries), 'placement', practiceGain);
    if (placement) return placement;
  }
  if (!state.hasReviewInQuiz) {
    const due = all
      .filter((v) => isReviewDue(state.skills[v.skill.key]?.review ?? null, nowMs))
      .sort(
        (a, b) =>
          (state.skills[a.skill.key]?.review?.dueMs ?? 0) - (state.skills[b.skill.key]?.review?.dueMs ?? 0),
      );
    // The most overdue review, on the item that best tells whether the skill is still known.
    const review =
      due.length > 0
        ? best([due[0]!], 'review', (view, item) =>
            itemGain(view, item, evidenceChance(view, item), parameters),
          )
        : undefined;
    if (review) return review;
  }
  const open = all.filter((v) => !v.isSecured);
  // Move on after MAX_RUN answers in a row on one skill, while another skill is worth practising.
  // A skill the learner probably knows rests after practice today: move on, and come back spaced.
  /** No skill after it waits on it: every skill that needs it is secured or probably known already. */
  const nothingWaits = (v: SkillView) =>
    (dependents.get(v.skill.key) ?? []).every((key) => {
      const after = views.get(key);
      return after === undefined || after.isSecured || after.knows >= PROBABLY_KNOWS;
    });
  // On an all-or-none site, a skill the layer firmly believed known at its last answer, and that no skill after it
  // waits on, rests until the layer's forgetting makes it doubtful (or nothing else is left): coming back to it every
  // day would mostly confirm what the layer already knows, while the skills not known yet wait.
  const settled = (v: SkillView) => allOrNone && (v.evidence.knows ?? 0) >= SETTLED_KNOWS && nothingWaits(v);
  const rests = (v: SkillView) =>
    v.knows >= PROBABLY_KNOWS && (nowMs - v.evidence.lastMs < REST_MS || settled(v));
  const ready = open.filter((v) => readiness(v) >= READY_CHANCE);
  const isCapped = (v: SkillView) => v.gap === 0 && v.evidence.run >= MAX_RUN;
  // In order: ready skills neither resting nor just practised MAX_RUN times in a row; then a resting one rather than
  // another question in the run; then whatever is open.
  const practice =
    best(window(ready.filter((v) => !rests(v) && !isCapped(v))), 'practice', practiceGain) ??
    best(window(ready.filter((v) => !isCapped(v))), 'practice', practiceGain) ??
    best(window(ready), 'practice', practiceGain) ??
    best(window(open.filter((v) => !rests(v))), 'practice', practiceGain) ??
    best(window(open), 'practice', practiceGain);
  if (practice) return explore(practice) ?? practice;
  // Everything looks mastered: check the skill the evidence is least sure of.
  const bySureness = all.slice().sort((a, b) => a.knows - b.knows);
  for (const view of bySureness) {
    const check = best([view], 'practice', (v, item) =>
      itemGain(v, item, evidenceChance(v, item), parameters),
    );
    if (check) return check;
  }
  return undefined;
}
