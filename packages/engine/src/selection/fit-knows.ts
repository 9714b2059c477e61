import type { AttemptLog } from '../tracing/types.ts';
import { notKnownGuess, REPEAT_RECALL } from './evidence.ts';
import type { KnowsParameters } from './evidence.ts';

/**
 * Fitting the two-state layer (`KnowsParameters`) to a site's recorded answers: knowledge tracing with forgetting
 * (a hidden known / not-known state per learner and skill; an answer is right with 1 − slip when known, with the
 * not-known guess otherwise — reasoned out, a blind guess among the options, or on an item seen before a remembered
 * answer, each fitted; each answer teaches with chance `learn`; over a gap of Δt days a known skill stays
 * known with (1 − forgetPerDay)^Δt) by maximum likelihood over every learner × skill sequence of the log, with the
 * forward filter the engine itself runs (`knowsChance`, `knowsAfter`). The chance that a learner knows a skill
 * before their first answer on it is fitted alongside (`prior`) and returned, but the engine starts each skill
 * from its own evidence.
 */

/** The fitted parameters, the fitted prior, and what the fit read. */
export interface KnowsFit {
  readonly parameters: KnowsParameters;
  /** P(knows) before the first answer on a skill, fitted alongside. */
  readonly prior: number;
  /** Answers (learner × skill steps) the fit read. */
  readonly answers: number;
  /** Mean log-likelihood per answer at the fitted parameters. */
  readonly logLikelihood: number;
}

/** Bounds of the search: wide, but keeping "knows" the state with the higher chance of a right answer. */
const BOUNDS = {
  learn: [0.001, 0.5],
  slip: [0.005, 0.35],
  freeTextGuess: [0, 0.45],
  forgetPerDay: [0, 0.2],
  repeatRecall: [0, 0.9],
  prior: [0.005, 0.95],
} as const;
type Coordinate = keyof typeof BOUNDS;
const COORDINATES: readonly Coordinate[] = [
  'prior',
  'learn',
  'slip',
  'freeTextGuess',
  'forgetPerDay',
  'repeatRecall',
];
/** Sweeps over the coordinates, and golden-section steps per coordinate and sweep. */
const SWEEPS = 3;
const GOLDEN_STEPS = 20;
/** How many item ids per skill count as seen (the evidence's `SEEN_ITEMS`). */
const SEEN_ITEMS = 24;
const MS_PER_DAY = 86_400_000;
/** Fewer answers than this: no fit (the generic parameters stay). */
export const MIN_FIT_ANSWERS = 500;

/** The log as learner × skill sequences, one step per (answer, skill of its item), in answer order. */
interface Steps {
  /** 1 at the first answer of a sequence. */
  readonly starts: Uint8Array;
  /** Days since the previous answer of the sequence (0 at a start or when times are unknown). */
  readonly days: Float64Array;
  /** The item's blind-guess chance. */
  readonly blind: Float64Array;
  /** 1 when the learner answered the item before (among the last `SEEN_ITEMS` of the skill). */
  readonly seen: Uint8Array;
  readonly correct: Uint8Array;
  /** Index into `skills` of the step's skill. */
  readonly skill: Int32Array;
  readonly skills: readonly string[];
}

/** Splits the log (grouped by learner, in time order within each) into learner × skill sequences. */
function stepsOf(log: AttemptLog): Steps {
  const sequences = new Map<string, number[]>();
  const skillOf = new Map<string, number>();
  const skills: string[] = [];
  for (let r = 0; r < log.item.length; r++) {
    for (const skill of log.items[log.item[r]!]!.skills) {
      if (!skillOf.has(skill)) skillOf.set(skill, skills.push(skill) - 1);
      const key = `${skillOf.get(skill)}\u0000${log.learner[r]}`;
      const rows = sequences.get(key);
      if (rows) rows.push(r);
      else sequences.set(key, [r]);
    }
  }
  let n = 0;
  for (const rows of sequences.values()) n += rows.length;
  const steps: Steps = {
    starts: new Uint8Array(n),
    days: new Float64Array(n),
    blind: new Float64Array(n),
    seen: new Uint8Array(n),
    correct: new Uint8Array(n),
    skill: new Int32Array(n),
    skills,
  };
  let s = 0;
  for (const [key, rows] of sequences) {
    const skill = Number(key.slice(0, key.indexOf('\u0000')));
    const seen: number[] = [];
    rows.forEach((r, k) => {
      const item = log.item[r]!;
      steps.starts[s] = k === 0 ? 1 : 0;
      const previous = k === 0 ? 0 : log.timeMs[rows[k - 1]!]!;
      const now = log.timeMs[r]!;
      steps.days[s] = k > 0 && previous > 0 && now > previous ? (now - previous) / MS_PER_DAY : 0;
      steps.blind[s] = log.items[item]!.guess ?? 0;
      steps.seen[s] = seen.includes(item) ? 1 : 0;
      steps.correct[s] = log.correct[r]!;
      steps.skill[s] = skill;
      if (!seen.includes(item)) {
        seen.push(item);
        if (seen.length > SEEN_ITEMS) seen.shift();
      }
      s++;
    });
  }
  return steps;
}

