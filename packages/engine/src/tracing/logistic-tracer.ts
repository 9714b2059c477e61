import { itemDifficulty } from './item-difficulty.ts';
import { fitLogistic, SparseRowsBuilder } from './logistic-fit.ts';
import { advanceLogisticState, EMPTY_LOGISTIC_STATE } from './logistic-state.ts';
import type {
  LogisticLearnerState,
  LogisticOptions,
  LogisticParameters,
  LogisticSkillState,
} from './logistic-state.ts';
import type { AttemptLog, SkillKey, TracedItem, TracingModel, TracingState } from './types.ts';
import { clampProbability, sigmoid } from './types.ts';

type LogisticState = TracingState<LogisticLearnerState, LogisticSkillState>;

const MS_PER_MINUTE = 60_000;
const MAX_FEATURES = 96;

// Scalar feature offsets.
const ITEM_DIFFICULTY = 0;
const ITEM_ATTEMPTS = 1;
const ITEM_WINS = 2;
const TOTAL_ATTEMPTS = 3;
const TOTAL_WINS = 4;
const SKILL_RECENCY = 5;
const LEARNER_RECENCY = 6;
const LEARNER_RATE = 7;
const SKILL_RESIDUAL = 8;
const SKILL_RECENT_RESIDUAL = 9;
const LEARNER_RESIDUAL = 10;
const LEARNER_RECENT_RESIDUAL = 11;
const SKILL_GAP = 12;
const LEARNER_GAP = 13;
const SCALAR_COUNT = 14;

/** Names of the scalar (shared-weight) features, for hand-set cold-start weights. */
export const SCALAR_FEATURES = {
  itemDifficulty: ITEM_DIFFICULTY,
  skillRecency: SKILL_RECENCY,
  learnerRecency: LEARNER_RECENCY,
  learnerRate: LEARNER_RATE,
  skillResidual: SKILL_RESIDUAL,
  skillRecentResidual: SKILL_RECENT_RESIDUAL,
  learnerResidual: LEARNER_RESIDUAL,
  learnerRecentResidual: LEARNER_RECENT_RESIDUAL,
} as const;

interface Layout {
  readonly item: number;
  readonly skill: number;
  readonly skillAttempts: number;
  readonly skillWins: number;
  readonly skillRecency: number;
  readonly skillResidual: number;
  readonly scalars: number;
  readonly skillPattern: number;
  readonly learnerPattern: number;
  readonly dimension: number;
}

function layoutFor(options: LogisticOptions, itemCount: number, skillCount: number): Layout {
  const patternCodes = 1 << (options.patternLength + 1);
  const item = 1;
  const skill = item + itemCount;
  const skillAttempts = skill + skillCount;
  const skillWins = skillAttempts + skillCount;
  const skillRecency = skillWins + skillCount;
  const skillResidual = skillRecency + skillCount;
  const scalars = skillResidual + skillCount;
  const skillPattern = scalars + SCALAR_COUNT;
  const learnerPattern = skillPattern + patternCodes;
  return { item, skill, skillAttempts, skillWins, skillRecency, skillResidual, scalars, skillPattern, learnerPattern, dimension: learnerPattern + patternCodes };
}

function signedRate(wins: number, attempts: number): number {
  return (2 * wins - attempts) / (attempts + 1);
}

/** A logistic-regression knowledge tracer over count, recency, surprise and pattern features (IRT … Vidya-LR). */
export class LogisticTracer implements TracingModel<LogisticLearnerState, LogisticSkillState> {
  readonly name: string;
  private readonly options: LogisticOptions;
  private readonly layout: Layout;
  private readonly weights: Float64Array;
  private readonly itemIndex: Map<string, number>;
  private readonly fittedDifficulty: Float64Array;
  private readonly skillIndex: Map<SkillKey, number>;
  private readonly column = new Int32Array(MAX_FEATURES);
  private readonly value = new Float64Array(MAX_FEATURES);
  private count = 0;
  private logit = 0;
  // Per item object: its fitted difficulty (NaN when unseen) and skill columns (-1 when unseen), looked up once.
  private readonly compiled = new WeakMap<TracedItem, { readonly difficulty: number; readonly skills: Int32Array }>();

  /** Builds a tracer from fitted (or, with empty `weights`, zero) parameters. */
  constructor(readonly parameters: LogisticParameters) {
    this.options = parameters.options;
    this.name = parameters.options.name;
    this.itemIndex = new Map(parameters.itemIds.map((id, i) => [id, i]));
    this.fittedDifficulty = Float64Array.from(parameters.itemIds, (_, i) =>
      itemDifficulty({
        attempts: parameters.itemAttempts[i]!,
        correct: parameters.itemCorrect[i]!,
        priorDifficulty: parameters.defaultDifficulty,
      }),
    );
    this.skillIndex = new Map(parameters.skillKeys.map((key, i) => [key, i]));
    this.layout = layoutFor(parameters.options, parameters.itemIds.length, parameters.skillKeys.length);
    this.weights =
      parameters.weights.length === this.layout.dimension
        ? Float64Array.from(parameters.weights)
        : new Float64Array(this.layout.dimension);
  }

