// The figures and tables bench:selection prints, and the verdict against issue 28's targets.
import type { Policy } from './policy.ts';
import type { Calibration, LearnerResult, SiteResult } from './simulate.ts';

/** One policy's figures on one (learner model, course shape). */
export interface PolicyFigures {
  readonly policy: string;
  readonly kind: Policy['kind'];
  readonly meanQuestions: number;
  /** Questions to the goal per learner, in arrival order (the same simulated people under every policy). */
  readonly questions: readonly number[];
  readonly firstThirdQuestions: number;
  readonly lastThirdQuestions: number;
  readonly reachedShare: number;
  /** Share of `mastered` bands (the engine's, run alongside for other policies) truly below the bar. */
  readonly falseMastery: number;
  /** How many `mastered` bands that share is of (one per skill shown `mastered` at the end of each quiz). */
  readonly masteredShown: number;
  readonly onProficientShare: number;
  /** Learning lost to missing prerequisites per question asked (`LearnerResult.prerequisiteLoss`). */
  readonly prerequisiteLoss: number;
  readonly retention: number;
  readonly repeatShare: number;
  readonly calibrationFirstThird: Calibration;
  readonly calibrationEnd: Calibration;
}

const mean = (xs: readonly number[]): number =>
  xs.length === 0 ? Number.NaN : xs.reduce((s, x) => s + x, 0) / xs.length;

/** Sums a site's per-learner figures into one row. */
export function summarise(policy: Policy, result: SiteResult): PolicyFigures {
  const { learners } = result;
  const third = Math.max(1, Math.floor(learners.length / 3));
  const questions = learners.map((l) => l.questions);
  const asked = questions.reduce((s, q) => s + q, 0);
  const shown = learners.reduce((s, l) => s + l.masteredShown, 0);
  /** A per-learner count summed over the site, per question asked. */
  const perQuestion = (count: (l: LearnerResult) => number): number =>
    learners.reduce((s, l) => s + count(l), 0) / Math.max(1, asked);
  return {
    policy: policy.name,
    kind: policy.kind,
    meanQuestions: mean(questions),
    questions,
    firstThirdQuestions: mean(questions.slice(0, third)),
    lastThirdQuestions: mean(questions.slice(-third)),
    reachedShare: learners.filter((l) => l.reached).length / learners.length,
    falseMastery: shown === 0 ? Number.NaN : learners.reduce((s, l) => s + l.masteredFalse, 0) / shown,
    masteredShown: shown,
    onProficientShare: perQuestion((l) => l.onProficient),
    prerequisiteLoss: perQuestion((l) => l.prerequisiteLoss),
    retention: mean(learners.map((l) => l.retention)),
    repeatShare: perQuestion((l) => l.repeats),
    calibrationFirstThird: result.calibrationFirstThird,
    calibrationEnd: result.calibrationEnd,
  };
}

const percent = (x: number): string => (Number.isNaN(x) ? 'n/a' : `${(100 * x).toFixed(1)}%`);
const fixed = (x: number, digits = 1): string => (Number.isNaN(x) ? 'n/a' : x.toFixed(digits));

/**
 * The mean per-learner difference `a − b` in questions to the goal and its standard error: the same simulated people
 * pass under every policy, so the difference is paired learner by learner.
 */
export function pairedDifference(
  a: PolicyFigures,
  b: PolicyFigures,
): { readonly mean: number; readonly standardError: number } {
  const n = Math.min(a.questions.length, b.questions.length);
  const differences = Array.from({ length: n }, (_, i) => a.questions[i]! - b.questions[i]!);
  const m = mean(differences);
  const variance = differences.reduce((s, d) => s + (d - m) ** 2, 0) / Math.max(1, n - 1);
  return { mean: m, standardError: Math.sqrt(variance / Math.max(1, n)) };
}

