// One simulated site of bench:selection: learners of one family pass through one course one after another under one
// policy, sharing the site's item statistics as on the server; days pass between quizzes of 5 questions.
import type { SimCourse, SimItem } from './course.ts';
import { EngineLearner, EngineSite, RECENT_QUIZZES } from './engine-policy.ts';
import { createLearner } from './learner-families.ts';
import { JUDGED_AFTER_DAYS, PROFICIENT_P } from './learner.ts';
import { LEARNER_VARIANTS } from './learner.ts';
import type { LearnerModelName, LearnerVariant, TrueLearner } from './learner.ts';
import type { Policy, QuestionContext } from './policy.ts';
import { mixSeed, seededRandom } from './random.ts';

export const QUIZ_LENGTH = 5;
const MS_PER_DAY = 86_400_000;
const MS_PER_QUESTION = 60_000;
const QUESTION_DAYS = MS_PER_QUESTION / MS_PER_DAY;
/** Days between quizzes: 1 to this many, at random. */
const MAX_GAP_DAYS = 3;
/** The learner reaches the goal when this share of the course's skills is truly proficient (judged a day later). */
export const TARGET_SHARE = 0.8;
export const RETENTION_DAYS = 30;

/** What to simulate. */
export interface SiteSpec {
  readonly model: LearnerModelName;
  /** Learners changed from the family's own (`LEARNER_VARIANTS`); absent = the family as built. */
  readonly variant?: LearnerVariant | undefined;
  readonly course: SimCourse;
  readonly policy: Policy;
  readonly learners: number;
  readonly seed: number;
  readonly maxQuestions: number;
  /** Keep the engine's mastery and item statistics alongside a non-engine policy (off only to tune faster). */
  readonly withEngineAlongside: boolean;
  /** Answers between refits of the tracing model, as the server's refit job (0 or absent = never). */
  readonly modelRefitEvery?: number;
}

/** One learner's figures. */
export interface LearnerResult {
  /** Questions until the goal, or every question asked (the cap) if it was not reached. */
  readonly questions: number;
  readonly reached: boolean;
  /** Skill bands shown `mastered` at the end of each quiz, and how many of those were truly below the bar. */
  readonly masteredShown: number;
  readonly masteredFalse: number;
  readonly onProficient: number;
  /**
   * Learning lost to missing prerequisites: over the questions on skills not yet truly proficient, the sum of
   * 1 − the learner's true readiness for the skill (the factor by which missing prerequisites slow what it teaches).
   */
  readonly prerequisiteLoss: number;
  readonly repeats: number;
  /** Share of the course's skills truly proficient 30 days after the last quiz. */
  readonly retention: number;
}

/** How close the site's calibrated item difficulties are to the truth. */
export interface Calibration {
  readonly correlation: number;
  /** Mean absolute error after centring both (logits). */
  readonly meanAbsError: number;
}

/** A site's figures: per learner, in arrival order, and the calibration after the first and the last third. */
export interface SiteResult {
  readonly learners: readonly LearnerResult[];
  readonly calibrationFirstThird: Calibration;
  readonly calibrationEnd: Calibration;
}

/** Pearson correlation and centred mean absolute error between paired lists. */
export function compare(estimate: readonly number[], truth: readonly number[]): Calibration {
  const n = estimate.length;
  const mean = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0) / n;
  const [me, mt] = [mean(estimate), mean(truth)];
  let [sxy, sxx, syy, abs] = [0, 0, 0, 0];
  for (let i = 0; i < n; i++) {
    const [x, y] = [estimate[i]! - me, truth[i]! - mt];
    [sxy, sxx, syy, abs] = [sxy + x * y, sxx + x * x, syy + y * y, abs + Math.abs(x - y)];
  }
  return { correlation: sxy / Math.sqrt(sxx * syy || 1), meanAbsError: abs / n };
}

function calibrationOf(site: EngineSite, course: SimCourse): Calibration {
  return compare(
    course.statsKeys.map((k) => site.difficultyOf({ statsKey: k.key, level: k.level })),
    course.statsKeys.map((k) => k.trueDifficulty),
  );
}

const proficientShare = (truth: TrueLearner, course: SimCourse, afterDays: number): number =>
  course.skills.filter((s) => truth.proficiency(s.key, afterDays) >= PROFICIENT_P).length /
  course.skills.length;