  /** A tracer with no fitted items or skills whose scalar features carry the given weights (a cold start). */
  static withScalarWeights(
    options: LogisticOptions,
    intercept: number,
    scalarWeights: Partial<Record<keyof typeof SCALAR_FEATURES, number>>,
    defaultDifficulty: number,
  ): LogisticTracer {
    const layout = layoutFor(options, 0, 0);
    const weights = new Array<number>(layout.dimension).fill(0);
    weights[0] = intercept;
    for (const [name, weight] of Object.entries(scalarWeights)) {
      weights[layout.scalars + SCALAR_FEATURES[name as keyof typeof SCALAR_FEATURES]] = weight;
    }
    return new LogisticTracer({
      options,
      weights,
      itemIds: [],
      itemAttempts: [],
      itemCorrect: [],
      defaultDifficulty,
      skillKeys: [],
    });
  }

  /** Fits a tracer on recorded attempts; deterministic (counting, then L-BFGS from zero weights). */
  static fit(log: AttemptLog, options: LogisticOptions): LogisticTracer {
    const attemptsById = new Map<string, [number, number]>();
    const skills = new Set<SkillKey>();
    let wins = 0;
    for (let r = 0; r < log.item.length; r++) {
      const item = log.items[log.item[r]!]!;
      const counts = attemptsById.get(item.id) ?? [0, 0];
      counts[0]++;
      counts[1] += log.correct[r]!;
      wins += log.correct[r]!;
      attemptsById.set(item.id, counts);
      for (const skill of item.skills) skills.add(skill);
    }
    const itemIds = [...attemptsById.keys()].sort();
    const meanSuccess = (wins + 1) / (log.item.length + 2);
    const parameters: LogisticParameters = {
      options,
      weights: [],
      itemIds,
      itemAttempts: itemIds.map((id) => attemptsById.get(id)![0]),
      itemCorrect: itemIds.map((id) => attemptsById.get(id)![1]),
      defaultDifficulty: -Math.log(meanSuccess / (1 - meanSuccess)),
      skillKeys: [...skills].sort(),
    };
    const blank = new LogisticTracer(parameters);
    const builder = new SparseRowsBuilder();
    const states = new Map<number, { learner: LogisticLearnerState; skills: Record<SkillKey, LogisticSkillState> }>();
    for (let r = 0; r < log.item.length; r++) {
      let state = states.get(log.learner[r]!);
      if (state === undefined) {
        state = { learner: blank.initialLearnerState(), skills: {} };
        states.set(log.learner[r]!, state);
      }
      const item = log.items[log.item[r]!]!;
      const y = log.correct[r]!;
      const counts = attemptsById.get(item.id)!;
      // Leave this row out of its item's difficulty, so the feature cannot see the label it predicts.
      const difficulty = itemDifficulty({
        attempts: counts[0] - 1,
        correct: counts[1] - y,
        priorDifficulty: parameters.defaultDifficulty,
      });
      blank.encode(state, item, log.timeMs[r]!, difficulty);
      builder.push(blank.column, blank.value, blank.count, y);
      const change = blank.advance(state, item, y, log.timeMs[r]!, difficulty);
      state.learner = change.learner;
      for (const skill of item.skills) state.skills[skill] = change.skills[skill]!;
    }
    const weights = fitLogistic(builder.build(blank.layout.dimension), {
      inverseRegularisation: options.inverseRegularisation,
      unregularised: [0],
    });
    return new LogisticTracer({ ...parameters, weights: Array.from(weights) });
  }

  /** The item's logit difficulty: the caller's value if given, else the fitted one, else the default. */
  difficultyOf(item: TracedItem): number {
    if (item.difficulty !== undefined) return item.difficulty;
    const fitted = this.compile(item).difficulty;
    return Number.isNaN(fitted) ? this.parameters.defaultDifficulty : fitted;
  }

  private compile(item: TracedItem): { readonly difficulty: number; readonly skills: Int32Array } {
    let compiled = this.compiled.get(item);
    if (compiled === undefined) {
      const index = this.itemIndex.get(item.id);
      compiled = {
        difficulty: index === undefined ? Number.NaN : this.fittedDifficulty[index]!,
        skills: Int32Array.from(item.skills, (skill) => this.skillIndex.get(skill) ?? -1),
      };
      this.compiled.set(item, compiled);
    }
    return compiled;
  }

  initialLearnerState(): LogisticLearnerState {
    return this.options.features.itemCounts ? { ...EMPTY_LOGISTIC_STATE, items: {} } : EMPTY_LOGISTIC_STATE;
  }

  initialSkillState(): LogisticSkillState {
    return EMPTY_LOGISTIC_STATE;
  }

