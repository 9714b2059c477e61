import { describe, expect, it } from 'vitest';
import { parseSelectionBenchArgs, runEngineSeeds, runSelectionBench } from './selection.bench.ts';
import { ContinuousLearner } from './selection/continuous-learner.ts';
import { buildCourse } from './selection/course.ts';
import type { SimItem } from './selection/course.ts';
import { EngineLearner, EngineSite, SERVED_REFIT_EVERY } from './selection/engine-policy.ts';
import { describeInterleaving, interleavingPolicy, validateInterleaving } from './selection/interleaving.ts';
import { LEARNER_MODELS } from './selection/learner-families.ts';
import { BinaryLearner, LEARNER_VARIANTS } from './selection/learner.ts';
import type { LearnerModelName, LearnerVariant } from './selection/learner.ts';
import { MisconceptionLearner } from './selection/misconception-learner.ts';
import { randomPolicy } from './selection/policy.ts';
import { seededRandom } from './selection/random.ts';
import { greedyReference, heuristicReference } from './selection/references.ts';
import { simulateSite } from './selection/simulate.ts';
import { interleavingGrid } from './selection/tuning.ts';

const meanQuestions = (result: ReturnType<typeof simulateSite>): number =>
  result.learners.reduce((s, l) => s + l.questions, 0) / result.learners.length;

