import type { AttemptLog, SkillKey, TracedItem, TracingModel, TracingState } from './types.ts';
import { clampProbability, sigmoid } from './types.ts';

/** Elo ability with its answer count, which sets the step size (the uncertainty). */
export interface EloAbility {
  readonly theta: number;
  readonly answers: number;
}

// Pelánek's uncertainty function K(n) = STEP / (1 + STEP_DECAY · n): big steps while little is known.
const STEP = 0.8;
const STEP_DECAY = 0.05;
const FIT_PASSES = 2;
const NEW_ABILITY: EloAbility = { theta: 0, answers: 0 };

function step(answers: number): number {
  return STEP / (1 + STEP_DECAY * answers);
}

/** Elo with uncertainty: global and per-skill learner ability against a fitted item difficulty. */
export class EloTracer implements TracingModel<EloAbility, EloAbility> {
  readonly name = 'elo';

  /** Builds a tracer from fitted item difficulties. */
  constructor(
    readonly difficulties: ReadonlyMap<string, number>,
    readonly defaultDifficulty: number,
  ) {}

  /** Fits item difficulties by replaying the train learners through Elo updates, twice, in row order. */
  static fit(log: AttemptLog): EloTracer {
    const difficulty = new Map<string, number>();
    const itemAnswers = new Map<string, number>();
    for (let pass = 0; pass < FIT_PASSES; pass++) {
      const tracer = new EloTracer(difficulty, 0);
      const learners = new Map<number, { learner: EloAbility; skills: Record<SkillKey, EloAbility> }>();
      for (let r = 0; r < log.item.length; r++) {
        let state = learners.get(log.learner[r]!);
        if (state === undefined) {
          state = { learner: NEW_ABILITY, skills: {} };
          learners.set(log.learner[r]!, state);
        }
        const item = log.items[log.item[r]!]!;
        const y = log.correct[r]!;
        const p = tracer.predict(state, item);
        const n = itemAnswers.get(item.id) ?? 0;
        difficulty.set(item.id, (difficulty.get(item.id) ?? 0) - step(n) * (y - p));
        itemAnswers.set(item.id, n + 1);
        const change = tracer.update(state, item, y === 1);
        state.learner = change.learner;
        Object.assign(state.skills, change.skills);
      }
    }
    let sum = 0;
    for (const d of difficulty.values()) sum += d;
    return new EloTracer(difficulty, difficulty.size === 0 ? 0 : sum / difficulty.size);
  }

  initialLearnerState(): EloAbility {
    return NEW_ABILITY;
  }

  initialSkillState(): EloAbility {
    return NEW_ABILITY;
  }

  private logit(state: TracingState<EloAbility, EloAbility>, item: TracedItem): number {
    let skillTheta = 0;
    for (const skill of item.skills) skillTheta += (state.skills[skill] ?? NEW_ABILITY).theta;
    const difficulty = item.difficulty ?? this.difficulties.get(item.id) ?? this.defaultDifficulty;
    return state.learner.theta + skillTheta / Math.max(1, item.skills.length) - difficulty;
  }

  predict(state: TracingState<EloAbility, EloAbility>, item: TracedItem): number {
    return clampProbability(sigmoid(this.logit(state, item)));
  }

  update(
    state: TracingState<EloAbility, EloAbility>,
    item: TracedItem,
    correct: boolean,
  ): TracingState<EloAbility, EloAbility> {
    const surprise = (correct ? 1 : 0) - sigmoid(this.logit(state, item));
    const skills: Record<SkillKey, EloAbility> = {};
    for (const skill of item.skills) {
      const s = state.skills[skill] ?? NEW_ABILITY;
      skills[skill] = { theta: s.theta + step(s.answers) * surprise, answers: s.answers + 1 };
    }
    const l = state.learner;
    return { learner: { theta: l.theta + step(l.answers) * surprise, answers: l.answers + 1 }, skills };
  }
}