/** The markdown table of one (learner model, course shape). */
export function formatTable(rows: readonly PolicyFigures[]): string[] {
  const lines = [
    '| policy | questions to 80% proficient (mean) | first ⅓ / last ⅓ learners | reached within cap | false `mastered` (bands shown) | questions on proficient skills | learning lost to missing prerequisites | retention at 30 days | repeated items | difficulty r, first ⅓ → end | difficulty MAE, first ⅓ → end |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const r of rows) {
    lines.push(
      `| ${r.policy} | ${fixed(r.meanQuestions)} | ${fixed(r.firstThirdQuestions)} / ${fixed(r.lastThirdQuestions)} | ${percent(r.reachedShare)} | ${percent(r.falseMastery)} (${r.masteredShown}) | ${percent(r.onProficientShare)} | ${percent(r.prerequisiteLoss)} | ${percent(r.retention)} | ${percent(r.repeatShare)} | ${fixed(r.calibrationFirstThird.correlation, 2)} → ${fixed(r.calibrationEnd.correlation, 2)} | ${fixed(r.calibrationFirstThird.meanAbsError, 2)} → ${fixed(r.calibrationEnd.meanAbsError, 2)} |`,
    );
  }
  return lines;
}

/** "+12.3 ± 4.5": a paired difference with its standard error. */
const signed = (d: { readonly mean: number; readonly standardError: number }): string =>
  `${d.mean >= 0 ? '+' : '−'}${fixed(Math.abs(d.mean))} ± ${fixed(d.standardError)}`;

/** Fewer questions than `baseline`, as a share of the baseline's. */
export const saving = (policy: PolicyFigures, baseline: PolicyFigures): number =>
  1 - policy.meanQuestions / baseline.meanQuestions;

/** Largest fall of calibration correlation from the first third to the end that still counts as no drift. */
const DRIFT_CORRELATION_TOLERANCE = 0.02;

/** One verdict line per target for the engine on one (learner model, course shape); `passed` is false if any fails. */
export function verdict(
  rows: readonly PolicyFigures[],
  names: { readonly threeInARow: string; readonly random: string; readonly greedy: string },
): { lines: string[]; passed: boolean } {
  const find = (name: string): PolicyFigures => {
    const row = rows.find((r) => r.policy === name);
    if (row === undefined) throw new Error(`no row for ${name}`);
    return row;
  };
  const engine = find('engine');
  const threeInARow = find(names.threeInARow);
  const random = find(names.random);
  const greedy = find(names.greedy);
  const simple = rows.filter((r) => r.kind === 'simple rule');
  const fastestSimple = simple.reduce((a, b) => (b.meanQuestions < a.meanQuestions ? b : a));
  const fixedRules = simple.filter((r) => r.policy !== names.random && !r.policy.startsWith('interleaving'));
  const drift = engine.calibrationFirstThird.correlation - engine.calibrationEnd.correlation;
  const checks: [boolean, string][] = [
    [
      engine.meanQuestions <= fastestSimple.meanQuestions,
      `must: never slower than any simple rule — engine ${fixed(engine.meanQuestions)} vs fastest simple rule ${fastestSimple.policy} ${fixed(fastestSimple.meanQuestions)} (paired difference ${signed(pairedDifference(engine, fastestSimple))} questions per learner)`,
    ],
    [
      saving(engine, threeInARow) >= 0.2,
      `aim: ≥ 20% fewer questions than 3 right in a row — ${percent(saving(engine, threeInARow))}`,
    ],
    [
      saving(engine, random) >= 0.3,
      `aim: ≥ 30% fewer questions than random order — ${percent(saving(engine, random))}`,
    ],
    [engine.falseMastery < 0.05, `false mastery < 5% — ${percent(engine.falseMastery)}`],
    [
      fixedRules.every((r) => engine.retention >= r.retention),
      `retention ≥ the fixed curricula's — engine ${percent(engine.retention)} vs ${fixedRules.map((r) => `${r.policy} ${percent(r.retention)}`).join(', ')}`,
    ],
    [
      drift <= DRIFT_CORRELATION_TOLERANCE,
      `no drift of item difficulty — correlation with the truth ${fixed(engine.calibrationFirstThird.correlation, 2)} after the first third, ${fixed(engine.calibrationEnd.correlation, 2)} at the end`,
    ],
  ];
  const greedySaving = saving(greedy, threeInARow);
  const share = greedySaving > 0 ? saving(engine, threeInARow) / greedySaving : Number.NaN;
  const lines = checks.map(([ok, text]) => `- ${ok ? 'PASS' : 'FAIL'} ${text}`);
  lines.push(
    `- engine's saving over 3 right in a row is ${percent(share)} of the greedy reference's (${percent(greedySaving)})`,
  );
  return { lines, passed: checks.every(([ok]) => ok) };
}