describe('bench:selection smoke run', () => {
  it('runs every policy on every learner model and course shape, with figures in range', () => {
    const printed: string[] = [];
    const options = { ...parseSelectionBenchArgs(['--learners', '3', '--max-questions', '60']) };
    const results = runSelectionBench(options, (line) => printed.push(line));
    expect(results.map((r) => `${r.model}/${r.shape}`)).toEqual([
      'binary/authored',
      'binary/generated',
      'continuous/authored',
      'continuous/generated',
      'misconception/authored',
      'misconception/generated',
    ]);
    for (const { rows } of results) {
      expect(rows.map((r) => r.policy.replace(/ \(.*/, ''))).toEqual([
        'engine',
        'random order',
        '3 right in a row',
        'easy-to-hard walk',
        'interleaving',
        'heuristic reference',
        'greedy reference',
      ]);
      for (const row of rows) {
        expect(row.meanQuestions).toBeGreaterThan(0);
        expect(row.meanQuestions).toBeLessThanOrEqual(60);
        for (const share of [
          row.reachedShare,
          row.onProficientShare,
          row.prerequisiteLoss,
          row.retention,
          row.repeatShare,
        ]) {
          expect(share).toBeGreaterThanOrEqual(0);
          expect(share).toBeLessThanOrEqual(1);
        }
        expect(Math.abs(row.calibrationEnd.correlation)).toBeLessThanOrEqual(1);
      }
    }
    // By default the engine runs as served: its site's tracing model is refitted as the answers grow.
    expect(printed[0]).toContain(`tracing model refitted every ${SERVED_REFIT_EVERY} answers of a site`);
    expect(printed.filter((line) => line.startsWith('| engine |'))).toHaveLength(6);
    expect(printed.some((line) => line.includes("of the greedy reference's"))).toBe(true);
  }, 120_000);

  it('is deterministic given the seed', () => {
    const run = () =>
      runSelectionBench(
        parseSelectionBenchArgs(['--learners', '3', '--max-questions', '40', '--model', 'misconception']),
        () => undefined,
      );
    expect(run()).toEqual(run());
  }, 60_000);

  it('runs the engine alone over several development seeds, one line per table with a figure per seed', () => {
    const printed: string[] = [];
    const options = parseSelectionBenchArgs([
      '--engine-only',
      '--seeds',
      '2,3',
      '--learners',
      '3',
      '--max-questions',
      '40',
      '--model',
      'binary',
    ]);
    expect(options.engineOnlySeeds).toEqual([2, 3]);
    const results = runEngineSeeds(options, options.engineOnlySeeds!, (line) => printed.push(line));
    expect(results.map((r) => `${r.shape}: ${r.rows.length}`)).toEqual(['authored: 2', 'generated: 2']);
    for (const { rows } of results) {
      expect(rows.every((row) => row.policy === 'engine')).toBe(true);
      // Each seed its own course and learners.
      expect(rows[0]!.calibrationEnd).not.toEqual(rows[1]!.calibrationEnd);
    }
    const line = printed.find((l) => l.startsWith('| binary × generated |'))!;
    const [mean, perSeed] = line.split(' | ').slice(1, 3);
    const seeds = perSeed!.split(' / ').map(Number);
    expect(seeds).toHaveLength(2);
    expect(Number(mean)).toBeCloseTo((seeds[0]! + seeds[1]!) / 2, 0);
  }, 60_000);

  it('has the greedy reference, which reads the truth, need fewer questions than random order', () => {
    const course = buildCourse('authored', 7);
    const site = (policy: typeof randomPolicy) =>
      simulateSite({
        model: 'continuous',
        course,
        policy,
        learners: 6,
        seed: 7,
        maxQuestions: 600,
        withEngineAlongside: false,
      });
    expect(meanQuestions(site(greedyReference))).toBeLessThan(meanQuestions(site(randomPolicy)));
  }, 60_000);

  it('charges learning lost to missing prerequisites to random order, not to the reference that practises ready skills', () => {
    const course = buildCourse('generated', 3);
    const loss = (policy: typeof randomPolicy) => {
      const { learners } = simulateSite({
        model: 'binary',
        course,
        policy,
        learners: 4,
        seed: 3,
        maxQuestions: 200,
        withEngineAlongside: false,
      });
      return learners.reduce((s, l) => s + l.prerequisiteLoss, 0);
    };
    expect(loss(heuristicReference)).toBe(0);
    expect(loss(randomPolicy)).toBeGreaterThan(20);
  }, 60_000);
});

describe('bench:selection arguments and rules', () => {
  it('keeps the tuning seeds out of evaluation and rejects unknown values', () => {
    expect(() => parseSelectionBenchArgs(['--seed', '1001'])).toThrow(RangeError);
    expect(() => parseSelectionBenchArgs(['--model', 'bkt'])).toThrow(RangeError);
    expect(() => parseSelectionBenchArgs(['--learners', '0'])).toThrow(RangeError);
    expect(parseSelectionBenchArgs(['--shape', 'generated']).shapes).toEqual(['generated']);
    expect(parseSelectionBenchArgs([]).modelRefitEvery).toBe(SERVED_REFIT_EVERY);
    expect(parseSelectionBenchArgs(['--model-refit', '0']).modelRefitEvery).toBe(0);
    expect(parseSelectionBenchArgs(['--model-refit', '2000']).modelRefitEvery).toBe(2000);
    expect(() => parseSelectionBenchArgs(['--model-refit', '1.5'])).toThrow(RangeError);
    expect(parseSelectionBenchArgs([]).engineOnlySeeds).toBeUndefined();
    expect(() => parseSelectionBenchArgs(['--seeds', '2,3'])).toThrow(RangeError);
    expect(() => parseSelectionBenchArgs(['--engine-only'])).toThrow(RangeError);
    expect(() => parseSelectionBenchArgs(['--engine-only', '--seeds', '2,1001'])).toThrow(RangeError);
    expect(() => parseSelectionBenchArgs(['--engine-only', '--seeds', '2,x'])).toThrow(RangeError);
    expect(() => parseSelectionBenchArgs(['--engine-only', '--seeds', '2,,3'])).toThrow(RangeError);
    expect(() => parseSelectionBenchArgs(['--engine-only', '--seeds', '2', '--tune'])).toThrow(RangeError);
    expect(parseSelectionBenchArgs([]).variant).toBeUndefined();
    expect(parseSelectionBenchArgs(['--variant', 'slow-forgetting']).variant).toBe('slow-forgetting');
    expect(() => parseSelectionBenchArgs(['--variant', 'forgetful'])).toThrow(RangeError);
  });

  it('tunes the interleaving rule for a learner variant and names the variant in the run', () => {
    const printed: string[] = [];
    const [result] = runSelectionBench(
      parseSelectionBenchArgs([
        ...['--variant', 'slow-learning', '--model', 'binary', '--shape', 'authored'],
        ...['--learners', '3', '--tune-learners', '3', '--max-questions', '30'],
      ]),
      (line) => printed.push(line),
    );
    expect(printed[0]).toContain('learners varied: slow-learning (learning ×0.5, forgetting ×1)');
    expect(printed.some((line) => line.startsWith('binary/authored: best of 90 on tuning seeds'))).toBe(true);
    expect(printed).toContain(
      `### binary learners (slow-learning) × authored course (15 skills; interleaving tuned now: ${describeInterleaving(result!.interleaving)})`,
    );
  }, 120_000);

  it('accepts exactly the interleaving grid: windows 1–6, streaks 2–4, reviews every 3–6 questions or never', () => {
    expect(interleavingGrid()).toHaveLength(6 * 3 * 5);
    expect(() => validateInterleaving({ window: 5, streak: 2, reviewEvery: null })).not.toThrow();
    expect(() => interleavingPolicy({ window: 7, streak: 2, reviewEvery: 4 })).toThrow(RangeError);
    expect(() => interleavingPolicy({ window: 5, streak: 1, reviewEvery: 4 })).toThrow(RangeError);
    expect(() => interleavingPolicy({ window: 5, streak: 2, reviewEvery: 2 })).toThrow(RangeError);
  });
});

describe('bench:selection simulated truth', () => {
  const course = buildCourse('generated', 3);
  const entry = course.skills[0]!.key;
  // A fresh item of the entry skill whose chance for `learner` (without guessing) is nearest `wanted`.
  const itemFor = (learner: ContinuousLearner, wanted: number, position: number): SimItem => {
    const probes = Array.from({ length: 321 }, (_, i) => ({
      id: `probe-${position}-${i}`,
      skill: entry,
      level: 3,
      trueDifficulty: -8 + i * 0.05,
      statsKey: 'probe',
    }));
    return probes.reduce((a, b) =>
      Math.abs(learner.learningChance(b) - wanted) < Math.abs(learner.learningChance(a) - wanted) ? b : a,
    );
  };

  it('teaches a continuous learner most on items near a 60% chance', () => {
    const gainAt = (wanted: number): number => {
      const learner = new ContinuousLearner(course, seededRandom(11));
      const before = learner.proficiency(entry, 0);
      for (let q = 0; q < 4; q++) learner.answer(itemFor(learner, wanted, q), seededRandom(q));
      return learner.proficiency(entry, 0) - before;
    };
    expect(gainAt(0.6)).toBeGreaterThan(gainAt(0.97));
    expect(gainAt(0.6)).toBeGreaterThan(gainAt(0.05));
  });

  it('makes spaced practice last longer than massed practice', () => {
    const after30Days = (gapDays: number): number => {
      const learner = new ContinuousLearner(course, seededRandom(5));
      for (let q = 0; q < 8; q++) {
        learner.answer(itemFor(learner, 0.6, q), seededRandom(100 + q));
        learner.passDays(gapDays);
      }
      learner.passDays(30);
      return learner.proficiency(entry, 0);
    };
    expect(after30Days(2)).toBeGreaterThan(after30Days(0.001));
  });

  it('changes what practice teaches and how fast it is forgotten in a learner variant, every family', () => {
    const site = (model: LearnerModelName, variant?: LearnerVariant): number =>
      meanQuestions(
        simulateSite({
          model,
          variant,
          course: buildCourse('authored', 4),
          policy: randomPolicy,
          learners: 6,
          seed: 4,
          maxQuestions: 400,
          withEngineAlongside: false,
        }),
      );
    for (const model of LEARNER_MODELS) {
      expect(site(model, 'slow-learning')).toBeGreaterThan(site(model));
      expect(site(model, 'fast-learning')).toBeLessThan(site(model));
    }
    const kept = (variant: LearnerVariant | undefined): number => {
      const scales = variant === undefined ? undefined : LEARNER_VARIANTS[variant];
      const learner = new ContinuousLearner(course, seededRandom(5), scales);
      for (let q = 0; q < 8; q++) learner.answer(itemFor(learner, 0.6, q), () => 0);
      learner.passDays(30);
      return learner.proficiency(entry, 0);
    };
    expect(kept('slow-forgetting')).toBeGreaterThan(kept(undefined));
    expect(kept('fast-forgetting')).toBeLessThan(kept(undefined));
    // A binary learner who knows the entry skills (every draw 0.1 < the 30% chance of knowing one at the start).
    const binaryKept = (variant: LearnerVariant | undefined): number => {
      const scales = variant === undefined ? undefined : LEARNER_VARIANTS[variant];
      return new BinaryLearner(course, () => 0.1, scales).proficiency(entry, 30);
    };
    expect(binaryKept('slow-forgetting')).toBeGreaterThan(binaryKept(undefined));
    expect(binaryKept('fast-forgetting')).toBeLessThan(binaryKept(undefined));
  });

  it('has a misconceived learner give the wrong answer on the affected items of about a third of the skills', () => {
    let [affected, pairs] = [0, 0];
    for (let l = 0; l < 40; l++) {
      const learner = new MisconceptionLearner(course, seededRandom(l));
      const twin = new ContinuousLearner(course, seededRandom(l));
      for (const skill of course.skills) {
        for (const item of course.itemsAt(skill.key, `m${l}`, 0)) {
          pairs++;
          if (learner.successProbability(item) < 0.2 * twin.successProbability(item)) affected++;
        }
      }
    }
    // 35% of skills held × 60% of their items.
    expect(affected / pairs).toBeGreaterThan(0.15);
    expect(affected / pairs).toBeLessThan(0.27);
  });

  it('refits the tracing model on the answers so far and leaves the item statistics, as the server job does', () => {
    const site = new EngineSite(course, 100);
    const item = course.itemsAt(entry, 'refit', 0)[2]!;
    const engine = new EngineLearner(site);
    const before = site.model;
    for (let n = 0; n < 99; n++)
      engine.record(course.itemsAt(entry, `q${n}`, 0)[2]!, n % 4 === 0, n * 60_000);
    expect(site.modelFits).toBe(0);
    const calibrated = site.difficultyOf(item);
    engine.record(course.itemsAt(entry, 'q99', 0)[2]!, false, 99 * 60_000);
    expect(site.modelFits).toBe(1);
    expect(site.model).not.toBe(before);
    // Answered mostly wrong: calibrated harder than its level, and the refit keeps the level's prior and the sums.
    expect(calibrated).toBeGreaterThan(site.priorOf(item));
    expect(site.traced(item).priorDifficulty).toBe(site.priorOf(item));
    expect(site.difficultyOf(item)).toBeGreaterThan(calibrated);
  });

  it("tells the engine how many attempts back an item's difficulty, as the server's item bank does", () => {
    const site = new EngineSite(course);
    const item = course.itemsAt(entry, 'evidence', 1)[3]!;
    expect(site.traced(item).evidence).toBe(0);
    for (let i = 0; i < 7; i++) site.recordAttempt(item, i % 2 === 0, 0.6);
    expect(site.traced(item)).toMatchObject({ evidence: 7, difficulty: site.difficultyOf(item) });
  });

  it('shares item statistics across learners through the engine adapter', () => {
    const site = new EngineSite(course);
    const item = course.itemsAt(entry, 'shared', 0)[2]!;
    const before = site.difficultyOf(item);
    // Wrong answers from learners the model expected to be right half the time: the item is harder than labelled.
    for (let i = 0; i < 30; i++) site.recordAttempt(item, false, 0.5);
    expect(site.difficultyOf(course.itemsAt(entry, 'another quiz', 4)[2]!)).toBeGreaterThan(before);
  });
});
