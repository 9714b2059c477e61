// The ONE place bench:selection calls the engine, exactly as the server does (apps/server/src/features/quizzes:
// quiz-state.ts `chooseQuestion` and `planAnswer`, item-bank.ts, model-fit.job.ts): the same public functions, the
// same arguments, the same candidate construction (authored bank, or one generated item per skill and level at each
// quiz position), the same exclusion of the last 3 quizzes' items, item statistics shared by every learner of the run
// and updated after each answer, and the two-state layer refitted on the site's answers as they grow (decision 015).
// Keep engine calls out of every other bench file, so a change of engine signature lands here only.
import {
  bandShown,
  createProductionModel,
  difficultyFromPrior,
  fitKnowsParameters,
  itemDifficulty,
  recordAnswer,
  recordItemAttempt,
  refitModel,
  selectNextItem,
} from '../../src/index.ts';
import type {
  AttemptLog,
  CourseSkill,
  ItemStats,
  KnowsFit,
  KnowsParameters,
  LearnerModelState,
  MasteryBand,
  ProductionModel,
  SkillModelState,
  TracedItem,
} from '../../src/index.ts';
import type { SimCourse, SimItem } from './course.ts';

/** Quizzes whose items the engine avoids repeating (the server's RECENT_QUIZZES). */
export const RECENT_QUIZZES = 3;

/**
 * Answers recorded between two refits of the two-state layer: the server refits on a schedule (the model-refit job),
 * so each site here does it as its answers grow.
 */
export const REFIT_EVERY_ANSWERS = 2000;

/**
 * Answers of a site between two refits of the tracing model when bench:selection's `--model-refit` is not given: the
 * engine as the server runs it. The server's model refit job (decision 010) runs daily once 10,000 answers are
 * recorded, and a day of a site in use holds thousands of answers; a site here holds about 17,000–35,000, so this
 * refits it three to six times. `--model-refit 0` keeps the cold-start model throughout (how every judged run before
 * this default was made).
 */
export const SERVED_REFIT_EVERY = 5000;

/** One recorded answer: what the server's `attempt` table keeps. */
interface RecordedAnswer {
  readonly learner: number;
  readonly item: SimItem;
  readonly guess: number;
  readonly correct: boolean;
  readonly nowMs: number;
}

/** The site: one production model and one table of item statistics shared by every learner, as on the server. */
export class EngineSite {
  model: ProductionModel = createProductionModel();
  private answersAtModelFit = 0;
  /** Refits of the tracing model so far. */
  modelFits = 0;
  private readonly stats = new Map<string, ItemStats>();
  readonly skills: readonly CourseSkill[];
  /** Every answer recorded on the site, in arrival order (the server's `attempt` rows). */
  private readonly answers: RecordedAnswer[] = [];
  private learnerCount = 0;
  private answersAtFit = 0;
  /** The two-state layer's parameters fitted to the answers so far (generic ones until the first fit). */
  knows: KnowsParameters | undefined;
  readonly fits: KnowsFit[] = [];

  /**
   * `modelRefitEvery`: answers between two refits of the tracing model and the item priors, as the server's model
   * refit job does on its schedule (0 = never: the cold-start model throughout).
   */
  constructor(
    readonly course: SimCourse,
    private readonly modelRefitEvery = 0,
  ) {
    // Course order, entry skills = no prerequisites (quizzes.service.ts `choose`).
    this.skills = course.skills.map((s) => ({
      key: s.key,
      prerequisites: s.prerequisites,
      isEntry: s.prerequisites.length === 0,
    }));
  }

  /** A number for a new learner of the site. */
  newLearner(): number {
    return this.learnerCount++;
  }

  /** Keeps an answer, and refits the two-state layer when `REFIT_EVERY_ANSWERS` have come in since the last fit. */
  recordAnswer(answer: RecordedAnswer): void {
    this.answers.push(answer);
    if (this.answers.length - this.answersAtFit >= REFIT_EVERY_ANSWERS) this.refitKnows();
    const every = this.modelRefitEvery;
    if (every > 0 && this.answers.length - this.answersAtModelFit >= every) this.refitTracing();
  }

