// bench:selection: `npm run bench:selection -- [--learners N] [--skills K] [--seed S]` compares the engine's selection
// with random order and a fixed easy-to-hard curriculum on simulated learners.
import { pathToFileURL } from 'node:url';
import { createProductionModel } from '../src/tracing/production-model.ts';
import { difficultyFromPrior } from '../src/tracing/item-difficulty.ts';
import { recordAnswer } from '../src/scheduling/record-answer.ts';
import type { SkillModelState } from '../src/scheduling/record-answer.ts';
import type { Selection } from '../src/selection/select-next-item.ts';
import { selectNextItem } from '../src/selection/select-next-item.ts';
import type { MasteryBand } from '../src/selection/mastery.ts';
import type { LogisticLearnerState } from '../src/tracing/logistic-state.ts';
import type { TracedItem } from '../src/tracing/types.ts';
import { buildCourse, seededRandom, SimulatedLearner } from './simulated-learner.ts';
import type { SimulatedCourse } from './simulated-learner.ts';

const QUIZ_LENGTH = 5;
const MS_PER_DAY = 86_400_000;
const MS_PER_QUESTION = 60_000;
const TARGET_KNOWN_SHARE = 0.8;

type PolicyName = 'engine' | 'random' | 'fixed curriculum';

/** Options of the selection benchmark. */
export interface SelectionBenchOptions {
  readonly learners: number;
  readonly skills: number;
  readonly seed: number;
  readonly maxQuestions: number;
}

/** One row of the printed table. */
export interface SelectionBenchRow {
  readonly policy: PolicyName;
  readonly meanQuestions: number;
  readonly reachedShare: number;
  readonly inBandShare: number;
  readonly masteredWrongShare: number;
}

interface LearnerRun {
  readonly questions: number;
  readonly reached: boolean;
  readonly inBand: number;
  readonly masteredChecks: number;
  readonly masteredWrong: number;
}

function runLearner(
  course: SimulatedCourse,
  policy: PolicyName,
  seed: number,
  maxQuestions: number,
): LearnerRun {
  const random = seededRandom(seed);
  const simulated = new SimulatedLearner(course, random);
  const choose = seededRandom(seed ^ 0x9e3779b9);
  const model = createProductionModel();
  const items: TracedItem[] = course.items.map((i) => ({
    id: i.id,
    skills: [i.skill],
    difficulty: difficultyFromPrior(i.difficulty, 5),
  }));
  const bankDifficulty = new Map(course.items.map((i) => [i.id, i.difficulty]));
  const courseSkills = course.skills.map((s) => ({ key: s.key, prerequisites: s.prerequisites }));
  let learner: LogisticLearnerState = model.initialLearnerState();
  const skills: Record<string, SkillModelState> = {};
  const bands: Record<string, MasteryBand> = {};
  const quizzes: string[][] = [];
  let questions = 0;
  let inBand = 0;
  let masteredChecks = 0;
  let masteredWrong = 0;
  const curriculum = course.items
    .slice()
    .sort((a, b) => a.skill.localeCompare(b.skill, 'en', { numeric: true }) || a.difficulty - b.difficulty);
  for (let day = 0; questions < maxQuestions && simulated.knownShare() < TARGET_KNOWN_SHARE; day++) {
    const quiz: string[] = [];
    let hasReview = false;
    for (let q = 0; q < QUIZ_LENGTH && questions < maxQuestions; q++) {
      const nowMs = day * MS_PER_DAY + q * MS_PER_QUESTION;
      let item: TracedItem;
      if (policy === 'engine') {
        const selection: Selection | undefined = selectNextItem(
          {
            learner,
            skills,
            quizItemIds: quiz,
            hasReviewInQuiz: hasReview,
            recentItemIds: quizzes.slice(-3).flat(),
          },
          items,
          { model, skills: courseSkills, nowMs },
        );
        if (selection === undefined) break;
        item = selection.item;
        hasReview ||= selection.reason === 'review';
      } else if (policy === 'random') {
        const open = items.filter((i) => !quiz.includes(i.id));
        item = open[Math.floor(choose() * open.length)]!;
      } else {
        item = items.find((i) => i.id === curriculum[questions % curriculum.length]!.id)!;
      }
      const skill = item.skills[0]!;
      const difficulty = bankDifficulty.get(item.id)!;
      const p = simulated.successProbability(skill, difficulty);
      if (p >= 0.5 && p <= 0.9) inBand++;
      const correct = simulated.answer(skill, difficulty);
      const outcome = recordAnswer(model, learner, skills, item, correct, nowMs);
      learner = outcome.learner;
      for (const [key, value] of Object.entries(outcome.skills)) {
        skills[key] = { tracing: value.tracing, review: value.review, evidence: value.evidence };
        bands[key] = value.mastery.band;
      }
      quiz.push(item.id);
      questions++;
      for (const [key, band] of Object.entries(bands)) {
        if (band !== 'mastered') continue;
        masteredChecks++;
        if (!simulated.knows(key)) masteredWrong++;
      }
      if (simulated.knownShare() >= TARGET_KNOWN_SHARE) break;
    }
    quizzes.push(quiz);
    simulated.passDay();
  }
  return {
    questions,
    reached: simulated.knownShare() >= TARGET_KNOWN_SHARE,
    inBand,
    masteredChecks,
    masteredWrong,
  };
}

