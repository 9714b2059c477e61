import { ITEM_PRIOR_ATTEMPTS, successRateDifficulty } from './item-difficulty.ts';
import { fitLogistic, SparseRowsBuilder } from './logistic-fit.ts';
import { EMPTY_LOGISTIC_STATE } from './logistic-state.ts';
import type {
  LogisticFeatures,
  LogisticLearnerState,
  LogisticOptions,
  LogisticParameters,
  LogisticSkillState,
} from './logistic-state.ts';
import { rowsByLearner } from './replay.ts';
import type { AttemptLog, SkillKey, TracedItem, TracingModel, TracingState } from './types.ts';
import { clampProbability, sigmoid } from './types.ts';

// Kept in this module (not imported) so hot loops read plain constants, not module-binding getters.
// Flat numeric layout of one state (learner or skill): the replay and the encoder work on Float64Array slots.
const ATTEMPTS = 0;
const WINS = 1;
const RECENT_ATTEMPTS = 2;
const RECENT_WINS = 3;
const RECENT_RESIDUAL = 4;
const RESIDUAL = 5;
const PATTERN = 6;
const LAST_MS = 7;
const HARD_WINS = 8;
const SLOW_ATTEMPTS = 9;
const SLOW_WINS = 10;
const ABILITY = 11;
const LAST_TURN = 12;
/** Numbers per state in the flat layout. */
const STATE_FIELDS = 13;

/** Writes a state into `buffer` at `offset`; fields missing from states stored by older versions read as 0. */
function writeState(state: LogisticSkillState, buffer: Float64Array, offset: number): void {
  buffer[offset + ATTEMPTS] = state.attempts;
  buffer[offset + WINS] = state.wins;
  buffer[offset + RECENT_ATTEMPTS] = state.recentAttempts;
  buffer[offset + RECENT_WINS] = state.recentWins;
  buffer[offset + RECENT_RESIDUAL] = state.recentResidual;
  buffer[offset + RESIDUAL] = state.residual;
  buffer[offset + PATTERN] = state.pattern;
  buffer[offset + LAST_MS] = state.lastMs;
  buffer[offset + HARD_WINS] = state.hardWins;
  buffer[offset + SLOW_ATTEMPTS] = state.slowAttempts ?? 0;
  buffer[offset + SLOW_WINS] = state.slowWins ?? 0;
  buffer[offset + ABILITY] = state.ability ?? 0;
  buffer[offset + LAST_TURN] = state.lastTurn ?? 0;
}

/** Writes the empty state into `buffer` at `offset`. */
function clearState(buffer: Float64Array, offset: number): void {
  buffer.fill(0, offset, offset + STATE_FIELDS);
  buffer[offset + PATTERN] = 1;
}

/** Reads a state from `buffer` at `offset`. */
function readState(buffer: Float64Array, offset: number): LogisticSkillState {
  return {
    attempts: buffer[offset + ATTEMPTS]!,
    wins: buffer[offset + WINS]!,
    recentAttempts: buffer[offset + RECENT_ATTEMPTS]!,
    recentWins: buffer[offset + RECENT_WINS]!,
    recentResidual: buffer[offset + RECENT_RESIDUAL]!,
    residual: buffer[offset + RESIDUAL]!,
    pattern: buffer[offset + PATTERN]!,
    lastMs: buffer[offset + LAST_MS]!,
    hardWins: buffer[offset + HARD_WINS]!,
    slowAttempts: buffer[offset + SLOW_ATTEMPTS]!,
    slowWins: buffer[offset + SLOW_WINS]!,
    ability: buffer[offset + ABILITY]!,
    lastTurn: buffer[offset + LAST_TURN]!,
  };
}

// Mirrors EASY_ITEM_SUCCESS in selection/mastery.ts; tracing must not depend on selection.
const EASY_SUCCESS = 0.8;

/** Pelánek's Elo uncertainty step K(n) = 0.8 / (1 + 0.05·n): big steps while little is known. */
function abilityStep(attempts: number): number {
  return 0.8 / (1 + 0.05 * attempts);
}

/**
 * Advances the state at `offset` by one answer in place; `expected` is the item's base success probability and
 * `abilitySurprise` is correct − the Elo expectation, both computed before the answer.
 */
function advanceState(
  buffer: Float64Array,
  offset: number,
  correct: number,
  expected: number,
  abilitySurprise: number,
  turn: number,
  nowMs: number,
  decay: number,
  slowDecay: number,
  patternFull: number,
): void {
  const attempts = buffer[offset + ATTEMPTS]!;
  buffer[offset + ABILITY] = buffer[offset + ABILITY]! + abilityStep(attempts) * abilitySurprise;
  buffer[offset + ATTEMPTS] = attempts + 1;
  buffer[offset + WINS] = buffer[offset + WINS]! + correct;
  buffer[offset + RECENT_ATTEMPTS] = decay * buffer[offset + RECENT_ATTEMPTS]! + 1;
  buffer[offset + RECENT_WINS] = decay * buffer[offset + RECENT_WINS]! + correct;
  buffer[offset + RECENT_RESIDUAL] = decay * buffer[offset + RECENT_RESIDUAL]! + correct - expected;
  buffer[offset + RESIDUAL] = buffer[offset + RESIDUAL]! + correct - expected;
  buffer[offset + SLOW_ATTEMPTS] = slowDecay * buffer[offset + SLOW_ATTEMPTS]! + 1;
  buffer[offset + SLOW_WINS] = slowDecay * buffer[offset + SLOW_WINS]! + correct;
  // The last answers as bits behind a leading 1, keeping `patternFull` = 2^length of them.
  // (Integer bit operations: the pattern stays far below 2^31.)
  const next = buffer[offset + PATTERN]! * 2 + correct;
  buffer[offset + PATTERN] = next >= patternFull * 2 ? (next & (patternFull - 1)) | patternFull : next;
  if (nowMs > 0) buffer[offset + LAST_MS] = nowMs;
  buffer[offset + LAST_TURN] = turn;
  if (correct === 1 && expected < EASY_SUCCESS) buffer[offset + HARD_WINS] = buffer[offset + HARD_WINS]! + 1;
}

