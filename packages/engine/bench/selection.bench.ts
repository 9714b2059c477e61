// bench:selection (issue 28): `npm run bench:selection -- [--seed S] [--learners N] [--model binary|continuous|
// misconception] [--shape authored|generated] [--max-questions Q] [--tune [--tune-learners N]] [--model-refit N]
// [--variant slow-learning|fast-learning|slow-forgetting|fast-forgetting]`, or `-- --engine-only --seeds 2,3,4
// [same filters]` for the engine alone over several development seeds.
// Compares the engine, exactly as the server calls it, with simple rules and two informed references on simulated
// learners of several families, who pass one after another through a site whose item statistics they share.
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { buildCourse } from './selection/course.ts';
import type { CourseShape } from './selection/course.ts';
import { SERVED_REFIT_EVERY } from './selection/engine-policy.ts';
import { describeInterleaving, interleavingPolicy } from './selection/interleaving.ts';
import type { InterleavingConfig } from './selection/interleaving.ts';
import { LEARNER_MODELS } from './selection/learner-families.ts';
import { LEARNER_VARIANTS } from './selection/learner.ts';
import type { LearnerModelName, LearnerVariant } from './selection/learner.ts';
import { easyToHardPolicy, enginePolicy, randomPolicy, threeInARowPolicy } from './selection/policy.ts';
import type { Policy } from './selection/policy.ts';
import { greedyReference, heuristicReference } from './selection/references.ts';
import { formatTable, summarise, verdict } from './selection/report.ts';
import type { PolicyFigures } from './selection/report.ts';
import { simulateSite } from './selection/simulate.ts';
import { TUNED_INTERLEAVING } from './selection/tuned-interleaving.ts';
import { FIRST_TUNING_SEED, TUNING_SEEDS, tuneInterleaving } from './selection/tuning.ts';

export const COURSE_SHAPES: readonly CourseShape[] = ['authored', 'generated'];

/** Options of the selection benchmark. */
export interface SelectionBenchOptions {
  readonly seed: number;
  readonly learners: number;
  readonly models: readonly LearnerModelName[];
  readonly shapes: readonly CourseShape[];
  readonly maxQuestions: number;
  /** Grid-search the interleaving rule on the tuning seeds first (else use the cached best configurations). */
  readonly tune: boolean;
  readonly tuneLearners: number;
  /**
   * Answers between refits of the tracing model (the server's model refit job; `SERVED_REFIT_EVERY` by default);
   * 0 = never.
   */
  readonly modelRefitEvery: number;
  /**
   * Learners changed from each family's own (`--variant`, `LEARNER_VARIANTS`): a check on learners the engine was not
   * developed against. The interleaving rule is then tuned for them first, as its cached configurations are not.
   */
  readonly variant?: LearnerVariant;
  /**
   * The engine alone over `seeds` (`--engine-only --seeds 2,3,4`): one line per table with the figures per seed, to
   * compare engine variants on several development seeds (docs/engine.md); absent = the full comparison on `seed`.
   */
  readonly engineOnlySeeds?: readonly number[];
}

/** One (learner model, course shape) of a run. */
export interface SelectionBenchResult {
  readonly model: LearnerModelName;
  readonly shape: CourseShape;
  readonly interleaving: InterleavingConfig;
  readonly rows: readonly PolicyFigures[];
  readonly passed: boolean;
}

