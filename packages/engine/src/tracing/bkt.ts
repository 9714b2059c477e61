import type { AttemptLog, SkillKey, TracedItem, TracingModel, TracingState } from './types.ts';
import { clampProbability } from './types.ts';

/** BKT parameters of one skill. */
export interface BktSkillParameters {
  readonly prior: number;
  readonly learn: number;
  readonly guess: number;
  readonly slip: number;
}

/** Per-skill BKT state: P(known) before the next answer. */
export interface BktSkillState {
  readonly known: number;
}

const DEFAULT_PARAMETERS: BktSkillParameters = { prior: 0.4, learn: 0.1, guess: 0.2, slip: 0.1 };
const EM_ITERATIONS = 30;
// Keep guess and slip below 0.5 so that "known" keeps its meaning (the usual identifiability bound).
const MAX_GUESS_OR_SLIP = 0.45;

function posterior(known: number, p: BktSkillParameters, correct: boolean): number {
  const evidence = correct
    ? (known * (1 - p.slip)) / (known * (1 - p.slip) + (1 - known) * p.guess)
    : (known * p.slip) / (known * p.slip + (1 - known) * (1 - p.guess));
  return evidence + (1 - evidence) * p.learn;
}

/** Bayesian Knowledge Tracing per skill; a multi-skill item's P(correct) is the mean over its skills. */
export class BktTracer implements TracingModel<null, BktSkillState> {
  readonly name = 'bkt';

  /** Builds a tracer from per-skill parameters (unknown skills use defaults). */
  constructor(readonly parameters: ReadonlyMap<SkillKey, BktSkillParameters>) {}

  /** Fits prior, learn, guess and slip per skill by EM (Baum–Welch) over each learner's answers on that skill. */
  static fit(log: AttemptLog): BktTracer {
    const sequences = new Map<SkillKey, number[][]>();
    const open = new Map<string, number[]>();
    for (let r = 0; r < log.item.length; r++) {
      for (const skill of log.items[log.item[r]!]!.skills) {
        const key = `${log.learner[r]}|${skill}`;
        let sequence = open.get(key);
        if (sequence === undefined) {
          sequence = [];
          open.set(key, sequence);
          const list = sequences.get(skill) ?? [];
          list.push(sequence);
          sequences.set(skill, list);
        }
        sequence.push(log.correct[r]!);
      }
    }
    const fitted = new Map<SkillKey, BktSkillParameters>();
    for (const [skill, list] of sequences) fitted.set(skill, fitSkill(list));
    return new BktTracer(fitted);
  }

  initialLearnerState(): null {
    return null;
  }

  initialSkillState(): BktSkillState {
    return { known: Number.NaN };
  }

  private known(skill: SkillKey, state: BktSkillState | undefined): number {
    const known = state?.known;
    return known === undefined || Number.isNaN(known) ? this.params(skill).prior : known;
  }

  private params(skill: SkillKey): BktSkillParameters {
    return this.parameters.get(skill) ?? DEFAULT_PARAMETERS;
  }

  predict(state: TracingState<null, BktSkillState>, item: TracedItem): number {
    let sum = 0;
    for (const skill of item.skills) {
      const p = this.params(skill);
      const known = this.known(skill, state.skills[skill]);
      sum += known * (1 - p.slip) + (1 - known) * p.guess;
    }
    return clampProbability(item.skills.length === 0 ? 0.5 : sum / item.skills.length);
  }

  update(
    state: TracingState<null, BktSkillState>,
    item: TracedItem,
    correct: boolean,
  ): TracingState<null, BktSkillState> {
    const skills: Record<SkillKey, BktSkillState> = {};
    for (const skill of item.skills) {
      skills[skill] = {
        known: posterior(this.known(skill, state.skills[skill]), this.params(skill), correct),
      };
    }
    return { learner: null, skills };
  }
}

function fitSkill(sequences: readonly number[][]): BktSkillParameters {
  let p = DEFAULT_PARAMETERS;
  for (let iteration = 0; iteration < EM_ITERATIONS; iteration++) {
    let priorSum = 0;
    let learnNumerator = 0;
    let learnDenominator = 0;
    let guessNumerator = 0;
    let guessDenominator = 0;
    let slipNumerator = 0;
    let slipDenominator = 0;
    for (const obs of sequences) {
      const n = obs.length;
      const emission = (known: boolean, y: number): number =>
        known ? (y === 1 ? 1 - p.slip : p.slip) : y === 1 ? p.guess : 1 - p.guess;
      // Scaled forward–backward over the two states; alpha[t] = P(known at t | answers up to t).
      const alpha = new Float64Array(n);
      const scale = new Float64Array(n);
      for (let t = 0; t < n; t++) {
        const before = t === 0 ? p.prior : alpha[t - 1]! + (1 - alpha[t - 1]!) * p.learn;
        const a1 = before * emission(true, obs[t]!);
        const a0 = (1 - before) * emission(false, obs[t]!);
        scale[t] = a1 + a0;
        alpha[t] = a1 / scale[t]!;
      }
      let beta1 = 1;
      let beta0 = 1;
      for (let t = n - 1; t >= 0; t--) {
        const g1 = alpha[t]! * beta1;
        const g0 = (1 - alpha[t]!) * beta0;
        const known = g1 / (g1 + g0);
        if (t === 0) priorSum += known;
        slipDenominator += known;
        guessDenominator += 1 - known;
        if (obs[t] === 1) guessNumerator += 1 - known;
        else slipNumerator += known;
        if (t > 0) {
          const previousUnknown = 1 - alpha[t - 1]!;
          const e1 = emission(true, obs[t]!);
          const e0 = emission(false, obs[t]!);
          learnNumerator += (previousUnknown * p.learn * e1 * beta1) / scale[t]!;
          learnDenominator +=
            previousUnknown * ((p.learn * e1 * beta1 + (1 - p.learn) * e0 * beta0) / scale[t]!);
          const nextBeta1 = (e1 * beta1) / scale[t]!;
          beta0 = (p.learn * e1 * beta1 + (1 - p.learn) * e0 * beta0) / scale[t]!;
          beta1 = nextBeta1;
        }
      }
    }
    const bound = (x: number, max: number): number => Math.min(Math.max(x, 1e-3), max);
    p = {
      prior: bound(priorSum / sequences.length, 0.999),
      learn: bound(learnNumerator / Math.max(learnDenominator, 1e-9), 0.999),
      guess: bound(guessNumerator / Math.max(guessDenominator, 1e-9), MAX_GUESS_OR_SLIP),
      slip: bound(slipNumerator / Math.max(slipDenominator, 1e-9), MAX_GUESS_OR_SLIP),
    };
  }
  return p;
}
