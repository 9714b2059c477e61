import type { LogisticSkillState } from '../tracing/logistic-state.ts';
import type { TracedItem } from '../tracing/types.ts';

/**
 * The evidence behind a skill's mastery: a Gaussian belief about θ, the logit of the learner's chance of answering a
 * typical item of the skill (difficulty `REFERENCE_DIFFICULTY`) without guessing, updated answer by answer with a
 * likelihood that knows about guessing, slips and repeated items, and widened between answers as learners learn and
 * forget. JSON-safe; stored in `SkillModelState.evidence`.
 */
export interface MasteryEvidence {
  /** Mean of θ. */
  readonly mean: number;
  /** Variance of θ. */
  readonly variance: number;
  /** Answers on the skill. */
  readonly answers: number;
  /** Answers in a row on this skill up to its last one (the learner's turn of that answer is `tracing.lastTurn`). */
  readonly run: number;
  /**
   * The two-state layer selection steers by: P(the learner knows the skill) just after the last answer, updated as in
   * knowledge tracing (`KNOWS`). Absent in evidence stored before it existed: derived from the Gaussian
   * (`proficientChance`).
   */
  readonly knows?: number;
  /** Epoch milliseconds of the last answer (0 = unknown). */
  readonly lastMs: number;
  /** 32-bit hashes of the last `SEEN_ITEMS` item ids answered on the skill, so a repeat counts as weak evidence. */
  readonly seen: readonly number[];
  /**
   * How much harder the site finds this skill's items than their content levels say: the running mean, over the
   * answered items, of calibrated − level difficulty (logits; absent = 0). The bar is about the skill's typical item as
   * the site calibrates it, so θ is compared with the bar plus this.
   */
  readonly shift?: number;
}

/** Logit difficulty of the skill's typical item: the middle of the content scale (level 2 of 3, level 3 of 5). */
export const REFERENCE_DIFFICULTY = -0.75;
/** Chance of a careless wrong answer by someone who knows the skill, so one slip is weak evidence. */
export const SLIP = 0.05;
/**
 * θ of a learner who answers a typical item right with chance `p` (without guessing): slips included, as the
 * likelihood has them, so σ(θ)·(1 − SLIP) = p.
 */
export function thetaAnsweringRight(p: number): number {
  const known = p / (1 - SLIP);
  return Math.log(known / (1 - known));
}
/** θ of a learner who answers a typical item right 80% of the time: the proficiency bar. */
export const PROFICIENT_THETA = thetaAnsweringRight(0.8);
/** Variance of θ before the first answer on a skill (a standard deviation of 1.2 logits). */
export const PRIOR_VARIANCE = 1.44;
/** Chance that a learner answers an item seen before from memory of its answer rather than from knowledge. */
export const REPEAT_RECALL = 0.5;
/** Variance added per answer on the skill: the learner's knowledge moves as they practise (learning). */
export const LEARNING_VARIANCE_PER_ANSWER = 0.02;
/**
 * Learning often comes in a jump (the learner finally gets it): before each answer the belief allows, with this
 * chance, that θ has just risen to at least `LEARNT_THETA` (knowledge tracing's "learn" transition), and the answer
 * decides how much of that to believe. A few right answers after a run of wrong ones are then believed quickly; the
 * allowance changes nothing once the belief is above the bar, and a wrong answer favours the unchanged belief.
 */
export const LEARNING_CHANCE = 0.15;
/** Where a learner who has just learnt the skill stands: just above the proficiency bar. */
const LEARNT_THETA = PROFICIENT_THETA + 0.5;
/** Variance added per day without practice (forgetting), up to `MAX_FORGETTING_VARIANCE`. */
export const FORGETTING_VARIANCE_PER_DAY = 0.01;
const MAX_FORGETTING_VARIANCE = 0.5;
/** How many item ids per skill are remembered for repeats. */
const SEEN_ITEMS = 24;
const MS_PER_DAY = 86_400_000;
/** The mean stays within these bounds (P from 2% to 99%). */
const MIN_MEAN = -4;
const MAX_MEAN = 5;