type LogisticState = TracingState<LogisticLearnerState, LogisticSkillState>;

const MS_PER_MINUTE = 60_000;
// Most features one row can have: the learner-level and item-level ones, plus those of each item skill.
const ROW_FEATURES = 24;
const SKILL_FEATURES = 20;
const DEFAULT_SLOW_DECAY = 0.9;

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
const SKILL_SLOW_RECENCY = 14;
const LEARNER_SLOW_RECENCY = 15;
const ABILITY_LOGIT = 16;
const ABILITY_TIMES_DIFFICULTY = 17;
const ABILITY_CONFIDENCE = 18;
const DIFFICULTY_PRACTICE = 19;
const DIFFICULTY_EVIDENCE = 20;
const ITEM_EVIDENCE = 21;
const SCALAR_COUNT = 22;
// Columns appended after every older block, so parameters fitted before they existed keep their positions.
const TURN_GAP = 0;
const TURN_RETURN = 1;
const TURN_COLUMNS = 2;

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
  skillSlowRecency: SKILL_SLOW_RECENCY,
  learnerSlowRecency: LEARNER_SLOW_RECENCY,
  abilityLogit: ABILITY_LOGIT,
} as const;

interface Layout {
  readonly item: number;
  readonly skill: number;
  readonly skillAttempts: number;
  readonly skillWins: number;
  readonly skillRecency: number;
  readonly skillResidual: number;
  readonly skillAbility: number;
  readonly scalars: number;
  readonly skillPattern: number;
  readonly learnerPattern: number;
  readonly skillDifficulty: number;
  readonly difficultyShape: number;
  readonly skillTransfer: number;
  readonly skillCount: number;
  readonly turn: number;
  readonly skillReturn: number;
  readonly dimension: number;
}

const DIFFICULTY_KNOTS = 13;
// A local copy, so the hot loop reads a constant rather than a module binding.
const EVIDENCE_PRIOR = ITEM_PRIOR_ATTEMPTS;
const DIFFICULTY_RANGE = 3;

function layoutFor(options: LogisticOptions, itemCount: number, skillCount: number): Layout {
  const patternCodes = 1 << (options.patternLength + 1);
  const item = 1;
  const skill = item + itemCount;
  const skillAttempts = skill + skillCount;
  const skillWins = skillAttempts + skillCount;
  const skillRecency = skillWins + skillCount;
  const skillResidual = skillRecency + skillCount;
  const skillAbility = skillResidual + skillCount;
  const scalars = skillAbility + skillCount;
  const skillPattern = scalars + SCALAR_COUNT;
  const learnerPattern = skillPattern + patternCodes;
  return {
    item,
    skill,
    skillAttempts,
    skillWins,
    skillRecency,
    skillResidual,
    skillAbility,
    scalars,
    skillPattern,
    learnerPattern,
    skillDifficulty: learnerPattern + patternCodes,
    difficultyShape: learnerPattern + patternCodes + skillCount,
    skillTransfer: learnerPattern + patternCodes + skillCount + DIFFICULTY_KNOTS,
    skillCount,
    turn: learnerPattern + patternCodes + 3 * skillCount + DIFFICULTY_KNOTS,
    skillReturn: learnerPattern + patternCodes + 3 * skillCount + DIFFICULTY_KNOTS + TURN_COLUMNS,
    dimension: learnerPattern + patternCodes + 4 * skillCount + DIFFICULTY_KNOTS + TURN_COLUMNS,
  };
}

function signedRate(wins: number, attempts: number): number {
  return (2 * wins - attempts) / (attempts + 1);
}

/**
 * Every feature flag as a boolean, built by one object literal so that all tracers' flags share one hidden class
 * (the encoder's flag reads stay monomorphic when several feature sets run in one process, as in the harness).
 */
function resolveFeatures(f: LogisticFeatures): Required<LogisticFeatures> {
  return {
    item: f.item,
    itemDifficulty: f.itemDifficulty,
    skill: f.skill,
    skillCounts: f.skillCounts,
    itemCounts: f.itemCounts,
    totalCounts: f.totalCounts,
    recency: f.recency,
    residuals: f.residuals,
    skillSpecific: f.skillSpecific,
    patterns: f.patterns,
    time: f.time,
    slowRecency: f.slowRecency === true,
    ability: f.ability === true,
    difficultyShape: f.difficultyShape === true,
    skillDifficulty: f.skillDifficulty === true,
    skillTransfer: f.skillTransfer === true,
    difficultyPractice: f.difficultyPractice === true,
    difficultyEvidence: f.difficultyEvidence === true,
    interleaving: f.interleaving === true,
  };
}