  /**
   * The model refit job (model-fit.job.ts, decisions 010 and 017): the tracing model refitted on every answer so far,
   * each statistics key as one item at its calibrated difficulty now (`attemptLog`); the item statistics are left as
   * they are.
   */
  refitTracing(): void {
    this.answersAtModelFit = this.answers.length;
    const log = this.answerLog((a) => ({
      id: a.item.statsKey,
      skills: [a.item.skill],
      difficulty: this.difficultyOf(a.item),
    }));
    this.model = createProductionModel(refitModel(log).parameters);
    this.modelFits++;
  }

  /** Fits the two-state layer on every answer recorded so far (grouped by learner, in time order). */
  refitKnows(): void {
    this.answersAtFit = this.answers.length;
    const log = this.answerLog((a) => ({ id: a.item.id, skills: [a.item.skill], guess: a.guess }));
    const fit = fitKnowsParameters(log, this.fits.at(-1)?.parameters);
    if (fit) {
      this.knows = fit.parameters;
      this.fits.push(fit);
    }
  }

  /**
   * Every answer recorded so far as an attempt log (grouped by learner, in time order), each answer's item as `itemOf`
   * gives it; answers whose items share an id share one entry.
   */
  private answerLog(itemOf: (answer: RecordedAnswer) => TracedItem): AttemptLog {
    const rows = this.answers
      .map((a, order) => ({ a, order }))
      .sort((x, y) => x.a.learner - y.a.learner || x.a.nowMs - y.a.nowMs || x.order - y.order);
    const itemIndex = new Map<string, number>();
    const items: TracedItem[] = [];
    const n = rows.length;
    const log = {
      learner: new Int32Array(n),
      item: new Int32Array(n),
      correct: new Uint8Array(n),
      timeMs: new Float64Array(n),
      items,
    };
    rows.forEach(({ a }, r) => {
      const item = itemOf(a);
      let i = itemIndex.get(item.id);
      if (i === undefined) {
        itemIndex.set(item.id, (i = items.length));
        items.push(item);
      }
      log.learner[r] = a.learner;
      log.item[r] = i;
      log.correct[r] = a.correct ? 1 : 0;
      // Each simulated learner's clock starts at 0; the fits read gaps within a learner only (0 = unknown).
      log.timeMs[r] = a.nowMs + 1;
    });
    return log;
  }

  /** The item's prior difficulty from its content label (item-bank.ts `difficultyFromPrior`). */
  priorOf(item: Pick<SimItem, 'level'>): number {
    return difficultyFromPrior(item.level, this.course.maxLevel);
  }

  /** The statistics of a key, or the prior alone before any attempt (item-bank.ts `statsFor`). */
  private statsOf(key: string, level: number): ItemStats {
    return (
      this.stats.get(key) ?? {
        attempts: 0,
        correct: 0,
        priorDifficulty: difficultyFromPrior(level, this.course.maxLevel),
      }
    );
  }

  /** The engine's current logit difficulty of an item (item-bank.ts `difficultyUnder`). */
  difficultyOf(item: Pick<SimItem, 'statsKey' | 'level'>): number {
    return itemDifficulty(this.statsOf(item.statsKey, item.level));
  }

  /**
   * Counts one answer in the item's shared statistics (the server's `item_stats` upsert), calibrated against the
   * model's prediction at the item's prior difficulty.
   */
  recordAttempt(item: SimItem, correct: boolean, predictedAtPrior: number): void {
    this.stats.set(
      item.statsKey,
      recordItemAttempt(this.statsOf(item.statsKey, item.level), correct, predictedAtPrior),
    );
  }

