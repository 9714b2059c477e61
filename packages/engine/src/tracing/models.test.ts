import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MODEL_TRAINERS, VIDYA_LR_OPTIONS } from './models.ts';
import type { LogisticFeatures, LogisticLearnerState, LogisticSkillState } from './logistic-state.ts';
import { LogisticTracer } from './logistic-tracer.ts';
import { replayLearners } from './replay.ts';
import { replayPredictionsThroughStates } from '../evaluation/harness.ts';
import type { AttemptLog, TracedItem, TracingModel, TracingState } from './types.ts';
import { syntheticLog } from '../testing/synthetic-log.ts';

const ITEMS: TracedItem[] = Array.from({ length: 12 }, (_, i) => ({
  id: `item-${i}`,
  skills: i % 4 === 0 ? [`s${i % 3}`, `s${(i + 1) % 3}`] : [`s${i % 3}`],
}));

/** Learners who answer better the further they are into their answers (30% → 80% right). */
const learningLog = (seed: number, learners: number, perLearner: number): AttemptLog =>
  syntheticLog({ seed, items: ITEMS, learners, perLearner, success: (_, n) => 0.3 + 0.5 * (n / perLearner) });

const FITTED: Record<string, TracingModel> = Object.fromEntries(
  Object.entries(MODEL_TRAINERS).map(([name, train]) => [name, train(learningLog(7, 40, 30), 1)]),
);
const answers = fc.array(fc.tuple(fc.integer({ min: 0, max: ITEMS.length - 1 }), fc.boolean()), {
  maxLength: 30,
});

function play(
  model: TracingModel,
  history: ReadonlyArray<readonly [number, boolean]>,
): TracingState<unknown, unknown> {
  let state: TracingState<unknown, unknown> = { learner: model.initialLearnerState(), skills: {} };
  for (const [i, correct] of history) {
    const change = model.update(state, ITEMS[i]!, correct);
    state = { learner: change.learner, skills: { ...state.skills, ...change.skills } };
  }
  return state;
}

describe.each(Object.keys(FITTED))('tracing model %s', (name) => {
  const model = FITTED[name]!;

  it('predicts finite probabilities in (0, 1)', () => {
    fc.assert(
      fc.property(answers, fc.integer({ min: 0, max: ITEMS.length - 1 }), (history, next) => {
        const p = model.predict(play(model, history), ITEMS[next]!);
        return Number.isFinite(p) && p > 0 && p < 1;
      }),
    );
  });

  it('gives the same outputs for the same inputs', () => {
    fc.assert(
      fc.property(answers, (history) => {
        expect(JSON.stringify(play(model, history))).toBe(JSON.stringify(play(model, history)));
      }),
    );
    const again = MODEL_TRAINERS[name]!(learningLog(7, 40, 30), 1);
    expect(again.predict(play(again, [[1, true]]), ITEMS[2]!)).toBe(
      model.predict(play(model, [[1, true]]), ITEMS[2]!),
    );
  });

  it('round-trips its state through JSON', () => {
    fc.assert(
      fc.property(answers, fc.integer({ min: 0, max: ITEMS.length - 1 }), (history, next) => {
        const state = play(model, history);
        const copy = JSON.parse(JSON.stringify(state)) as TracingState<unknown, unknown>;
        expect(copy).toEqual(state);
        expect(model.predict(copy, ITEMS[next]!)).toBe(model.predict(state, ITEMS[next]!));
      }),
    );
  });

  it('gives the same predictions on its fast replay path as through the object API', () => {
    const log = learningLog(5, 6, 25);
    const fast = model.replayPredictions?.(log);
    if (fast !== undefined)
      expect(Array.from(fast)).toEqual(Array.from(replayPredictionsThroughStates(model, log)));
  });

  it('returns only the item skills from update', () => {
    const change = model.update(play(model, [[0, true]]), ITEMS[1]!, true);
    expect(Object.keys(change.skills)).toEqual([...ITEMS[1]!.skills]);
  });
});

describe('vidya-lr predictEach', () => {
  it("gives each item predict's number to the bit, whatever mix of skills and difficulties", () => {
    const model = FITTED['vidya-lr'] as LogisticTracer;
    const items = fc.array(
      fc.record({
        at: fc.integer({ min: 0, max: ITEMS.length - 1 }),
        difficulty: fc.option(fc.double({ min: -3, max: 3, noNaN: true }), { nil: undefined }),
        evidence: fc.integer({ min: 0, max: 50 }),
      }),
      { maxLength: 12 },
    );
    fc.assert(
      fc.property(answers, items, (history, chosen) => {
        const state = play(model, history) as Parameters<LogisticTracer['predict']>[0];
        const candidates = chosen.map(({ at, difficulty, evidence }) => ({
          ...ITEMS[at]!,
          difficulty,
          evidence,
        }));
        expect(model.predictEach(state, candidates, 5_000)).toEqual(
          candidates.map((item) => model.predict(state, item, 5_000)),
        );
      }),
    );
  });
});

