import type { AttemptLog, TracedItem } from '../tracing/types.ts';

/**
 * A seeded attempt log for tests: `learners` learners answering `perLearner` of `items` each (drawn at random), each
 * answer correct with chance `success(item index, answer number of that learner)`.
 */
export function syntheticLog(options: {
  seed: number;
  items: TracedItem[];
  learners: number;
  perLearner: number;
  success: (item: number, n: number) => number;
}): AttemptLog {
  const { seed, items, learners, perLearner, success } = options;
  let a = seed;
  const random = (): number => (a = (a * 1103515245 + 12345) % 2147483648) / 2147483648;
  const rows = learners * perLearner;
  const learner = new Int32Array(rows);
  const item = new Int32Array(rows);
  const correct = new Uint8Array(rows);
  for (let r = 0; r < rows; r++) {
    learner[r] = Math.floor(r / perLearner);
    item[r] = Math.floor(random() * items.length);
    correct[r] = random() < success(item[r]!, r % perLearner) ? 1 : 0;
  }
  return { learner, item, correct, timeMs: new Float64Array(rows), items };
}