/** Parses the command line; throws on unknown flags or values out of range. */
export function parseSelectionBenchArgs(argv: readonly string[]): SelectionBenchOptions {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      seed: { type: 'string', default: '1' },
      learners: { type: 'string', default: '90' },
      model: { type: 'string' },
      shape: { type: 'string' },
      'max-questions': { type: 'string', default: '600' },
      tune: { type: 'boolean', default: false },
      'tune-learners': { type: 'string', default: '40' },
      'model-refit': { type: 'string', default: String(SERVED_REFIT_EVERY) },
      'engine-only': { type: 'boolean', default: false },
      seeds: { type: 'string' },
      variant: { type: 'string' },
    },
  });
  const integer = (name: string, text: string, least: number): number => {
    const n = text.trim() === '' ? Number.NaN : Number(text);
    if (!Number.isInteger(n) || n < least) throw new RangeError(`--${name} must be an integer ≥ ${least}`);
    return n;
  };
  const evaluationSeed = (name: string, text: string): number => {
    const n = integer(name, text, 0);
    if (n >= FIRST_TUNING_SEED) {
      throw new RangeError(
        `--${name} must be below ${FIRST_TUNING_SEED}: seeds from there on are kept for tuning`,
      );
    }
    return n;
  };
  const seed = evaluationSeed('seed', values.seed);
  if ((values.seeds !== undefined) !== values['engine-only']) {
    throw new RangeError(
      '--engine-only and --seeds go together (--seeds 2,3,4: the development seeds to run)',
    );
  }
  if (values['engine-only'] && values.tune)
    throw new RangeError('--tune tunes the simple rule: not with --engine-only');
  const engineOnlySeeds = values.seeds?.split(',').map((text) => evaluationSeed('seeds', text.trim()));
  const oneOf = <T extends string>(
    name: string,
    list: readonly T[],
    value: string | undefined,
  ): readonly T[] => {
    if (value === undefined) return list;
    const found = list.find((x) => x === value);
    if (found === undefined) throw new RangeError(`--${name} must be one of ${list.join(', ')}`);
    return [found];
  };
  return {
    seed,
    learners: integer('learners', values.learners, 3),
    models: oneOf('model', LEARNER_MODELS, values.model),
    shapes: oneOf('shape', COURSE_SHAPES, values.shape),
    maxQuestions: integer('max-questions', values['max-questions'], 1),
    tune: values.tune,
    tuneLearners: integer('tune-learners', values['tune-learners'], 3),
    modelRefitEvery: integer('model-refit', values['model-refit'], 0),
    ...(engineOnlySeeds === undefined ? {} : { engineOnlySeeds }),
    ...(values.variant === undefined
      ? {}
      : { variant: oneOf('variant', Object.keys(LEARNER_VARIANTS) as LearnerVariant[], values.variant)[0]! }),
  };
}

/** The variant in a run's header line: what it changes, as factors on each family's own rates. */
function describeVariant(options: SelectionBenchOptions): string {
  if (options.variant === undefined) return '';
  const { learning, forgetting } = LEARNER_VARIANTS[options.variant];
  return `; learners varied: ${options.variant} (learning ×${learning}, forgetting ×${forgetting})`;
}

/** The policies side by side, the interleaving rule with `interleaving`. */
export function policiesFor(interleaving: InterleavingConfig): Policy[] {
  return [
    enginePolicy,
    randomPolicy,
    threeInARowPolicy,
    easyToHardPolicy,
    interleavingPolicy(interleaving),
    heuristicReference,
    greedyReference,
  ];
}

/** The engine's figures on one (learner model, course shape), one row per development seed. */
export interface EngineSeedsResult {
  readonly model: LearnerModelName;
  readonly shape: CourseShape;
  readonly seeds: readonly number[];
  readonly rows: readonly PolicyFigures[];
}

/**
 * The engine alone on every (learner model, course shape) asked for, over `seeds`: one line per table with the mean
 * questions to the goal over the seeds and per seed, false `mastered` and retention over the seeds, and the item
 * calibration per seed; then the mean over the tables. For comparing engine variants, which a single seed cannot
 * tell apart (docs/engine.md, "How noisy a development-seed comparison is").
 */
export function runEngineSeeds(
  options: SelectionBenchOptions,
  seeds: readonly number[],
  log: (line: string) => void,
): EngineSeedsResult[] {
  log(
    `bench:selection --engine-only — seeds ${seeds.join(', ')}, ${options.learners} learners per site, cap ` +
      `${options.maxQuestions} questions${describeVariant(options)}` +
      (options.modelRefitEvery > 0
        ? `, tracing model refitted every ${options.modelRefitEvery} answers`
        : ', cold-start tracing model'),
  );
  log('');
  log(
    '| table | questions (mean over seeds) | per seed | false `mastered` (bands shown) | retention at 30 days | ' +
      'questions on proficient skills | learning lost to missing prerequisites | difficulty r, first ⅓ → end, per seed |',
  );
  log('| --- | --- | --- | --- | --- | --- | --- | --- |');
  const results: EngineSeedsResult[] = [];
  const sum = (rows: readonly PolicyFigures[], of: (row: PolicyFigures) => number): number =>
    rows.reduce((s, row) => s + of(row), 0);
  const asked = (row: PolicyFigures): number => row.questions.reduce((s, q) => s + q, 0);
  for (const model of options.models) {
    for (const shape of options.shapes) {
      const rows = seeds.map((seed) =>
        summarise(
          enginePolicy,
          simulateSite({
            model,
            variant: options.variant,
            course: buildCourse(shape, seed),
            policy: enginePolicy,
            learners: options.learners,
            seed,
            maxQuestions: options.maxQuestions,
            withEngineAlongside: true,
            modelRefitEvery: options.modelRefitEvery,
          }),
        ),
      );
      const shown = sum(rows, (r) => r.masteredShown);
      const falseShown = sum(rows, (r) => (r.masteredShown === 0 ? 0 : r.falseMastery * r.masteredShown));
      /** A per-question share of each seed, pooled over every question the seeds asked. */
      const pooled = (share: (row: PolicyFigures) => number): string =>
        `${((100 * sum(rows, (r) => share(r) * asked(r))) / Math.max(1, sum(rows, asked))).toFixed(1)}%`;
      const cells = [
        `${model} × ${shape}`,
        (sum(rows, (r) => r.meanQuestions) / rows.length).toFixed(1),
        rows.map((r) => r.meanQuestions.toFixed(1)).join(' / '),
        shown === 0 ? 'n/a (0)' : `${((100 * falseShown) / shown).toFixed(1)}% (${shown})`,
        `${((100 * sum(rows, (r) => r.retention)) / rows.length).toFixed(1)}%`,
        pooled((r) => r.onProficientShare),
        pooled((r) => r.prerequisiteLoss),
        rows
          .map(
            (r) =>
              `${r.calibrationFirstThird.correlation.toFixed(2)} → ${r.calibrationEnd.correlation.toFixed(2)}`,
          )
          .join(', '),
      ];
      log(`| ${cells.join(' | ')} |`);
      results.push({ model, shape, seeds, rows });
    }
  }
  const means = results.map((r) => sum(r.rows, (row) => row.meanQuestions) / r.rows.length);
  log('');
  log(
    `Mean over the ${results.length} tables: ${(means.reduce((s, m) => s + m, 0) / means.length).toFixed(1)} questions.`,
  );
  return results;
}