describe('vidya-lr states stored by older versions', () => {
  it('reads a state without lastTurn as lastTurn 0, finitely', () => {
    const model = FITTED['vidya-lr']!;
    fc.assert(
      fc.property(answers, fc.integer({ min: 0, max: ITEMS.length - 1 }), (history, next) => {
        const state = play(model, history) as TracingState<Record<string, number>, Record<string, number>>;
        const strip = ({ lastTurn: _dropped, ...rest }: Record<string, number>) => rest;
        const zero = (s: Record<string, number>) => ({ ...s, lastTurn: 0 });
        const stored = {
          learner: strip(state.learner),
          skills: Object.fromEntries(Object.entries(state.skills).map(([k, v]) => [k, strip(v)])),
        };
        const zeroed = {
          learner: zero(state.learner),
          skills: Object.fromEntries(Object.entries(state.skills).map(([k, v]) => [k, zero(v)])),
        };
        const p = model.predict(stored, ITEMS[next]!);
        expect(Number.isFinite(p)).toBe(true);
        expect(p).toBe(model.predict(zeroed, ITEMS[next]!));
        const after = model.update(stored, ITEMS[next]!, true) as TracingState<
          Record<string, number>,
          unknown
        >;
        expect(Object.values(after.learner).every(Number.isFinite)).toBe(true);
      }),
    );
  });
});

describe('vidya-lr parameters stored by older versions', () => {
  it('reads weights without the trailing interleaving columns as weight 0 there', () => {
    const fitted = FITTED['vidya-lr'] as LogisticTracer;
    const { weights, skillKeys } = fitted.parameters;
    // Interleaving appended two shared columns and one per skill.
    const kept = weights.length - 2 - skillKeys.length;
    const older = new LogisticTracer({ ...fitted.parameters, weights: weights.slice(0, kept) });
    const zeroed = new LogisticTracer({
      ...fitted.parameters,
      weights: weights.map((w, i) => (i < kept ? w : 0)),
    });
    fc.assert(
      fc.property(answers, fc.integer({ min: 0, max: ITEMS.length - 1 }), (history, next) => {
        const state = play(zeroed, history) as TracingState<LogisticLearnerState, LogisticSkillState>;
        expect(older.predict(state, ITEMS[next]!)).toBe(zeroed.predict(state, ITEMS[next]!));
      }),
    );
    const state = play(older, [[1, true]]) as TracingState<LogisticLearnerState, LogisticSkillState>;
    expect(older.predict(state, ITEMS[1]!)).not.toBe(0.5);
  });
});

describe('logistic tracer with every feature', () => {
  it('fits and replays items with many skills', () => {
    const wide: TracedItem[] = Array.from({ length: 6 }, (_, i) => ({
      id: `wide-${i}`,
      skills: Array.from({ length: 9 }, (_, j) => `w${(i + j) % 11}`),
    }));
    const log = { ...learningLog(9, 8, 20), items: [...ITEMS, ...wide] };
    const item = Int32Array.from(log.item, (i, r) => (r % 3 === 0 ? ITEMS.length + (i % wide.length) : i));
    const all: LogisticFeatures = {
      item: true,
      itemDifficulty: true,
      skill: true,
      skillCounts: true,
      itemCounts: true,
      totalCounts: true,
      recency: true,
      residuals: true,
      skillSpecific: true,
      patterns: true,
      time: true,
      slowRecency: true,
      ability: true,
      difficultyShape: true,
      skillDifficulty: true,
      skillTransfer: true,
      difficultyPractice: true,
      difficultyEvidence: true,
      interleaving: true,
    };
    const withTimes = { ...log, item, timeMs: Float64Array.from(item, (_, r) => 1_000 + 60_000 * r) };
    const model = LogisticTracer.fit(withTimes, { ...VIDYA_LR_OPTIONS, features: all });
    const fast = model.replayPredictions(withTimes);
    expect(Array.from(fast)).toEqual(Array.from(replayPredictionsThroughStates(model, withTimes)));
    expect(fast.every((p) => p > 0 && p < 1)).toBe(true);
  });
});

describe('replayLearners', () => {
  it('predicts each row before applying it', () => {
    const log = learningLog(3, 2, 3);
    const model = FITTED['vidya-lr']!;
    const seen: number[] = [];
    replayLearners(log, model, (state, _item, _correct, _now, row) => {
      seen.push(row);
      expect((state.learner as { attempts: number }).attempts).toBe(row % 3);
    });
    expect(seen).toEqual([0, 1, 2, 3, 4, 5]);
  });
});
