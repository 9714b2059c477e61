// The evaluation harness CLI:
// `npm run bench:engine -- [--data DIR] [--model NAME] [--pred-out FILE] [--cv K] [--fit-timing]
// [--selection-answers N]`.
import { readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseGervet } from '../src/evaluation/dataset.ts';
import {
  crossValidate,
  replayPredictions,
  replayPredictionsThroughStates,
  stateBytesPerLearner,
} from '../src/evaluation/harness.ts';
import { replayAsServed } from '../src/evaluation/as-served.ts';
import type { AsServedOptions } from '../src/evaluation/as-served.ts';
import { score } from '../src/evaluation/metrics.ts';
import { difficultyFromPrior } from '../src/tracing/item-difficulty.ts';
import { MODEL_TRAINERS } from '../src/tracing/models.ts';
import { measureSelectionCost } from './selection-cost.ts';
import type { AttemptLog } from '../src/tracing/types.ts';

const REPOSITORY_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const DEFAULT_DATA_DIR = resolve(REPOSITORY_ROOT, '../shared/data/kt/assist2009-gervet');
const PRODUCTION_MODEL = 'vidya-lr';
const REPLAY_RUNS = 5;
/** Attempts between two runs of the refit job in the as-served replay (the train split holds about 220,000). */
const DEFAULT_REFIT_EVERY = 50_000;
// The data set has no content levels: every item gets the middle authored level's prior, as a new item would.
const AS_SERVED_PRIOR = difficultyFromPrior(2, 3);

/** Parsed command-line options of the harness. */
export interface EngineBenchOptions {
  readonly dataDir: string;
  readonly models: readonly string[];
  readonly predOut?: string;
  readonly predModel: string;
  readonly folds: number;
  readonly seed: number;
  /** Also time the production model's fit on train and test rows together (nothing is scored on that fit). */
  readonly isFitTiming: boolean;
  /** Answers timed through selection and recording (`--selection-answers`; 20,000 by default, 0 = skip). */
  readonly selectionAnswers: number;
  /** Replay the production model as the server runs it (with vidya-lr); `--no-as-served` skips it. */
  readonly isAsServed: boolean;
  /** Attempts between refits in the as-served replay (`--refit-every N`). */
  readonly refitEvery: number;
}