/** An item compiled against a fitted model: its fitted difficulty (NaN when unseen) and its weight columns. */
interface CompiledItem {
  readonly difficulty: number;
  /** Attempts behind the fitted difficulty (0 when unseen). */
  readonly attempts: number;
  /** Item one-hot column offset (-1 when the fit never saw the item). */
  readonly itemColumn: number;
  /** Per skill: the fitted skill index, or -1 when the fit never saw the skill. */
  readonly skills: Int32Array;
}

/** What a fit needs from the flat replay: the rows to fill and the item counts for leave-one-out difficulties. */
interface FitRows {
  readonly builder: SparseRowsBuilder;
  readonly attempts: readonly number[];
  readonly correct: readonly number[];
  readonly defaultDifficulty: number;
  /** Per item of the log, the difficulty its caller gave (`TracedItem.difficulty`), or NaN to use the success rate. */
  readonly given: Float64Array;
}

/**
 * An item table prepared for flat replay, packed so one row touches two cache lines of item data rather than several
 * scattered objects: `code` holds per item, every `codeStride` ints, [item column, skill count k, then k pairs of
 * (state offset of the skill's interned slot, fitted skill index)]; `numbers` holds per item, every
 * `NUMBER_STRIDE` doubles, [difficulty, expected success, evidence].
 */
interface ReplayTables {
  readonly items: number;
  readonly slots: number;
  readonly codeStride: number;
  readonly code: Int32Array;
  readonly numbers: Float64Array;
}

// Item code layout (see ReplayTables); also used for the object API's one-item scratch code.
const CODE_COLUMN = 0;
const CODE_SKILLS = 1;
const CODE_FIRST = 2;
// Item number layout.
const NUMBER_DIFFICULTY = 0;
const NUMBER_EXPECTED = 1;
const NUMBER_EVIDENCE = 2;
const NUMBER_ITEM_LOGIT = 3;
const NUMBER_STRIDE = 4;

// log(1 + n) for small whole counts, which most count features are.
const LOG1P_TABLE = Float64Array.from({ length: 4096 }, (_, n) => Math.log1p(n));

/** Position of a difficulty on the difficulty-shape knots (0 … DIFFICULTY_KNOTS − 1). */
function difficultyPosition(difficulty: number): number {
  const clamped = Math.min(DIFFICULTY_RANGE, Math.max(-DIFFICULTY_RANGE, -difficulty));
  return ((clamped + DIFFICULTY_RANGE) / (2 * DIFFICULTY_RANGE)) * (DIFFICULTY_KNOTS - 1);
}

/** The knot left of a difficulty's position. */
function difficultyKnot(difficulty: number): number {
  return Math.min(DIFFICULTY_KNOTS - 2, Math.floor(difficultyPosition(difficulty)));
}

function log1pCount(n: number): number {
  const whole = n | 0;
  return whole === n && whole >= 0 && whole < 4096 ? LOG1P_TABLE[whole]! : Math.log1p(n);
}

/** Whether two items exercise the same skills in the same order (their state blocks load identically). */
function sameSkills(a: readonly SkillKey[], b: readonly SkillKey[]): boolean {
  if (a.length !== b.length) return false;
  for (let j = 0; j < a.length; j++) if (a[j] !== b[j]) return false;
  return true;
}

/**
 * A logistic-regression knowledge tracer over count, recency, surprise, ability and pattern features (IRT …
 * Vidya-LR). The arithmetic runs on flat Float64Array slots (one `STATE_FIELDS` block per state); the public
 * `predict`/`update` copy the JSON-safe state objects in and out of a scratch block, and `replayPredictions`
 * replays a whole log on preallocated typed arrays with interned skill ids (the same numbers, no allocation).
 */
export class LogisticTracer implements TracingModel<LogisticLearnerState, LogisticSkillState> {
  readonly name: string;
  private readonly options: LogisticOptions;
  private readonly features: Required<LogisticFeatures>;
  private readonly layout: Layout;
  private readonly weights: Float64Array;
  private readonly itemIndex: Map<string, number>;
  private readonly fittedDifficulty: Float64Array;
  private readonly skillIndex: Map<SkillKey, number>;
  private readonly decay: number;
  private readonly slowDecay: number;
  private readonly patternFull: number;
  private column = new Int32Array(ROW_FEATURES + 8 * SKILL_FEATURES);
  private value = new Float64Array(ROW_FEATURES + 8 * SKILL_FEATURES);
  private count = 0;
  // Whether `put` records (column, value) pairs: only while building fit rows; predictions need the sum alone.
  private isRecording = false;
  private logit = 0;
  // Attempts behind the difficulty of the row being encoded (see `difficultyEvidence`).
  private evidence = 0;
  // Scratch for the object API: the learner block at 0, then one block per item skill.
  private scratch = new Float64Array(STATE_FIELDS * 8);
  private scratchCode = new Int32Array(CODE_FIRST + 2 * 7);
  private readonly compiled = new WeakMap<TracedItem, CompiledItem>();
  private readonly unseen = new Map<SkillKey, CompiledItem>();
  private readonly tables = new WeakMap<readonly TracedItem[], ReplayTables>();

