import type { AttemptLog, TracedItem } from '../tracing/types.ts';

/** The Gervet-format files of a data set, as text (the caller does the I/O). */
export interface GervetFiles {
  readonly train: string;
  readonly test: string;
  readonly qMatrix: string;
}

/** A train/test split in column form, sharing one item table. */
export interface GervetDataset {
  readonly train: AttemptLog;
  readonly test: AttemptLog;
}

function parseQMatrix(text: string): Map<number, string[]> {
  const skillsByItem = new Map<number, string[]>();
  const lines = text.split('\n');
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (line === '') continue;
    const comma = line.indexOf(',');
    const itemId = Number(line.slice(0, comma));
    const skills = line
      .slice(comma + 1)
      .split(';')
      .map((s) => s.trim())
      .filter((s) => s !== '');
    skillsByItem.set(itemId, skills);
  }
  return skillsByItem;
}

function parseRows(
  text: string,
  itemIndex: Map<number, number>,
  items: TracedItem[],
  skillsByItem: Map<number, string[]>,
): AttemptLog {
  const lines = text.split('\n');
  const header = lines[0]!.trim().split('\t');
  const column = (name: string): number => {
    const index = header.indexOf(name);
    if (index < 0) throw new Error(`missing column ${name}`);
    return index;
  };
  const [userCol, itemCol, timeCol, correctCol, skillCol] = [
    column('user_id'),
    column('item_id'),
    column('timestamp'),
    column('correct'),
    column('skill_id'),
  ];
  const rows = lines.slice(1).filter((l) => l.trim() !== '');
  const learner = new Int32Array(rows.length);
  const item = new Int32Array(rows.length);
  const correct = new Uint8Array(rows.length);
  const timeMs = new Float64Array(rows.length);
  rows.forEach((line, r) => {
    const fields = line.split('\t');
    const itemId = Number(fields[itemCol]);
    let index = itemIndex.get(itemId);
    if (index === undefined) {
      index = items.length;
      itemIndex.set(itemId, index);
      // Items missing from the Q-matrix fall back to the row's skill combination.
      const skills = skillsByItem.get(itemId) ?? [`combination-${fields[skillCol]}`];
      items.push({ id: String(itemId), skills });
    }
    learner[r] = Number(fields[userCol]);
    item[r] = index;
    correct[r] = Number(fields[correctCol]) === 1 ? 1 : 0;
    // Gervet timestamps are in seconds.
    timeMs[r] = Number(fields[timeCol]) * 1000;
  });
  return { learner, item, correct, timeMs, items };
}

/** Parses Gervet-format train/test files (tab-separated rows, `item_id,skill_ids` Q-matrix) into attempt logs. */
export function parseGervet(files: GervetFiles): GervetDataset {
  const skillsByItem = parseQMatrix(files.qMatrix);
  const itemIndex = new Map<number, number>();
  const items: TracedItem[] = [];
  const train = parseRows(files.train, itemIndex, items, skillsByItem);
  const test = parseRows(files.test, itemIndex, items, skillsByItem);
  return { train: { ...train, items }, test: { ...test, items } };
}

/** Row ranges [start, end) of each learner's consecutive block of rows. */
export function learnerRanges(log: AttemptLog): Array<readonly [number, number]> {
  const ranges: Array<readonly [number, number]> = [];
  let start = 0;
  for (let r = 1; r <= log.learner.length; r++) {
    if (r === log.learner.length || log.learner[r] !== log.learner[start]) {
      ranges.push([start, r]);
      start = r;
    }
  }
  return ranges;
}

/** The sub-log holding the given learners' row ranges, in the given order. */
export function selectRanges(log: AttemptLog, ranges: ReadonlyArray<readonly [number, number]>): AttemptLog {
  const size = ranges.reduce((sum, [a, b]) => sum + b - a, 0);
  const learner = new Int32Array(size);
  const item = new Int32Array(size);
  const correct = new Uint8Array(size);
  const timeMs = new Float64Array(size);
  let offset = 0;
  for (const [a, b] of ranges) {
    learner.set(log.learner.subarray(a, b), offset);
    item.set(log.item.subarray(a, b), offset);
    correct.set(log.correct.subarray(a, b), offset);
    timeMs.set(log.timeMs.subarray(a, b), offset);
    offset += b - a;
  }
  return { learner, item, correct, timeMs, items: log.items };
}