/** Simulates every policy on the same learners (same seeds) and returns one row per policy. */
export function runSelectionBench(
  options: SelectionBenchOptions,
  log: (line: string) => void,
): SelectionBenchRow[] {
  const course = buildCourse(options.skills, 4);
  const policies: PolicyName[] = ['engine', 'random', 'fixed curriculum'];
  log(
    `${options.learners} simulated learners per policy, ${options.skills} skills, seed ${options.seed}, cap ${options.maxQuestions} questions`,
  );
  log('');
  log('| policy | questions to know 80% (mean) | reached 80% | answers in 0.5–0.9 band | `mastered` wrong |');
  log('| --- | --- | --- | --- | --- |');
  const rows = policies.map((policy) => {
    const runs = Array.from({ length: options.learners }, (_, i) =>
      runLearner(course, policy, options.seed * 100_003 + i, options.maxQuestions),
    );
    const totalQuestions = runs.reduce((s, r) => s + r.questions, 0);
    const checks = runs.reduce((s, r) => s + r.masteredChecks, 0);
    const row: SelectionBenchRow = {
      policy,
      meanQuestions: totalQuestions / runs.length,
      reachedShare: runs.filter((r) => r.reached).length / runs.length,
      inBandShare: runs.reduce((s, r) => s + r.inBand, 0) / Math.max(1, totalQuestions),
      masteredWrongShare: checks === 0 ? 0 : runs.reduce((s, r) => s + r.masteredWrong, 0) / checks,
    };
    log(
      `| ${policy} | ${row.meanQuestions.toFixed(1)} | ${(100 * row.reachedShare).toFixed(0)}% | ${(100 * row.inBandShare).toFixed(1)}% | ${(100 * row.masteredWrongShare).toFixed(1)}% |`,
    );
    return row;
  });
  const [engine, random, fixed] = rows;
  log('');
  log(
    `engine needs ${(100 * (1 - engine!.meanQuestions / random!.meanQuestions)).toFixed(0)}% fewer questions than random and ${(100 * (1 - engine!.meanQuestions / fixed!.meanQuestions)).toFixed(0)}% fewer than the fixed curriculum`,
  );
  return rows;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const argv = process.argv.slice(2);
  const value = (flag: string, fallback: number): number => {
    const i = argv.indexOf(flag);
    return i >= 0 ? Number(argv[i + 1]) : fallback;
  };
  runSelectionBench(
    {
      learners: value('--learners', 300),
      skills: value('--skills', 10),
      seed: value('--seed', 1),
      maxQuestions: value('--max-questions', 600),
    },
    (line) => console.log(line),
  );
}