  predict(state: LogisticState, item: TracedItem, nowMs = 0): number {
    this.encode(state, item, nowMs, this.difficultyOf(item));
    return clampProbability(sigmoid(this.logit));
  }

  update(state: LogisticState, item: TracedItem, correct: boolean, nowMs = 0): LogisticState {
    return this.advance(state, item, correct ? 1 : 0, nowMs, this.difficultyOf(item));
  }

  private advance(state: LogisticState, item: TracedItem, y: number, nowMs: number, difficulty: number): LogisticState {
    const expected = sigmoid(-difficulty);
    const skills: Record<SkillKey, LogisticSkillState> = {};
    for (let k = 0; k < item.skills.length; k++) {
      const skill = item.skills[k]!;
      skills[skill] = advanceLogisticState(state.skills[skill] ?? EMPTY_LOGISTIC_STATE, y, expected, nowMs, this.options);
    }
    let learner: LogisticLearnerState = advanceLogisticState(state.learner, y, expected, nowMs, this.options);
    if (this.options.features.itemCounts) {
      const previous = state.learner.items?.[item.id] ?? [0, 0];
      learner = { ...learner, items: { ...state.learner.items, [item.id]: [previous[0] + 1, previous[1] + y] } };
    }
    return { learner, skills };
  }

  private put(c: number, v: number): void {
    if (v !== 0 && this.count < MAX_FEATURES) {
      this.logit += this.weights[c]! * v;
      this.column[this.count] = c;
      this.value[this.count] = v;
      this.count++;
    }
  }

  /** Writes the row's features into the scratch buffers. */
  private encode(state: LogisticState, item: TracedItem, nowMs: number, difficulty: number): void {
    const { features } = this.options;
    const layout = this.layout;
    const scalars = layout.scalars;
    const learner = state.learner;
    this.count = 0;
    this.logit = 0;
    this.put(0, 1);
    if (features.item) {
      const index = this.itemIndex.get(item.id);
      if (index !== undefined) this.put(layout.item + index, 1);
    }
    if (features.itemDifficulty) this.put(scalars + ITEM_DIFFICULTY, -difficulty);
    const skillColumns = this.compile(item).skills;
    for (let k = 0; k < skillColumns.length; k++) {
      const s = state.skills[item.skills[k]!] ?? EMPTY_LOGISTIC_STATE;
      const index = skillColumns[k]!;
      if (index >= 0) {
        if (features.skill) this.put(layout.skill + index, 1);
        if (features.skillCounts) {
          this.put(layout.skillAttempts + index, Math.log1p(s.attempts));
          this.put(layout.skillWins + index, Math.log1p(s.wins));
        }
        if (features.skillSpecific) {
          this.put(layout.skillRecency + index, signedRate(s.recentWins, s.recentAttempts));
          this.put(layout.skillResidual + index, s.recentResidual / (s.recentAttempts + 1));
        }
      }
      if (features.recency) this.put(scalars + SKILL_RECENCY, signedRate(s.recentWins, s.recentAttempts));
      if (features.residuals) {
        this.put(scalars + SKILL_RESIDUAL, s.residual / (s.attempts + 1));
        this.put(scalars + SKILL_RECENT_RESIDUAL, s.recentResidual / (s.recentAttempts + 1));
      }
      if (features.patterns) this.put(layout.skillPattern + s.pattern, 1);
      if (features.time && nowMs > 0 && s.lastMs > 0) {
        this.put(scalars + SKILL_GAP, Math.log1p(Math.max(0, nowMs - s.lastMs) / MS_PER_MINUTE));
      }
    }
    if (features.itemCounts) {
      const counts = learner.items?.[item.id];
      if (counts) {
        this.put(scalars + ITEM_ATTEMPTS, Math.log1p(counts[0]));
        this.put(scalars + ITEM_WINS, Math.log1p(counts[1]));
      }
    }
    if (features.totalCounts) {
      this.put(scalars + TOTAL_ATTEMPTS, Math.log1p(learner.attempts));
      this.put(scalars + TOTAL_WINS, Math.log1p(learner.wins));
    }
    if (features.recency) {
      this.put(scalars + LEARNER_RECENCY, signedRate(learner.recentWins, learner.recentAttempts));
      this.put(scalars + LEARNER_RATE, signedRate(learner.wins, learner.attempts));
    }
    if (features.residuals) {
      this.put(scalars + LEARNER_RESIDUAL, learner.residual / (learner.attempts + 1));
      this.put(scalars + LEARNER_RECENT_RESIDUAL, learner.recentResidual / (learner.recentAttempts + 1));
    }
    if (features.patterns) this.put(layout.learnerPattern + learner.pattern, 1);
    if (features.time && nowMs > 0 && learner.lastMs > 0) {
      this.put(scalars + LEARNER_GAP, Math.log1p(Math.max(0, nowMs - learner.lastMs) / MS_PER_MINUTE));
    }
  }
}