/** Runs every (learner model, course shape) asked for and prints a table and a verdict for each. */
export function runSelectionBench(
  options: SelectionBenchOptions,
  log: (line: string) => void,
): SelectionBenchResult[] {
  log(
    `bench:selection — seed ${options.seed}, ${options.learners} learners per site, cap ${options.maxQuestions} questions${describeVariant(options)}, ` +
      `quizzes of 5 every 1–3 days; proficient = P(correct) ≥ 0.8 on a medium item a day later; goal = 80% of skills` +
      (options.modelRefitEvery > 0
        ? `; tracing model refitted every ${options.modelRefitEvery} answers of a site`
        : '; cold-start tracing model (no refit)'),
  );
  const results: SelectionBenchResult[] = [];
  for (const model of options.models) {
    for (const shape of options.shapes) {
      const tune = options.tune || options.variant !== undefined;
      const interleaving = tune
        ? tuneInterleaving(model, shape, options.tuneLearners, options.maxQuestions, log, options.variant)
        : TUNED_INTERLEAVING[`${model}/${shape}`];
      const course = buildCourse(shape, options.seed);
      const rows = policiesFor(interleaving).map((policy) =>
        summarise(
          policy,
          simulateSite({
            model,
            course,
            policy,
            variant: options.variant,
            learners: options.learners,
            seed: options.seed,
            maxQuestions: options.maxQuestions,
            withEngineAlongside: true,
            modelRefitEvery: options.modelRefitEvery,
          }),
        ),
      );
      const judged = verdict(rows, {
        threeInARow: threeInARowPolicy.name,
        random: randomPolicy.name,
        greedy: greedyReference.name,
      });
      log('');
      log(
        `### ${model} learners${options.variant === undefined ? '' : ` (${options.variant})`} × ${shape} course (${course.skills.length} skills; interleaving ${tune ? 'tuned now' : 'cached'}: ${describeInterleaving(interleaving)})`,
      );
      log('');
      for (const line of formatTable(rows)) log(line);
      log('');
      for (const line of judged.lines) log(line);
      results.push({ model, shape, interleaving, rows, passed: judged.passed });
    }
  }
  if (options.tune) {
    log('');
    log(
      `Tuned on seeds ${TUNING_SEEDS.join(', ')} (${options.tuneLearners} learners each); for tuned-interleaving.ts:`,
    );
    for (const r of results) {
      const c = r.interleaving;
      log(
        `  '${r.model}/${r.shape}': { window: ${c.window}, streak: ${c.streak}, reviewEvery: ${c.reviewEvery} },`,
      );
    }
  }
  log('');
  log(
    `Verdict: the engine ${results.every((r) => r.passed) ? 'meets' : 'does NOT meet'} every target on every table.`,
  );
  return results;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const options = parseSelectionBenchArgs(process.argv.slice(2));
  const log = (line: string) => console.log(line);
  if (options.engineOnlySeeds) runEngineSeeds(options, options.engineOnlySeeds, log);
  else runSelectionBench(options, log);
}