  /** Builds a tracer from fitted (or, with empty `weights`, zero) parameters. */
  constructor(readonly parameters: LogisticParameters) {
    this.options = parameters.options;
    this.features = resolveFeatures(parameters.options.features);
    this.name = parameters.options.name;
    this.decay = parameters.options.recencyDecay;
    this.slowDecay = parameters.options.slowDecay ?? DEFAULT_SLOW_DECAY;
    this.patternFull = 1 << parameters.options.patternLength;
    this.itemIndex = new Map(parameters.itemIds.map((id, i) => [id, i]));
    this.fittedDifficulty = Float64Array.from(parameters.itemIds, (_, i) =>
      successRateDifficulty({
        attempts: parameters.itemAttempts[i]!,
        correct: parameters.itemCorrect[i]!,
        priorDifficulty: parameters.defaultDifficulty,
      }),
    );
    this.skillIndex = new Map(parameters.skillKeys.map((key, i) => [key, i]));
    this.layout = layoutFor(parameters.options, parameters.itemIds.length, parameters.skillKeys.length);
    // Weights fitted before the trailing columns existed are shorter; the missing columns get weight 0.
    this.weights = new Float64Array(this.layout.dimension);
    if (parameters.weights.length <= this.layout.dimension) this.weights.set(parameters.weights);
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

  /**
   * Fits a tracer on recorded attempts; deterministic (counting, then L-BFGS from zero weights). An item that carries
   * a `difficulty` in the log enters the fit at that difficulty; any other at its leave-one-out success rate. With
   * `holdDifficultySlope`, every answer's logit moves with the item's difficulty at exactly −1 (the item difficulty
   * weight held at 1, and the weights that would bend that slope by skill, evidence or ability held at 0): the scale on
   * which the given difficulties were calibrated, which the fit then cannot stretch (see `refitModel`).
   */
  static fit(
    log: AttemptLog,
    options: LogisticOptions,
    { holdDifficultySlope = false }: { holdDifficultySlope?: boolean } = {},
  ): LogisticTracer {
    const itemAttempts = new Float64Array(log.items.length);
    const itemCorrect = new Float64Array(log.items.length);
    const skills = new Set<SkillKey>();
    let wins = 0;
    for (let r = 0; r < log.item.length; r++) {
      const index = log.item[r]!;
      itemAttempts[index]!++;
      itemCorrect[index]! += log.correct[r]!;
      wins += log.correct[r]!;
    }
    // Items are keyed by id; the same id may appear at several indices of the item table.
    const attemptsById = new Map<string, [number, number]>();
    for (let i = 0; i < log.items.length; i++) {
      if (itemAttempts[i] === 0) continue;
      const item = log.items[i]!;
      const counts = attemptsById.get(item.id) ?? [0, 0];
      counts[0] += itemAttempts[i]!;
      counts[1] += itemCorrect[i]!;
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
    blank.isRecording = true;
    const builder = new SparseRowsBuilder();
    blank.replayFlat(log, rowsByLearner(log), undefined, {
      builder,
      attempts: log.items.map((item) => attemptsById.get(item.id)?.[0] ?? 0),
      correct: log.items.map((item) => attemptsById.get(item.id)?.[1] ?? 0),
      defaultDifficulty: parameters.defaultDifficulty,
      given: Float64Array.from(log.items, (item) => item.difficulty ?? Number.NaN),
    });
    const weights = fitLogistic(builder.build(blank.layout.dimension), {
      inverseRegularisation: options.inverseRegularisation,
      unregularised: [0],
      fixed: holdDifficultySlope ? blank.difficultySlopeColumns() : undefined,
    });
    return new LogisticTracer({ ...parameters, weights: Array.from(weights) });
  }

  /** The columns that set how an answer's logit moves with the item's difficulty, each at the weight that makes it −1. */
  private difficultySlopeColumns(): Map<number, number> {
    const { features, layout } = this;
    const held = new Map<number, number>();
    if (features.itemDifficulty) held.set(layout.scalars + ITEM_DIFFICULTY, 1);
    if (features.difficultyEvidence) held.set(layout.scalars + DIFFICULTY_EVIDENCE, 0);
    if (features.ability) held.set(layout.scalars + ABILITY_TIMES_DIFFICULTY, 0);
    if (features.skillDifficulty) {
      for (let s = 0; s < layout.skillCount; s++) held.set(layout.skillDifficulty + s, 0);
    }
    return held;
  }

  /** The item's logit difficulty: the caller's value if given, else the fitted one, else the default. */
  difficultyOf(item: TracedItem): number {
    if (item.difficulty !== undefined) return item.difficulty;
    const fitted = this.compile(item).difficulty;
    return Number.isNaN(fitted) ? this.parameters.defaultDifficulty : fitted;
  }

  private compile(item: TracedItem): CompiledItem {
    let compiled = this.compiled.get(item);
    if (compiled === undefined) {
      const index = this.itemIndex.get(item.id);
      // An item the fit never saw with one skill (a generated question, new every quiz) compiles as its skill
      // alone: one shared entry per skill instead of one per item object.
      if (index === undefined && item.skills.length === 1) return this.compileUnseen(item.skills[0]!);
      compiled = {
        difficulty: index === undefined ? Number.NaN : this.fittedDifficulty[index]!,
        attempts: index === undefined ? 0 : this.parameters.itemAttempts[index]!,
        itemColumn: index === undefined || !this.features.item ? -1 : this.layout.item + index,
        skills: Int32Array.from(item.skills, (skill) => this.skillIndex.get(skill) ?? -1),
      };
      this.compiled.set(item, compiled);
    }
    return compiled;
  }

  private compileUnseen(skill: SkillKey): CompiledItem {
    let compiled = this.unseen.get(skill);
    if (compiled === undefined) {
      compiled = {
        difficulty: Number.NaN,
        attempts: 0,
        itemColumn: -1,
        skills: Int32Array.of(this.skillIndex.get(skill) ?? -1),
      };
      this.unseen.set(skill, compiled);
    }
    return compiled;
  }

  initialLearnerState(): LogisticLearnerState {
    return this.features.itemCounts ? { ...EMPTY_LOGISTIC_STATE, items: {} } : EMPTY_LOGISTIC_STATE;
  }

  initialSkillState(): LogisticSkillState {
    return EMPTY_LOGISTIC_STATE;
  }

  /**
   * Copies the learner and the item's skills into the scratch blocks (learner first, then skill j at block j + 1)
   * and writes the item's code into `scratchCode`; returns the skill count.
   */
  private load(state: LogisticState, item: TracedItem, compiled: CompiledItem): number {
    const k = item.skills.length;
    if (this.scratchCode.length < CODE_FIRST + 2 * k) {
      this.scratch = new Float64Array(STATE_FIELDS * (k + 1));
      this.scratchCode = new Int32Array(CODE_FIRST + 2 * k);
    }
    this.reserve(k);
    const code = this.scratchCode;
    code[CODE_COLUMN] = compiled.itemColumn;
    code[CODE_SKILLS] = k;
    writeState(state.learner, this.scratch, 0);
    for (let j = 0; j < k; j++) {
      const offset = STATE_FIELDS * (j + 1);
      code[CODE_FIRST + 2 * j] = offset;
      code[CODE_FIRST + 2 * j + 1] = compiled.skills[j]!;
      writeState(state.skills[item.skills[j]!] ?? EMPTY_LOGISTIC_STATE, this.scratch, offset);
    }
    return k;
  }

  predict(state: LogisticState, item: TracedItem, nowMs = 0): number {
    const compiled = this.compile(item);
    this.load(state, item, compiled);
    return this.predictLoaded(state, item, compiled, nowMs);
  }

  /**
   * `predict` for each of `items` on one state, to the bit: the state is copied into the scratch block once per run
   * of items with the same skills (a skill's candidates), so each further item costs only its own features.
   */
  predictEach(state: LogisticState, items: readonly TracedItem[], nowMs = 0): number[] {
    const predictions: number[] = [];
    let loaded: readonly SkillKey[] | undefined;
    for (const item of items) {
      const compiled = this.compile(item);
      if (loaded !== undefined && sameSkills(loaded, item.skills)) {
        this.scratchCode[CODE_COLUMN] = compiled.itemColumn;
      } else {
        this.load(state, item, compiled);
        loaded = item.skills;
      }
      predictions.push(this.predictLoaded(state, item, compiled, nowMs));
    }
    return predictions;
  }

  /** The prediction for `item` once `load` has put the state and the item's code in the scratch blocks. */
  private predictLoaded(
    state: LogisticState,
    item: TracedItem,
    compiled: CompiledItem,
    nowMs: number,
  ): number {
    const counts = this.features.itemCounts ? state.learner.items?.[item.id] : undefined;
    this.evidence = item.difficulty !== undefined ? (item.evidence ?? 0) : compiled.attempts;
    const difficulty = this.difficultyOf(item);
    this.encode(
      this.scratch,
      0,
      this.scratchCode,
      0,
      nowMs,
      difficulty,
      counts?.[0] ?? 0,
      counts?.[1] ?? 0,
      this.itemLogit(this.scratchCode, 0, difficulty, this.evidence),
    );
    return clampProbability(sigmoid(this.logit));
  }

  update(state: LogisticState, item: TracedItem, correct: boolean, nowMs = 0): LogisticState {
    const k = this.load(state, item, this.compile(item));
    const y = correct ? 1 : 0;
    const difficulty = this.difficultyOf(item);
    this.advance(this.scratch, 0, this.scratchCode, 0, y, nowMs, difficulty, 1 / (1 + Math.exp(difficulty)));
    const skills: Record<SkillKey, LogisticSkillState> = {};
    for (let j = 0; j < k; j++) skills[item.skills[j]!] = readState(this.scratch, STATE_FIELDS * (j + 1));
    let learner: LogisticLearnerState = readState(this.scratch, 0);
    if (this.features.itemCounts) {
      const previous = state.learner.items?.[item.id] ?? [0, 0];
      learner = {
        ...learner,
        items: { ...state.learner.items, [item.id]: [previous[0] + 1, previous[1] + y] },
      };
    }
    return { learner, skills };
  }

  /**
   * Predictions for every row of `log`, each made before its row's answer is applied, replaying each learner on
   * preallocated typed arrays (interned skill slots); equal to predicting and updating through the object API.
   */
  replayPredictions(log: AttemptLog, groups: readonly Int32Array[] = rowsByLearner(log)): Float64Array {
    const predictions = new Float64Array(log.item.length);
    this.replayFlat(log, groups, predictions, undefined);
    return predictions;
  }

  /**
   * Replays each learner group on flat state: each row is encoded, then either its prediction is written to
   * `predictions` or (fitting) its features are added to `fit.builder` with a leave-one-out item difficulty, and only
   * then is its answer applied.
   */
  private replayFlat(
    log: AttemptLog,
    groups: readonly Int32Array[],
    predictions: Float64Array | undefined,
    fit: FitRows | undefined,
  ): void {
    const { slots, codeStride, code, numbers } = this.replayTables(log.items);
    const table = new Float64Array(STATE_FIELDS * (slots + 1));
    const learnerOffset = STATE_FIELDS * slots;
    // Offsets of the skill blocks this learner touched, cleared before the next learner (O(1) per row).
    const touched = new Uint8Array(slots);
    const touchedList = new Int32Array(slots);
    for (let s = 0; s <= slots; s++) clearState(table, STATE_FIELDS * s);
    const itemCounts = this.features.itemCounts;
    const seenAttempts = itemCounts ? new Float64Array(log.items.length) : new Float64Array(0);
    const seenWins = itemCounts ? new Float64Array(log.items.length) : new Float64Array(0);
    const seenItems: number[] = [];
    const timeMs = log.timeMs;
    const itemOf = log.item;
    const correctOf = log.correct;
    for (const rows of groups) {
      let touchedCount = 0;
      for (let n = 0; n < rows.length; n++) {
        const row = rows[n]!;
        const itemIndex = itemOf[row]!;
        const at = itemIndex * codeStride;
        const k = code[at + CODE_SKILLS]!;
        for (let j = 0; j < k; j++) {
          const slot = (code[at + CODE_FIRST + 2 * j]! / STATE_FIELDS) | 0;
          if (touched[slot] === 0) {
            touched[slot] = 1;
            touchedList[touchedCount++] = slot;
          }
        }
        const nowMs = timeMs[row]!;
        const y = correctOf[row]!;
        const numberAt = itemIndex * NUMBER_STRIDE;
        let d: number;
        let expected: number;
        if (fit === undefined) {
          d = numbers[numberAt + NUMBER_DIFFICULTY]!;
          expected = numbers[numberAt + NUMBER_EXPECTED]!;
          this.evidence = numbers[numberAt + NUMBER_EVIDENCE]!;
        } else {
          this.evidence = fit.attempts[itemIndex]! - 1;
          const given = fit.given[itemIndex]!;
          // Else leave this row out of its item's difficulty, so the feature cannot see the label it predicts.
          d = Number.isNaN(given)
            ? successRateDifficulty({
                attempts: this.evidence,
                correct: fit.correct[itemIndex]! - y,
                priorDifficulty: fit.defaultDifficulty,
              })
            : given;
          expected = 1 / (1 + Math.exp(d));
        }
        this.encode(
          table,
          learnerOffset,
          code,
          at,
          nowMs,
          d,
          itemCounts ? seenAttempts[itemIndex]! : 0,
          itemCounts ? seenWins[itemIndex]! : 0,
          numbers[numberAt + NUMBER_ITEM_LOGIT]!,
        );
        if (predictions !== undefined) {
          const p = 1 / (1 + Math.exp(-this.logit));
          predictions[row] = p < 1e-6 ? 1e-6 : p > 1 - 1e-6 ? 1 - 1e-6 : p;
        } else if (fit !== undefined) {
          fit.builder.push(this.column, this.value, this.count, y);
        }
        this.advance(table, learnerOffset, code, at, y, nowMs, d, expected);
        if (itemCounts) {
          if (seenAttempts[itemIndex] === 0) seenItems.push(itemIndex);
          seenAttempts[itemIndex]!++;
          seenWins[itemIndex]! += y;
        }
      }
      for (let t = 0; t < touchedCount; t++) {
        const slot = touchedList[t]!;
        touched[slot] = 0;
        clearState(table, STATE_FIELDS * slot);
      }
      clearState(table, learnerOffset);
      for (const i of seenItems) seenAttempts[i] = seenWins[i] = 0;
      seenItems.length = 0;
    }
  }

  /** The packed item table of `items` (interned skill slots, fitted columns, difficulties), computed once per table. */
  private replayTables(items: readonly TracedItem[]): ReplayTables {
    let tables = this.tables.get(items);
    if (tables === undefined || tables.items !== items.length) {
      const slotByKey = new Map<SkillKey, number>();
      const maxSkills = items.reduce((most, item) => Math.max(most, item.skills.length), 0);
      const codeStride = CODE_FIRST + 2 * maxSkills;
      this.reserve(maxSkills);
      const code = new Int32Array(codeStride * items.length);
      const numbers = new Float64Array(NUMBER_STRIDE * items.length);
      items.forEach((item, i) => {
        const compiled = this.compile(item);
        const at = i * codeStride;
        code[at + CODE_COLUMN] = compiled.itemColumn;
        code[at + CODE_SKILLS] = item.skills.length;
        item.skills.forEach((skill, j) => {
          let slot = slotByKey.get(skill);
          if (slot === undefined) {
            slot = slotByKey.size;
            slotByKey.set(skill, slot);
          }
          code[at + CODE_FIRST + 2 * j] = STATE_FIELDS * slot;
          code[at + CODE_FIRST + 2 * j + 1] = compiled.skills[j]!;
        });
        const difficulty = this.difficultyOf(item);
        numbers[i * NUMBER_STRIDE + NUMBER_DIFFICULTY] = difficulty;
        numbers[i * NUMBER_STRIDE + NUMBER_EXPECTED] = 1 / (1 + Math.exp(difficulty));
        const evidence = item.difficulty !== undefined ? (item.evidence ?? 0) : compiled.attempts;
        numbers[i * NUMBER_STRIDE + NUMBER_EVIDENCE] = evidence;
        numbers[i * NUMBER_STRIDE + NUMBER_ITEM_LOGIT] = this.itemLogit(code, at, difficulty, evidence);
      });
      tables = { items: items.length, slots: slotByKey.size, codeStride, code, numbers };
      this.tables.set(items, tables);
    }
    return tables;
  }

  /** Advances the learner block and the item's skill blocks by one answer, in place. */
  private advance(
    buffer: Float64Array,
    learnerOffset: number,
    code: Int32Array,
    at: number,
    y: number,
    nowMs: number,
    difficulty: number,
    expected: number,
  ): void {
    const k = code[at + CODE_SKILLS]!;
    const first = at + CODE_FIRST;
    let skillAbility = 0;
    for (let j = 0; j < k; j++) skillAbility += buffer[code[first + 2 * j]! + ABILITY]!;
    const abilityLogit = buffer[learnerOffset + ABILITY]! + (k > 0 ? skillAbility / k : 0) - difficulty;
    const abilitySurprise = y - 1 / (1 + Math.exp(-abilityLogit));
    const { decay, slowDecay, patternFull } = this;
    // This answer's number in the learner's sequence (1 for the first).
    const turn = buffer[learnerOffset + ATTEMPTS]! + 1;
    for (let j = 0; j < k; j++) {
      const offset = code[first + 2 * j]!;
      advanceState(buffer, offset, y, expected, abilitySurprise, turn, nowMs, decay, slowDecay, patternFull);
    }
    advanceState(
      buffer,
      learnerOffset,
      y,
      expected,
      abilitySurprise,
      turn,
      nowMs,
      decay,
      slowDecay,
      patternFull,
    );
  }

  /** Grows the recorded-row buffers to hold every feature of an item with `skills` skills. */
  private reserve(skills: number): void {
    const size = ROW_FEATURES + skills * SKILL_FEATURES;
    if (this.column.length < size) {
      this.column = new Int32Array(size);
      this.value = new Float64Array(size);
    }
  }

  private put(c: number, v: number): void {
    if (v !== 0) {
      this.logit += this.weights[c]! * v;
      if (this.isRecording) {
        if (this.count === this.column.length) throw new Error('feature row longer than reserved');
        this.column[this.count] = c;
        this.value[this.count] = v;
        this.count++;
      }
    }
  }

  /**
   * The weighted sum of the features that depend on the item alone (intercept, item column, difficulty, evidence,
   * difficulty shape, skill easiness and per-skill difficulty weights): computed once per item for the replay and per
   * call in `predict`, by this one function, so both give identical sums.
   */
  private itemLogit(code: Int32Array, at: number, difficulty: number, evidence: number): number {
    const w = this.weights;
    const features = this.features;
    const layout = this.layout;
    let logit = w[0]!;
    const itemColumn = code[at + CODE_COLUMN]!;
    if (itemColumn >= 0) logit += w[itemColumn]!;
    if (features.itemDifficulty) logit += w[layout.scalars + ITEM_DIFFICULTY]! * -difficulty;
    if (features.difficultyEvidence) {
      logit +=
        w[layout.scalars + DIFFICULTY_EVIDENCE]! * ((-difficulty * evidence) / (evidence + EVIDENCE_PRIOR));
      logit += w[layout.scalars + ITEM_EVIDENCE]! * log1pCount(evidence);
    }
    if (features.difficultyShape) {
      const knot = difficultyKnot(difficulty);
      const x = difficultyPosition(difficulty);
      logit +=
        w[layout.difficultyShape + knot]! * (knot + 1 - x) +
        w[layout.difficultyShape + knot + 1]! * (x - knot);
    }
    const k = code[at + CODE_SKILLS]!;
    for (let j = 0; j < k; j++) {
      const index = code[at + CODE_FIRST + 2 * j + 1]!;
      if (index < 0) continue;
      if (features.skill) logit += w[layout.skill + index]!;
      if (features.skillDifficulty) logit += w[layout.skillDifficulty + index]! * -difficulty;
    }
    return logit;
  }

  /** Writes the row's features into the scratch buffers and their weighted sum into `logit`. */
  private encode(
    b: Float64Array,
    l: number,
    code: Int32Array,
    at: number,
    nowMs: number,
    difficulty: number,
    itemAttempts: number,
    itemWins: number,
    itemLogit: number,
  ): void {
    const features = this.features;
    const layout = this.layout;
    const scalars = layout.scalars;
    const isRecording = this.isRecording;
    this.count = 0;
    // Predictions start from the item's precomputed sum; fit rows record the item features one by one.
    this.logit = isRecording ? 0 : itemLogit;
    if (isRecording) {
      this.put(0, 1);
      const itemColumn = code[at + CODE_COLUMN]!;
      if (itemColumn >= 0) this.put(itemColumn, 1);
      if (features.itemDifficulty) this.put(scalars + ITEM_DIFFICULTY, -difficulty);
      if (features.difficultyEvidence) {
        const n = this.evidence;
        this.put(scalars + DIFFICULTY_EVIDENCE, (-difficulty * n) / (n + EVIDENCE_PRIOR));
        this.put(scalars + ITEM_EVIDENCE, log1pCount(n));
      }
      if (features.difficultyShape) {
        const knot = difficultyKnot(difficulty);
        const x = difficultyPosition(difficulty);
        this.put(layout.difficultyShape + knot, knot + 1 - x);
        this.put(layout.difficultyShape + knot + 1, x - knot);
      }
    }
    const k = code[at + CODE_SKILLS]!;
    const first = at + CODE_FIRST;
    let skillAbility = 0;
    for (let j = 0; j < k; j++) {
      const s = code[first + 2 * j]!;
      const index = code[first + 2 * j + 1]!;
      const recency = signedRate(b[s + RECENT_WINS]!, b[s + RECENT_ATTEMPTS]!);
      const recentResidual = b[s + RECENT_RESIDUAL]! / (b[s + RECENT_ATTEMPTS]! + 1);
      skillAbility += b[s + ABILITY]!;
      if (index >= 0) {
        if (isRecording && features.skill) this.put(layout.skill + index, 1);
        if (isRecording && features.skillDifficulty) this.put(layout.skillDifficulty + index, -difficulty);
        if (features.skillTransfer) {
          this.put(layout.skillTransfer + index, b[l + ABILITY]!);
          this.put(
            layout.skillTransfer + layout.skillCount + index,
            b[l + RESIDUAL]! / (b[l + ATTEMPTS]! + 1),
          );
        }
        if (features.skillCounts) {
          this.put(layout.skillAttempts + index, log1pCount(b[s + ATTEMPTS]!));
          this.put(layout.skillWins + index, log1pCount(b[s + WINS]!));
        }
        if (features.skillSpecific) {
          this.put(layout.skillRecency + index, recency);
          this.put(layout.skillResidual + index, recentResidual);
          if (features.ability) this.put(layout.skillAbility + index, b[s + ABILITY]!);
        }
      }
      if (features.recency) this.put(scalars + SKILL_RECENCY, recency);
      if (features.difficultyPractice)
        this.put(scalars + DIFFICULTY_PRACTICE, -difficulty * log1pCount(b[s + ATTEMPTS]!));
      if (features.slowRecency) {
        this.put(scalars + SKILL_SLOW_RECENCY, signedRate(b[s + SLOW_WINS]!, b[s + SLOW_ATTEMPTS]!));
      }
      if (features.residuals) {
        this.put(scalars + SKILL_RESIDUAL, b[s + RESIDUAL]! / (b[s + ATTEMPTS]! + 1));
        this.put(scalars + SKILL_RECENT_RESIDUAL, recentResidual);
      }
      if (features.patterns) this.put(layout.skillPattern + b[s + PATTERN]!, 1);
      if (features.interleaving && b[s + LAST_TURN]! > 0) {
        // Answers on other skills since this skill's last answer: a time proxy that needs no timestamps.
        const gap = b[l + ATTEMPTS]! - b[s + LAST_TURN]!;
        if (gap > 0) {
          this.put(layout.turn + TURN_RETURN, 1);
          this.put(layout.turn + TURN_GAP, log1pCount(gap));
          // Skills differ in how much a break costs (forgetting) or helps (spacing).
          if (index >= 0 && features.skillSpecific) this.put(layout.skillReturn + index, 1);
        }
      }
      if (features.time && nowMs > 0 && b[s + LAST_MS]! > 0) {
        this.put(scalars + SKILL_GAP, Math.log1p(Math.max(0, nowMs - b[s + LAST_MS]!) / MS_PER_MINUTE));
      }
    }
    if (features.itemCounts && itemAttempts > 0) {
      this.put(scalars + ITEM_ATTEMPTS, Math.log1p(itemAttempts));
      this.put(scalars + ITEM_WINS, Math.log1p(itemWins));
    }
    if (features.totalCounts) {
      this.put(scalars + TOTAL_ATTEMPTS, log1pCount(b[l + ATTEMPTS]!));
      this.put(scalars + TOTAL_WINS, log1pCount(b[l + WINS]!));
    }
    if (features.recency) {
      this.put(scalars + LEARNER_RECENCY, signedRate(b[l + RECENT_WINS]!, b[l + RECENT_ATTEMPTS]!));
      this.put(scalars + LEARNER_RATE, signedRate(b[l + WINS]!, b[l + ATTEMPTS]!));
    }
    if (features.slowRecency) {
      this.put(scalars + LEARNER_SLOW_RECENCY, signedRate(b[l + SLOW_WINS]!, b[l + SLOW_ATTEMPTS]!));
    }
    if (features.residuals) {
      this.put(scalars + LEARNER_RESIDUAL, b[l + RESIDUAL]! / (b[l + ATTEMPTS]! + 1));
      this.put(scalars + LEARNER_RECENT_RESIDUAL, b[l + RECENT_RESIDUAL]! / (b[l + RECENT_ATTEMPTS]! + 1));
    }
    if (features.ability) {
      const ability = b[l + ABILITY]! + (k > 0 ? skillAbility / k : 0);
      this.put(scalars + ABILITY_LOGIT, ability);
      this.put(scalars + ABILITY_TIMES_DIFFICULTY, ability * difficulty);
      this.put(scalars + ABILITY_CONFIDENCE, ability / (1 + Math.sqrt(b[l + ATTEMPTS]!)));
    }
    if (features.patterns) this.put(layout.learnerPattern + b[l + PATTERN]!, 1);
    if (features.time && nowMs > 0 && b[l + LAST_MS]! > 0) {
      this.put(scalars + LEARNER_GAP, Math.log1p(Math.max(0, nowMs - b[l + LAST_MS]!) / MS_PER_MINUTE));
    }
  }
}