  /**
   * The item as the engine sees it (item-bank.ts `traced`, `difficultyView`): id, skill, current difficulty, its
   * prior and the attempts behind it, the difficulty its content level stands for, and the chance of a blind guess
   * (one in the options; 0 for free text), never the truth.
   */
  traced(item: SimItem): TracedItem {
    const stats = this.statsOf(item.statsKey, item.level);
    return {
      id: item.id,
      skills: [item.skill],
      difficulty: itemDifficulty(stats),
      priorDifficulty: stats.priorDifficulty,
      evidence: stats.attempts,
      levelDifficulty: this.priorOf(item),
      guess: this.course.options > 0 ? 1 / this.course.options : 0,
    };
  }
}

/** One learner's stored engine state on the site: what the server keeps in learner_course_state and skill_state. */
export class EngineLearner {
  private learner: LearnerModelState;
  private readonly skillStates: Record<string, SkillModelState> = {};
  private readonly shown = new Map<string, MasteryBand>();
  private readonly id: number;

  constructor(private readonly site: EngineSite) {
    this.learner = site.model.initialLearnerState();
    this.id = site.newLearner();
  }

  /**
   * The engine's choice for the next position of a quiz, as quizzes.service.ts `choose` makes it: `itemsAt` gives the
   * open items of a skill at this position (the candidate function the server's item bank builds), `quizItemIds`
   * the items already asked in this quiz, `reviewAsked` whether one of them was a review, `recentItemIds` the items
   * of the learner's last 3 quizzes.
   */
  select(
    itemsAt: (skill: string) => readonly SimItem[],
    quiz: { readonly itemIds: readonly string[]; readonly reviewAsked: boolean },
    recentItemIds: readonly string[],
    nowMs: number,
  ): { item: SimItem; isReview: boolean } | undefined {
    const byId = new Map<string, SimItem>();
    const candidates = (skill: string): TracedItem[] =>
      itemsAt(skill).map((item) => {
        byId.set(item.id, item);
        return this.site.traced(item);
      });
    const selection = selectNextItem(
      {
        learner: this.learner,
        skills: this.skillStates,
        quizItemIds: quiz.itemIds,
        hasReviewInQuiz: quiz.reviewAsked,
        recentItemIds,
      },
      candidates,
      {
        model: this.site.model,
        nowMs,
        skills: this.site.skills,
        knows: this.site.knows,
      },
    );
    if (selection === undefined) return undefined;
    const item = byId.get(selection.item.id);
    if (item === undefined) throw new Error(`the engine chose ${selection.item.id}, not a candidate`);
    return { item, isReview: selection.reason === 'review' };
  }

  /**
   * Records an answer as quizzes.service.ts `submitAnswer` does: `recordAnswer` with the item's difficulty under the
   * statistics before this answer, the skill's new state and band stored, then the item's statistics counted.
   */
  record(item: SimItem, correct: boolean, nowMs: number): void {
    const outcome = recordAnswer(
      this.site.model,
      this.learner,
      { [item.skill]: this.skillStates[item.skill] },
      this.site.traced(item),
      correct,
      nowMs,
      this.site.knows,
    );
    this.learner = outcome.learner;
    const practised = outcome.skills[item.skill]!;
    this.skillStates[item.skill] = {
      tracing: practised.tracing,
      review: practised.review,
      evidence: practised.evidence,
    };
    this.shown.set(item.skill, practised.mastery.band);
    this.site.recordAttempt(item, correct, outcome.predictedAtPrior);
    const guess = this.site.course.options > 0 ? 1 / this.site.course.options : 0;
    this.site.recordAnswer({ learner: this.id, item, guess, correct, nowMs });
  }

  /** The band the learner is shown for `skill` at `nowMs` (stored with the skill's last answer, faded as shown). */
  band(skill: string, nowMs: number): MasteryBand {
    const stored = this.shown.get(skill) ?? 'not started';
    return bandShown(stored, this.skillStates[skill]?.evidence, nowMs, this.site.knows);
  }
}