function runLearner(spec: SiteSpec, site: EngineSite, index: number): LearnerResult {
  const { course } = spec;
  const truth = createLearner(
    spec.model,
    course,
    seededRandom(mixSeed(spec.seed, 'learner', index)),
    spec.variant === undefined ? undefined : LEARNER_VARIANTS[spec.variant],
  );
  const answers = seededRandom(mixSeed(spec.seed, 'answers', index));
  const gaps = seededRandom(mixSeed(spec.seed, 'gaps', index));
  const random = seededRandom(mixSeed(spec.seed, 'policy', spec.policy.name, index));
  const engine = new EngineLearner(site);
  const policy = spec.policy.start(course);
  const recordsEngine = spec.withEngineAlongside || spec.policy.kind === 'engine';
  const quizzes: string[][] = [];
  const seen = new Set<string>();
  let [questions, day, masteredShown, masteredFalse, onProficient, prerequisiteLoss, repeats] = [
    0, 0, 0, 0, 0, 0, 0,
  ];
  let reached = false;
  while (!reached && questions < spec.maxQuestions) {
    const quizKey = `${spec.seed}:${index}:${quizzes.length}`;
    const quiz: string[] = [];
    let reviewAsked = false;
    for (let position = 0; position < QUIZ_LENGTH && !reached && questions < spec.maxQuestions; position++) {
      const offered = new Map<string, readonly SimItem[]>();
      const positionItems = (skill: string): readonly SimItem[] => {
        let items = offered.get(skill);
        if (items === undefined) offered.set(skill, (items = course.itemsAt(skill, quizKey, position)));
        return items;
      };
      const open = new Map<string, readonly SimItem[]>();
      const itemsAt = (skill: string): readonly SimItem[] => {
        let items = open.get(skill);
        if (items === undefined)
          open.set(skill, (items = positionItems(skill).filter((i) => !quiz.includes(i.id))));
        return items;
      };
      const context: QuestionContext = {
        course,
        nowMs: day * MS_PER_DAY + position * MS_PER_QUESTION,
        itemsAt,
        positionItems,
        quizItemIds: quiz,
        reviewAsked,
        recentItemIds: quizzes.slice(-RECENT_QUIZZES).flat(),
        engine,
        truth,
        random,
      };
      const choice = policy.next(context);
      if (choice === undefined) break;
      const { item } = choice;
      if (truth.proficiency(item.skill, JUDGED_AFTER_DAYS) >= PROFICIENT_P) onProficient++;
      else prerequisiteLoss += 1 - truth.readiness(item.skill);
      if (seen.has(item.id)) repeats++;
      const correct = truth.answer(item, answers);
      if (recordsEngine) engine.record(item, correct, context.nowMs);
      policy.observe(item, correct);
      seen.add(item.id);
      quiz.push(item.id);
      reviewAsked ||= choice.isReview;
      questions++;
      truth.passDays(QUESTION_DAYS);
      reached = proficientShare(truth, course, JUDGED_AFTER_DAYS) >= TARGET_SHARE;
    }
    for (const skill of course.skills) {
      if (engine.band(skill.key, day * MS_PER_DAY + quiz.length * MS_PER_QUESTION) !== 'mastered') continue;
      masteredShown++;
      if (truth.proficiency(skill.key, JUDGED_AFTER_DAYS) < PROFICIENT_P) masteredFalse++;
    }
    quizzes.push(quiz);
    if (quiz.length === 0) break;
    if (reached || questions >= spec.maxQuestions) break;
    const gap = 1 + Math.floor(gaps() * MAX_GAP_DAYS);
    truth.passDays(gap - quiz.length * QUESTION_DAYS);
    day += gap;
  }
  truth.passDays(RETENTION_DAYS);
  return {
    questions,
    reached,
    masteredShown,
    masteredFalse,
    onProficient,
    prerequisiteLoss,
    repeats,
    retention: proficientShare(truth, course, 0),
  };
}

/** Runs `spec.learners` learners one after another on one site (shared item statistics). */
export function simulateSite(spec: SiteSpec): SiteResult {
  const site = new EngineSite(spec.course, spec.modelRefitEvery ?? 0);
  const learners: LearnerResult[] = [];
  let calibrationFirstThird = calibrationOf(site, spec.course);
  const firstThird = Math.max(1, Math.floor(spec.learners / 3));
  for (let i = 0; i < spec.learners; i++) {
    learners.push(runLearner(spec, site, i));
    if (i + 1 === firstThird) calibrationFirstThird = calibrationOf(site, spec.course);
  }
  return { learners, calibrationFirstThird, calibrationEnd: calibrationOf(site, spec.course) };
}
