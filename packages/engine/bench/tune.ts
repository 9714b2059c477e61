// Feature/option tuning on the TRAIN learners only (the test file is never read):
// `npx tsx packages/engine/bench/tune.ts '{"name": {"features": {...}}, ...}' [--folds 5] [--data DIR]`
// fits Vidya-LR with each variant's overrides on 4/5 of the train learners and scores the held-out fifth, for
// `--folds` of the 5 learner-level folds (pooled AUC and log-loss).
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { learnerRanges, parseGervet, selectRanges } from '../src/evaluation/dataset.ts';
import { replayPredictions } from '../src/evaluation/harness.ts';
import { score } from '../src/evaluation/metrics.ts';
import type { LogisticFeatures, LogisticOptions } from '../src/tracing/logistic-state.ts';
import { LogisticTracer } from '../src/tracing/logistic-tracer.ts';
import { VIDYA_LR_OPTIONS } from '../src/tracing/models.ts';

const DEFAULT_DATA_DIR = resolve(
  dirname(fileURLToPath(import.meta.url)),
  '../../../../shared/data/kt/assist2009-gervet',
);
const ALL_FOLDS = 5;

type Variant = Partial<Omit<LogisticOptions, 'features'>> & { readonly features?: Partial<LogisticFeatures> };

/** Pooled held-out scores of each variant over the first `folds` of 5 learner-level folds of the train log. */
export function tuneOnTrain(
  dataDir: string,
  variants: Readonly<Record<string, Variant>>,
  folds: number,
  log: (line: string) => void,
): void {
  // Only the train file is parsed (the item table is shared; the test file plays no part).
  const data = parseGervet({
    train: readFileSync(resolve(dataDir, 'preprocessed_data_train.csv'), 'utf8'),
    test: 'user_id\titem_id\ttimestamp\tcorrect\tskill_id\n',
    qMatrix: readFileSync(resolve(dataDir, 'q_matrix.csv'), 'utf8'),
  });
  const ranges = learnerRanges(data.train);
  for (const [name, variant] of Object.entries(variants)) {
    const options: LogisticOptions = {
      ...VIDYA_LR_OPTIONS,
      ...variant,
      features: { ...VIDYA_LR_OPTIONS.features, ...variant.features },
    };
    const predictions: number[] = [];
    const outcomes: number[] = [];
    for (let fold = 0; fold < folds; fold++) {
      const fit = selectRanges(
        data.train,
        ranges.filter((_, i) => i % ALL_FOLDS !== fold),
      );
      const held = selectRanges(
        data.train,
        ranges.filter((_, i) => i % ALL_FOLDS === fold),
      );
      const p = replayPredictions(LogisticTracer.fit(fit, options), held);
      for (let r = 0; r < p.length; r++) {
        predictions.push(p[r]!);
        outcomes.push(held.correct[r]!);
      }
    }
    const scores = score(predictions, outcomes);
    log(
      `${name}: AUC ${scores.auc.toFixed(4)}, log-loss ${scores.logLoss.toFixed(4)} (${folds} of ${ALL_FOLDS} folds)`,
    );
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const argv = process.argv.slice(2);
  const flag = (name: string): string | undefined => {
    const i = argv.indexOf(name);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  tuneOnTrain(
    resolve(flag('--data') ?? DEFAULT_DATA_DIR),
    JSON.parse(argv[0] ?? '{"current":{}}') as Record<string, Variant>,
    Number(flag('--folds') ?? 1),
    (line) => console.log(line),
  );
}
