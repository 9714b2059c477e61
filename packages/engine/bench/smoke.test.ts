import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseEngineBenchArgs, runEngineBench } from './engine.bench.ts';

const dir = mkdtempSync(join(tmpdir(), 'vidya-engine-smoke-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function writeSyntheticGervet(): void {
  let seed = 11;
  const random = (): number => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const header = 'user_id\titem_id\ttimestamp\tcorrect\tskill_id';
  const rows = (from: number, to: number): string =>
    [header]
      .concat(
        Array.from({ length: (to - from) * 20 }, (_, r) => {
          const user = from + Math.floor(r / 20);
          const item = Math.floor(random() * 30);
          const correct = random() < 0.4 + 0.02 * (r % 20) ? 1 : 0;
          return `${user}\t${item}\t${1_600_000_000 + r * 60}\t${correct}\t${item % 5}`;
        }),
      )
      .join('\n');
  writeFileSync(join(dir, 'preprocessed_data_train.csv'), rows(0, 16));
  writeFileSync(join(dir, 'preprocessed_data_test.csv'), rows(16, 22));
  const q = [
    'item_id,skill_ids',
    ...Array.from({ length: 30 }, (_, i) => `${i},${i % 5}${i % 7 === 0 ? `;${(i + 1) % 5}` : ''}`),
  ];
  writeFileSync(join(dir, 'q_matrix.csv'), q.join('\n'));
}

describe('bench:engine smoke run', () => {
  it('fits and scores every model and writes one prediction per test row', () => {
    writeSyntheticGervet();
    const predOut = join(dir, 'pred.txt');
    const printed: string[] = [];
    const rows = runEngineBench(
      parseEngineBenchArgs([
        '--data',
        dir,
        '--pred-out',
        predOut,
        '--cv',
        '2',
        '--fit-timing',
        '--selection-answers',
        '200',
        '--refit-every',
        '100',
      ]),
      (line) => printed.push(line),
    );
    expect(printed.some((line) => line.includes('object API'))).toBe(true);
    expect(printed.some((line) => line.includes('train + test rows together (440 attempts'))).toBe(true);
    expect(rows.map((r) => r.model)).toContain('vidya-lr');
    // 320 warm-up and 120 test answers: the refit job runs at 100, 200, 300 and 400 recorded attempts.
    expect(printed).toContainEqual(
      expect.stringMatching(
        /^\| refit job every 100 attempts, online item statistics \| 0\.\d+ .*\| 4 \(100, 200, 300, 400\) \|/,
      ),
    );
    expect(printed.some((line) => line.startsWith('| unfitted, no item statistics | 0.'))).toBe(true);
    for (const row of rows) expect(row.auc).toBeGreaterThan(0);
    const lines = readFileSync(predOut, 'utf8').trim().split('\n');
    expect(lines).toHaveLength(6 * 20);
    expect(lines.every((l) => Number(l) > 0 && Number(l) < 1)).toBe(true);
  });
});