type Point = Record<Coordinate, number>;

/** Log-likelihood of every sequence under `point`, by the engine's own forward filter. */
function logLikelihood(steps: Steps, point: Point): number {
  const { prior, ...knows } = point;
  const { learn, slip, forgetPerDay } = knows;
  const keep = Math.log(1 - forgetPerDay);
  let total = 0;
  let after = prior;
  for (let s = 0; s < steps.correct.length; s++) {
    const p = steps.starts[s] === 1 ? prior : after * Math.exp(keep * steps.days[s]!);
    const guess = notKnownGuess(steps.blind[s]!, steps.seen[s] === 1, knows);
    const correct = steps.correct[s] === 1;
    const ifKnown = correct ? 1 - slip : slip;
    const ifNot = correct ? guess : 1 - guess;
    const chance = p * ifKnown + (1 - p) * ifNot;
    total += Math.log(Math.max(chance, 1e-12));
    const posterior = (p * ifKnown) / Math.max(chance, 1e-300);
    after = posterior + (1 - posterior) * learn;
  }
  return total;
}

const GOLDEN = (Math.sqrt(5) - 1) / 2;

/**
 * Coordinate ascent of `objective` from `point` (changed in place): a golden-section search per coordinate within its
 * bounds, `SWEEPS` times over the coordinates; a coordinate keeps its value unless the search found one at least as
 * good. Deterministic.
 */
function ascend(objective: (point: Point) => number, point: Point, coordinates: readonly Coordinate[]): void {
  const at = (coordinate: Coordinate, value: number) => objective({ ...point, [coordinate]: value });
  for (let sweep = 0; sweep < SWEEPS; sweep++) {
    for (const coordinate of coordinates) {
      let [lo, hi]: [number, number] = [BOUNDS[coordinate][0], BOUNDS[coordinate][1]];
      let x1 = hi - GOLDEN * (hi - lo);
      let x2 = lo + GOLDEN * (hi - lo);
      let f1 = at(coordinate, x1);
      let f2 = at(coordinate, x2);
      for (let step = 0; step < GOLDEN_STEPS; step++) {
        if (f1 >= f2) {
          hi = x2;
          [x2, f2] = [x1, f1];
          x1 = hi - GOLDEN * (hi - lo);
          f1 = at(coordinate, x1);
        } else {
          lo = x1;
          [x1, f1] = [x2, f2];
          x2 = lo + GOLDEN * (hi - lo);
          f2 = at(coordinate, x2);
        }
      }
      const best = (lo + hi) / 2;
      if (at(coordinate, best) >= objective(point)) point[coordinate] = best;
    }
  }
}

/**
 * Fits the two-state layer to the recorded answers by maximum likelihood (coordinate ascent, a golden-section search
 * per parameter within wide bounds; deterministic). `log` is grouped by learner and in time order within each, its
 * items the distinct questions asked (so a repeat is recognised) with their blind-guess chance; `start` is where the
 * search starts (the previous fit). Undefined below `MIN_FIT_ANSWERS` answers.
 */
export function fitKnowsParameters(log: AttemptLog, start?: KnowsParameters): KnowsFit | undefined {
  const steps = stepsOf(log);
  const n = steps.correct.length;
  if (n < MIN_FIT_ANSWERS) return undefined;
  const point: Point = {
    learn: start?.learn ?? 0.15,
    slip: start?.slip ?? 0.1,
    freeTextGuess: start?.freeTextGuess ?? 0.15,
    forgetPerDay: start?.forgetPerDay ?? 0.01,
    repeatRecall: start?.repeatRecall ?? REPEAT_RECALL,
    prior: 0.2,
  };
  ascend((p) => logLikelihood(steps, p), point, COORDINATES);
  const { prior, ...parameters } = point;
  return { parameters, prior, answers: n, logLikelihood: logLikelihood(steps, point) / n };
}