/** Parses `--data DIR --model NAME --pred-out FILE --cv K --seed N --fit-timing --no-as-served --refit-every N`. */
export function parseEngineBenchArgs(argv: readonly string[]): EngineBenchOptions {
  const value = (flag: string): string | undefined => {
    const i = argv.indexOf(flag);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const model = value('--model');
  if (model !== undefined && !(model in MODEL_TRAINERS)) {
    throw new Error(`unknown model ${model}; known: ${Object.keys(MODEL_TRAINERS).join(', ')}`);
  }
  const predOut = value('--pred-out');
  return {
    dataDir: resolve(value('--data') ?? DEFAULT_DATA_DIR),
    models: model === undefined ? Object.keys(MODEL_TRAINERS) : [model],
    predModel: model ?? PRODUCTION_MODEL,
    folds: Number(value('--cv') ?? 0),
    seed: Number(value('--seed') ?? 1),
    isFitTiming: argv.includes('--fit-timing'),
    selectionAnswers: Number(value('--selection-answers') ?? 20_000),
    isAsServed: !argv.includes('--no-as-served'),
    refitEvery: Number(value('--refit-every') ?? DEFAULT_REFIT_EVERY),
    ...(predOut === undefined ? {} : { predOut: resolve(predOut) }),
  };
}

/** One row of the printed table. */
export interface EngineBenchRow {
  readonly model: string;
  readonly auc: number;
  readonly rmse: number;
  readonly logLoss: number;
  readonly accuracy: number;
  readonly fitSeconds: number;
  /** The fit's CPU seconds (user + system) of this process. */
  readonly fitCpuSeconds: number;
  readonly answersPerSecond: number;
  /** The same per second of this process's CPU time (user + system). */
  readonly answersPerCpuSecond: number;
  readonly stateBytes: number;
  readonly cvAuc?: number;
}

/** Fits every model on the train learners, scores it once on the test learners, and returns the table rows. */
export function runEngineBench(options: EngineBenchOptions, log: (line: string) => void): EngineBenchRow[] {
  const read = (name: string): string => readFileSync(resolve(options.dataDir, name), 'utf8');
  const data = parseGervet({
    train: read('preprocessed_data_train.csv'),
    test: read('preprocessed_data_test.csv'),
    qMatrix: read('q_matrix.csv'),
  });
  log(`data: ${options.dataDir} (train ${data.train.item.length} rows, test ${data.test.item.length} rows)`);
  log('');
  log(
    `load average at start: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')}`,
  );
  log('');
  log(
    '| model | AUC | RMSE | log-loss | accuracy | fit s (wall) | fit s (CPU) | answers/s (wall) | answers/s (CPU) | state bytes/learner |' +
      (options.folds > 1 ? ` ${options.folds}-fold CV AUC |` : ''),
  );
  log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |' + (options.folds > 1 ? ' --- |' : ''));
  const notes: string[] = [];
  const rows: EngineBenchRow[] = [];
  for (const name of options.models) {
    const trainer = MODEL_TRAINERS[name]!;
    const fitStart = performance.now();
    const fitCpuStart = process.cpuUsage();
    const model = trainer(data.train, options.seed);
    const fitSeconds = (performance.now() - fitStart) / 1000;
    const fitCpu = process.cpuUsage(fitCpuStart);
    const predictions = replayPredictions(model, data.test);
    // Time further replays once the JIT has warmed up (predictions are identical) and report the median speed
    // (predict + update per answer, grouping included), so one descheduling on the shared cores does not decide it.
    // The CPU-time figure counts only the time this process ran, so other jobs on the shared cores do not lower it.
    const speeds: number[] = [];
    const cpuSpeeds: number[] = [];
    for (let run = 0; run < REPLAY_RUNS; run++) {
      const replayStart = performance.now();
      const cpuStart = process.cpuUsage();
      replayPredictions(model, data.test);
      const cpu = process.cpuUsage(cpuStart);
      speeds.push(data.test.item.length / ((performance.now() - replayStart) / 1000));
      cpuSpeeds.push(data.test.item.length / (Math.max(1, cpu.user + cpu.system) / 1e6));
    }
    const median = (values: number[]): number => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const answersPerSecond = median(speeds);
    const answersPerCpuSecond = median(cpuSpeeds);
    const scores = score(predictions, data.test.correct);
    const cvAuc =
      options.folds > 1 ? crossValidate(trainer, data.train, options.folds, options.seed).auc : undefined;
    const row: EngineBenchRow = {
      model: name,
      auc: scores.auc,
      rmse: scores.rmse,
      logLoss: scores.logLoss,
      accuracy: scores.accuracy,
      fitSeconds,
      fitCpuSeconds: (fitCpu.user + fitCpu.system) / 1e6,
      answersPerSecond,
      answersPerCpuSecond,
      stateBytes: stateBytesPerLearner(model, data.test),
      ...(cvAuc === undefined ? {} : { cvAuc }),
    };
    rows.push(row);
    log(
      `| ${name} | ${row.auc.toFixed(4)} | ${row.rmse.toFixed(4)} | ${row.logLoss.toFixed(4)} | ${row.accuracy.toFixed(4)} | ` +
        `${row.fitSeconds.toFixed(1)} | ${row.fitCpuSeconds.toFixed(1)} | ${Math.round(row.answersPerSecond).toLocaleString('en')} | ` +
        `${Math.round(row.answersPerCpuSecond).toLocaleString('en')} | ${Math.round(row.stateBytes)} |` +
        (cvAuc === undefined ? '' : ` ${cvAuc.toFixed(4)} |`),
    );
    if (name === PRODUCTION_MODEL) {
      // The server does not use the flat replay: it predicts and updates JSON-safe state objects one answer at a time.
      const cpuStart = process.cpuUsage();
      replayPredictionsThroughStates(model, data.test);
      const cpu = process.cpuUsage(cpuStart);
      const perCpuSecond = data.test.item.length / (Math.max(1, cpu.user + cpu.system) / 1e6);
      notes.push(
        `${name} through the object API (predict + update on JSON state objects, as the server runs it): ` +
          `${Math.round(perCpuSecond).toLocaleString('en')} answers/s (CPU)`,
      );
    }
    if (options.predOut !== undefined && name === options.predModel) {
      writeFileSync(options.predOut, Array.from(predictions, (p) => String(p)).join('\n') + '\n');
    }
  }
  if (options.isFitTiming) {
    // Timing only: the issue asks for a fit of 250,000 attempts in under a minute, more than the train split holds.
    const { train, test } = data;
    const rows = {
      learner: Int32Array.from([...train.learner, ...test.learner]),
      item: Int32Array.from([...train.item, ...test.item]),
      correct: Uint8Array.from([...train.correct, ...test.correct]),
      timeMs: Float64Array.from([...train.timeMs, ...test.timeMs]),
      items: train.items,
    };
    const start = performance.now();
    const cpuStart = process.cpuUsage();
    MODEL_TRAINERS[PRODUCTION_MODEL]!(rows, options.seed);
    const cpu = process.cpuUsage(cpuStart);
    notes.push(
      `${PRODUCTION_MODEL} fit on train + test rows together (${rows.item.length.toLocaleString('en')} attempts, ` +
        `timing only): ${((performance.now() - start) / 1000).toFixed(1)} s wall, ` +
        `${((cpu.user + cpu.system) / 1e6).toFixed(1)} s CPU`,
    );
  }
  if (options.selectionAnswers > 0) {
    for (const [skills, shape] of [
      [26, 'generated'],
      [15, 'authored'],
    ] as const) {
      const selection = measureSelectionCost(options.selectionAnswers, skills, shape);
      notes.push(
        `selection per answer (selectNextItem + recordAnswer, ${selection.skills}-skill ${shape} course, ` +
          `${selection.answers.toLocaleString('en')} answers): ${selection.microsecondsPerAnswer.toFixed(1)} µs CPU`,
      );
    }
  }
  log('');
  for (const note of notes) log(note);
  if (options.isAsServed && options.models.includes(PRODUCTION_MODEL)) runAsServed(data, options, log);
  log(
    `load average at end: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')}`,
  );
  return rows;
}

/** One row of the as-served table. */
export interface AsServedRow {
  readonly variant: string;
  readonly auc: number;
  readonly rmse: number;
  readonly logLoss: number;
  readonly refits: number;
}

/**
 * Replays the train learners (warm-up, not scored) then the test learners one after another through the server's
 * code path (`replayAsServed`), in three variants: today's server (cold-start weights, online item statistics), the
 * same with the periodic refit job, and with no item statistics at all.
 */
export function runAsServed(
  data: { readonly train: AttemptLog; readonly test: AttemptLog },
  options: Pick<EngineBenchOptions, 'refitEvery'>,
  log: (line: string) => void,
): AsServedRow[] {
  const variants: ReadonlyArray<readonly [string, AsServedOptions]> = [
    [
      'unfitted, online item statistics (no refit job)',
      { isItemStatistics: true, priorDifficulty: AS_SERVED_PRIOR },
    ],
    [
      `refit job every ${options.refitEvery.toLocaleString('en')} attempts, online item statistics`,
      { isItemStatistics: true, priorDifficulty: AS_SERVED_PRIOR, refitEvery: options.refitEvery },
    ],
    ['unfitted, no item statistics', { isItemStatistics: false, priorDifficulty: AS_SERVED_PRIOR }],
  ];
  log('');
  log(
    'As served (recordAnswer per answer; train learners replayed first as warm-up, then the test learners one ' +
      'after another; only test answers scored):',
  );
  log('');
  log('| as served | AUC | RMSE | log-loss | refits (attempts recorded) | s (wall) | s (CPU) |');
  log('| --- | --- | --- | --- | --- | --- | --- |');
  const rows: AsServedRow[] = [];
  for (const [variant, asServed] of variants) {
    const start = performance.now();
    const cpuStart = process.cpuUsage();
    const result = replayAsServed(data.train, data.test, asServed);
    const cpu = process.cpuUsage(cpuStart);
    const scores = score(result.predictions, data.test.correct);
    rows.push({
      variant,
      auc: scores.auc,
      rmse: scores.rmse,
      logLoss: scores.logLoss,
      refits: result.refits.length,
    });
    const refits =
      result.refits.length === 0
        ? '0'
        : `${result.refits.length} (${result.refits.map((n) => n.toLocaleString('en')).join(', ')})`;
    log(
      `| ${variant} | ${scores.auc.toFixed(4)} | ${scores.rmse.toFixed(4)} | ${scores.logLoss.toFixed(4)} | ${refits} | ` +
        `${((performance.now() - start) / 1000).toFixed(1)} | ${((cpu.user + cpu.system) / 1e6).toFixed(1)} |`,
    );
  }
  log('');
  return rows;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runEngineBench(parseEngineBenchArgs(process.argv.slice(2)), (line) => console.log(line));
}