/** FNV-1a: a stable 32-bit hash of an item id. */
export function itemHash(id: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) {
    hash ^= id.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

/** Whether the learner has answered `item` on the skill before (among the last `SEEN_ITEMS`). */
export function hasSeen(evidence: MasteryEvidence, item: TracedItem): boolean {
  return evidence.seen.includes(itemHash(item.id));
}

function sigmoid(x: number): number {
  return 1 / (1 + Math.exp(-x));
}

function logit(p: number): number {
  return Math.log(p / (1 - p));
}

/** Standard normal cumulative distribution (Zelen & Severo 26.2.17, error < 7.5e-8). */
export function normalCdf(z: number): number {
  const t = 1 / (1 + 0.2316419 * Math.abs(z));
  const poly =
    t * (0.31938153 + t * (-0.356563782 + t * (1.781477937 + t * (-1.821255978 + t * 1.330274429))));
  const tail = 0.3989422804014327 * Math.exp((-z * z) / 2) * poly;
  return z >= 0 ? 1 - tail : tail;
}

/**
 * The evidence of a skill with no stored evidence: a belief centred on `p`, the tracing model's chance on a typical
 * item (which carries what the learner showed on other skills), as wide as the prior, narrowed by the answers that
 * the tracing state counts (states stored before evidence existed keep what they knew).
 */
export function startingEvidence(p: number, tracing: LogisticSkillState | undefined): MasteryEvidence {
  const attempts = tracing?.attempts ?? 0;
  const clamped = Math.min(0.97, Math.max(0.03, p));
  return {
    mean: logit(clamped),
    variance: 1 / (1 / PRIOR_VARIANCE + 0.15 * attempts),
    answers: attempts,
    run: attempts > 0 ? 1 : 0,
    lastMs: tracing?.lastMs ?? 0,
    seen: [],
  };
}

/** An item's guessing chance, raised when the learner has answered it before (a remembered answer). */
function guessOf(evidence: MasteryEvidence, item: TracedItem): number {
  return guessSeen(item, hasSeen(evidence, item));
}

/** `guessOf` when whether the learner has seen the item is known. */
function guessSeen(item: TracedItem, seen: boolean): number {
  const guess = item.guess ?? 0;
  return seen ? 1 - (1 - guess) * (1 - REPEAT_RECALL) : guess;
}

/** The chance of a right answer to `item` under the evidence's mean, with guessing and slips. */
export function successChance(evidence: MasteryEvidence, item: TracedItem, difficulty: number): number {
  return successChanceSeen(evidence, item, difficulty, hasSeen(evidence, item));
}

/** The belief widened for the time since the last answer and for the learning an answer brings. */
export function widened(evidence: MasteryEvidence, nowMs: number): number {
  const days = evidence.lastMs > 0 && nowMs > evidence.lastMs ? (nowMs - evidence.lastMs) / MS_PER_DAY : 0;
  return (
    evidence.variance +
    LEARNING_VARIANCE_PER_ANSWER +
    Math.min(MAX_FORGETTING_VARIANCE, FORGETTING_VARIANCE_PER_DAY * days)
  );
}

/**
 * The belief about θ after one answer: widened for the time since the last answer and the practice, allowing for a
 * jump of learning (`LEARNING_CHANCE`), then a Laplace step on the answer (`laplaceStep`).
 */
export function posterior(
  evidence: MasteryEvidence,
  item: TracedItem,
  difficulty: number,
  correct: boolean,
  nowMs: number,
): { mean: number; variance: number } {
  const guess = guessOf(evidence, item);
  const offset = difficulty - REFERENCE_DIFFICULTY;
  const variance = widened(evidence, nowMs);
  const stay = laplaceStep(evidence.mean, variance, guess, offset, correct);
  const learntTheta = LEARNT_THETA + (evidence.shift ?? 0);
  if (evidence.mean >= learntTheta) return stay;
  // A two-part belief: unchanged, or just learnt; each part takes the answer, then the parts are merged back into
  // one Gaussian with the same mean and variance as the mixture.
  const learnt = laplaceStep(learntTheta, variance, guess, offset, correct);
  const w0 = (1 - LEARNING_CHANCE) * stay.likelihood;
  const w1 = LEARNING_CHANCE * learnt.likelihood;
  const a = w0 / (w0 + w1);
  const b = 1 - a;
  let mean = a * stay.mean + b * learnt.mean;
  const spread = a * b * (learnt.mean - stay.mean) ** 2;
  // SPEC: a right answer never lowers the belief and a wrong one never raises it.
  mean = correct ? Math.max(mean, evidence.mean) : Math.min(mean, evidence.mean);
  return { mean, variance: a * stay.variance + b * learnt.variance + spread };
}

/**
 * The chance of a right answer under a whole Gaussian belief N(mean, variance): the likelihood guess + (1 − slip −
 * guess)·σ(θ − item offset) with the logistic integrated over the Gaussian (probit approximation).
 */
function chanceUnderBelief(mean: number, variance: number, guess: number, offset: number): number {
  return guess + (1 - SLIP - guess) * sigmoid((mean - offset) / Math.sqrt(1 + (Math.PI * variance) / 8));
}

/**
 * One Laplace step of a Gaussian belief N(mean, variance) on one answer (the prior's Gaussian times the answer's
 * likelihood, with its gradient and Fisher information at the mean), and the answer's predicted likelihood. The
 * likelihood is guess + (1 − slip − guess)·σ(θ − item offset), so a right answer on a 4-choice item, or on an item
 * seen before, moves the belief less than one on free text, and a wrong answer from a learner who knows the skill is
 * partly explained by a slip. A right answer never lowers the mean and a wrong one never raises it.
 */
function laplaceStep(
  mean: number,
  prior: number,
  guess: number,
  offset: number,
  correct: boolean,
): { mean: number; variance: number; likelihood: number } {
  const ceiling = 1 - SLIP;
  const known = sigmoid(mean - offset);
  const p = guess + (ceiling - guess) * known;
  const slope = (ceiling - guess) * known * (1 - known);
  const gradient = correct ? slope / p : -slope / (1 - p);
  const information = (slope * slope) / (p * (1 - p));
  const variance = 1 / (1 / prior + information);
  const spread = chanceUnderBelief(mean, prior, guess, offset);
  return {
    mean: Math.min(MAX_MEAN, Math.max(MIN_MEAN, mean + variance * gradient)),
    variance,
    likelihood: correct ? spread : 1 - spread,
  };
}

/** The evidence after one answer: the `posterior` belief, the counts, and the item remembered as seen. */
export function updateEvidence(
  evidence: MasteryEvidence,
  item: TracedItem,
  difficulty: number,
  correct: boolean,
  nowMs: number,
  isConsecutive: boolean,
  knows: KnowsParameters = KNOWS,
): MasteryEvidence {
  const { mean, variance } = posterior(evidence, item, difficulty, correct, nowMs);
  const hash = itemHash(item.id);
  const seen = evidence.seen.includes(hash) ? evidence.seen : [...evidence.seen, hash].slice(-SEEN_ITEMS);
  return {
    mean,
    variance,
    answers: evidence.answers + 1,
    run: isConsecutive ? evidence.run + 1 : 1,
    knows: knowsAfter(evidence, item, correct, nowMs, knows),
    lastMs: nowMs > 0 ? nowMs : evidence.lastMs,
    seen,
    shift: shiftAfter(evidence, item, difficulty),
  };
}

/** Answers over which `MasteryEvidence.shift` averages (a running mean of the last this many, roughly). */
const SHIFT_ANSWERS = 20;

/** The evidence's `shift` after an answer to `item` at calibrated `difficulty`. */
function shiftAfter(evidence: MasteryEvidence, item: TracedItem, difficulty: number): number {
  const shift = evidence.shift ?? 0;
  if (item.levelDifficulty === undefined) return shift;
  return shift + (difficulty - item.levelDifficulty - shift) / Math.min(evidence.answers + 1, SHIFT_ANSWERS);
}

/** P(θ ≥ the proficiency bar): how sure a belief is that the skill is proficient. */
export function proficientChance(belief: {
  readonly mean: number;
  readonly variance: number;
  readonly shift?: number;
}): number {
  return normalCdf((belief.mean - (belief.shift ?? 0) - PROFICIENT_THETA) / Math.sqrt(belief.variance));
}

/** The parameters of the two-state layer (`KNOWS`, or fitted to a site's answers by `fitKnowsParameters`). */
export interface KnowsParameters {
  /** Chance that an answer (with its feedback) teaches a learner who does not know the skill. */
  readonly learn: number;
  /** Chance of a wrong answer by a learner who knows the skill. */
  readonly slip: number;
  /**
   * Chance that a learner who does not know the skill reasons a right answer out all the same (the whole not-known
   * chance on free text; on multiple choice a learner who cannot also guesses among the options).
   */
  readonly freeTextGuess: number;
  /** Share of learners who know a skill that forget it per day: 1 − (1 − forgetPerDay)^days over a gap. */
  readonly forgetPerDay: number;
  /**
   * Chance that a learner answers an item seen before from memory of its answer rather than from knowledge (absent in
   * parameters fitted before it was: `REPEAT_RECALL`). Fitted, because sites differ: where learners do not remember
   * answers, a right answer to a repeat is as good evidence as any.
   */
  readonly repeatRecall?: number;
}

/**
 * The two-state layer of the evidence (knowledge tracing's known / not known, with fixed, generic parameters unless
 * the caller passes ones fitted to the site's recorded answers): a learner who knows the skill answers right unless
 * they slip; one who does not, only by reasoning the answer out (`freeTextGuess`) or, failing that, a blind guess
 * among the options, and more often on an item seen before (a remembered answer, `repeatRecall`); each answer teaches
 * with chance `learn`; a known skill is forgotten slowly. Unlike the Gaussian belief, which has to stay open to
 * learning and so never becomes sure, this layer becomes sure after a few right answers and drops after a wrong one,
 * so selection can move on from a skill the learner has got and come back when the evidence says it slipped.
 */
export const KNOWS: KnowsParameters = { learn: 0.15, slip: 0.1, freeTextGuess: 0.15, forgetPerDay: 0.01 };

/** P(the learner knows the skill) now: after the last answer, less what is forgotten since. */
export function knowsChance(
  evidence: MasteryEvidence,
  nowMs: number,
  knows: KnowsParameters = KNOWS,
): number {
  const after = evidence.knows ?? proficientChance(evidence);
  const days = evidence.lastMs > 0 && nowMs > evidence.lastMs ? (nowMs - evidence.lastMs) / MS_PER_DAY : 0;
  return after * (1 - knows.forgetPerDay) ** days;
}

/** The two-state layer's chance of a right answer to `item` now. */
export function knowsSuccess(
  evidence: MasteryEvidence,
  item: TracedItem,
  nowMs: number,
  knows: KnowsParameters = KNOWS,
): number {
  return knowsSuccessSeen(item, knowsChance(evidence, nowMs, knows), hasSeen(evidence, item), knows);
}

/** `successChance` when whether the learner has seen the item is known (selection looks it up once per item). */
export function successChanceSeen(
  evidence: MasteryEvidence,
  item: TracedItem,
  difficulty: number,
  seen: boolean,
): number {
  const guess = guessSeen(item, seen);
  const known = sigmoid(evidence.mean - (difficulty - REFERENCE_DIFFICULTY));
  return guess + (1 - SLIP - guess) * known;
}

/**
 * The chance of a right answer to `item` at `difficulty` under the whole belief, widened to `nowMs` (`widened`): the
 * logistic integrated over the Gaussian (probit approximation), with guessing and slips as the likelihood has them.
 * A wide belief predicts less extreme chances than its mean alone (`successChance`): what an item is calibrated
 * against (decision 020), so that a learner the evidence knows little about does not count as a confident prediction.
 */
export function beliefChance(
  evidence: MasteryEvidence,
  item: TracedItem,
  difficulty: number,
  nowMs: number,
): number {
  return chanceUnderBelief(
    evidence.mean,
    widened(evidence, nowMs),
    guessOf(evidence, item),
    difficulty - REFERENCE_DIFFICULTY,
  );
}

/**
 * The chance of a right answer by a learner who does not know the skill: reasoned out (`freeTextGuess`), else a blind
 * guess among the options (`blind`, 0 on free text); on an item seen before, else remembered (`repeatRecall`).
 */
export function notKnownGuess(blind: number, seen: boolean, knows: KnowsParameters = KNOWS): number {
  const guess = 1 - (1 - knows.freeTextGuess) * (1 - blind);
  return seen ? 1 - (1 - guess) * (1 - (knows.repeatRecall ?? REPEAT_RECALL)) : guess;
}

/** `knowsSuccess` with P(knows) now (`knowsChance`) and whether the item was seen already worked out. */
export function knowsSuccessSeen(
  item: TracedItem,
  p: number,
  seen: boolean,
  knows: KnowsParameters = KNOWS,
): number {
  return p * (1 - knows.slip) + (1 - p) * notKnownGuess(item.guess ?? 0, seen, knows);
}

/** `knowsAfter` with P(knows) now (`knowsChance`) and whether the item was seen already worked out. */
export function knowsAfterSeen(
  item: TracedItem,
  correct: boolean,
  p: number,
  seen: boolean,
  knows: KnowsParameters = KNOWS,
): number {
  const guess = notKnownGuess(item.guess ?? 0, seen, knows);
  const ifKnown = correct ? 1 - knows.slip : knows.slip;
  const ifNot = correct ? guess : 1 - guess;
  const posterior = (p * ifKnown) / (p * ifKnown + (1 - p) * ifNot);
  return posterior + (1 - posterior) * knows.learn;
}

/** P(knows the skill) after a right (`correct`) or wrong answer to `item` now (Bayes, then the learn transition). */
export function knowsAfter(
  evidence: MasteryEvidence,
  item: TracedItem,
  correct: boolean,
  nowMs: number,
  knows: KnowsParameters = KNOWS,
): number {
  return knowsAfterSeen(item, correct, knowsChance(evidence, nowMs, knows), hasSeen(evidence, item), knows);
}
