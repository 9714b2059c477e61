import { checkFreeTextAnswer, type AnswerForm } from '@vidya/content';
import { toPercent, type AnswerResult, type CourseKey } from '@vidya/contracts';
import {
  calibrationTerms,
  masteryOf,
  recordAnswer,
  selectNextItem,
  type KnowsParameters,
  type LearnerModelState,
  type ProductionModel,
} from '@vidya/engine';
import type { SessionKey } from '#src/features/accounts/index.ts';
import { judgeBadges, type StoredQuizTally } from '#src/features/progress/index.ts';
import {
  answeredItem,
  difficultyView,
  generatedItem,
  statsKeyOf,
  statsUnder,
  type ItemBank,
  type StatsMap,
} from './item-bank.ts';
import type {
  ANSWER_WRITE,
  Answered,
  LearnerStamp,
  Served,
  ServeValues,
  SkillStateRow,
  StoredItem,
} from './quiz-sql.ts';

/**
 * The state the quiz calls decide on, and the decisions: which question to serve, how an answer grades, what an
 * answer changes and what it returns (decisions 004–006). Pure: no database, no clock, no cache; `quiz-store.ts` loads
 * and saves, the use cases (`start-quiz.ts`, `serve-question.ts`, `answer-question.ts`) put the two together.
 */

/** What `next` and `answers` need of a quiz: read in one statement, or kept from this process's last call on it. */
export interface QuizContext {
  /** The session the context was read for (a context is used only by calls of that session). */
  session: SessionKey;
  courseKey: string;
  learnerId: string;
  sessionExpiresAt: Date;
  length: number;
  answered: number;
  score: number;
  finishedAt: Date | null;
  asked: Served[];
  attempts: Answered[];
  learner: LearnerModelState | undefined;
  /** Every course's skill states of the learner (for the badges), with model states of the quiz's course only. */
  states: SkillStateRow[];
  /** The items of the learner's last quizzes of the course. */
  recent: string[];
  /** The stored row of the current question's item when it is generated. */
  item: StoredItem | undefined;
  awarded: string[];
  /** The tally of the learner's finished quizzes, or undefined when every quiz badge is held (not needed then). */
  quizTally: StoredQuizTally | undefined;
  timeZone: string;
  stamp: LearnerStamp;
}

/** The engine's model, the question bank and a snapshot of the item statistics: what a decision is made with. */
export interface Engine {
  model: ProductionModel;
  /** The `model_fit` version of `model`; null = the cold-start model. */
  modelVersion: number | null;
  /** The two-state layer's parameters fitted per course with `model` (`Learning.knows`). */
  knows: Readonly<Record<string, KnowsParameters>>;
  bank: ItemBank;
  stats: StatsMap;
}

/** The question served at the quiz's current position (the one to answer now), if it is served yet. */
export const currentQuestion = (context: QuizContext) =>
  context.asked.find((q) => q.position === context.answered);

type Gradable = Pick<StoredItem, 'kind' | 'answer' | 'answerForm' | 'choices'>;

/** The correct answer as the learner is shown it after answering. */
function shownAnswer(item: Gradable): { correctAnswer: string; correctIndex?: number } {
  if (item.kind !== 'choice') return { correctAnswer: item.answer };
  const index = Number(item.answer);
  return { correctAnswer: item.choices?.[index] ?? '', correctIndex: index };
}

/** Whether `given` answers the item, and the correct answer to show. */
export function gradeAnswer(item: Gradable, given: string) {
  const shown = shownAnswer(item);
  if (item.kind === 'choice')
    return { correct: /^\d+$/.test(given.trim()) && Number(given.trim()) === shown.correctIndex, shown };
  // SPEC §5: free-text answers compare after trimming and ignoring case; the form decides numeric equivalents.
  return {
    correct: checkFreeTextAnswer({ answer: item.answer, answerForm: item.answerForm as AnswerForm }, given),
    shown,
  };
}

/** Mastery before an attempt as a percentage, or null when it was the skill's first answer. */
export const previousBefore = (a: { masteryBefore: number; firstOfSkill: boolean }) =>
  a.firstOfSkill ? null : toPercent(a.masteryBefore);

/** The stored result of an answer given before (a repeated submission, or one that lost to another tab). */
export function replayedResult(
  context: QuizContext,
  previous: Answered,
  item: StoredItem,
  skillName: string,
): AnswerResult {
  return {
    correct: previous.correct,
    ...shownAnswer(item),
    explanation: item.explanation,
    score: context.score,
    answered: context.answered,
    finished: context.finishedAt !== null,
    mastery: {
      skill: { id: previous.skillId, name: skillName },
      before: previousBefore(previous),
      after: toPercent(previous.masteryAfter),
      band: previous.bandAfter as AnswerResult['mastery']['band'],
    },
  };
}

// ---- Which question a quiz asks at a position: the engine's choice, and how it is served.

/** A question chosen for a quiz's position: what to store, and for a generated item its content. */
export interface Choice {
  served: Omit<Served, 'servedAt'>;
  /** A generated mathematics item: its row as the context keeps it. */
  generated: StoredItem | undefined;
}

/** The engine's choice for position `context.answered`, or undefined when the bank has no question left to ask. */
export function chooseQuestion(
  engine: Engine,
  quizId: string,
  context: QuizContext,
  nowMs: number,
): Choice | undefined {
  const { model, bank } = engine;
  const course = context.courseKey as CourseKey;
  const position = context.answered;
  const models = context.states.flatMap((s) => (s.modelState ? [[s.skillId, s.modelState] as const] : []));
  const selection = selectNextItem(
    {
      learner: context.learner ?? model.initialLearnerState(),
      skills: Object.fromEntries(models),
      quizItemIds: context.asked.map((q) => q.itemId),
      hasReviewInQuiz: context.asked.some((q) => q.reason === 'review'),
      recentItemIds: context.recent,
    },
    bank.traced(course, quizId, position, engine.stats),
    {
      model,
      nowMs,
      knows: engine.knows[course],
      skills: bank.skillsOf(course).map((s) => ({
        key: s.id,
        prerequisites: s.prerequisites,
        isEntry: s.prerequisites.length === 0,
      })),
    },
  );
  if (!selection) return undefined;
  const itemId = selection.item.id;
  const generated = course === 'mathematics' ? generatedItem(itemId) : undefined;
  const version = generated?.version ?? bank.contentOf(itemId, bank.liveVersion(itemId) ?? '')?.item.version;
  if (!version) throw new Error(`selected item ${itemId} has no live version`);
  const { skill: skillId, reason, predicted } = selection;
  return { served: { position, itemId, itemVersion: version, skillId, reason, predicted }, generated };
}

/** A choice as the serving statements take it (nothing to serve: every value null). */
export function serveValues(choice: Choice | undefined): ServeValues {
  const { served, generated: g } = choice ?? {};
  return {
    itemId: served?.itemId ?? null,
    itemVersion: served?.itemVersion ?? null,
    skillId: served?.skillId ?? null,
    reason: served?.reason ?? null,
    predicted: served?.predicted ?? null,
    generatedSkill: g?.skillId ?? null,
    prompt: g?.prompt ?? null,
    answer: g?.answer ?? null,
    answerForm: g ? (g.answerForm ?? null) : undefined,
    explanation: g?.explanation ?? null,
    difficulty: g?.difficulty ?? null,
  };
}

/**
 * The context once `choice` is served at `servedAt`; `itemStored`: its generated item was stored now (false: an item
 * of that id was stored before, by another quiz, and is read as stored when shown or checked).
 */
export const withServed = (
  context: QuizContext,
  choice: Choice,
  servedAt: Date,
  itemStored: boolean,
): QuizContext => ({
  ...context,
  asked: [...context.asked, { ...choice.served, servedAt }],
  item: choice.generated && itemStored ? choice.generated : undefined,
});

// ---- What an answer decides.

const MAX_RESPONSE_MS = 30 * 60 * 1000;

/** Everything an answer decides: the result to return, the quiz as it leaves it, the next question, the write. */
export interface AnswerPlan {
  result: AnswerResult;
  /** The context after the answer, before the next question is served. */
  moved: QuizContext;
  /** The next position's question, served by the answer's own write (decision 006); none when the quiz finishes. */
  next: Choice | undefined;
  /** The answer's write, by name (the session is the caller's). */
  write: Omit<Parameters<typeof ANSWER_WRITE.run>[1], 'session'>;
}

/**
 * Grades an answer to the current question `served` (whose item is `item`) and decides everything it changes: the
 * engine's update of the skill and learner states, the badges, the next question, and what to write.
 */
export function planAnswer(
  engine: Engine,
  quizId: string,
  context: QuizContext,
  served: Served,
  item: StoredItem,
  given: string,
  now: Date,
): AnswerPlan {
  const { model, bank } = engine;
  const course = context.courseKey as CourseKey;
  const { correct, shown } = gradeAnswer(item, given);
  const learner = context.learner ?? model.initialLearnerState();
  const state = context.states.find((s) => s.courseKey === course && s.skillId === served.skillId);
  const modelState = state?.modelState ?? undefined;
  // Mastery now, not the stored value: answers on other skills move the learner-level features.
  const before = masteryOf(model, learner, modelState, served.skillId).p;
  const statsKey = statsKeyOf(item);
  const candidate = bank
    .candidates(course, quizId, served.position, [served.skillId])
    .find((c) => c.statsKey === statsKey);
  const view = candidate
    ? { ...difficultyView(statsUnder(candidate, engine.stats)), levelDifficulty: candidate.priorDifficulty }
    : undefined;
  const outcome = recordAnswer(
    model,
    learner,
    { [served.skillId]: modelState },
    answeredItem(item, served.skillId, view),
    correct,
    now.getTime(),
    engine.knows[course],
  );
  const practised = outcome.skills[served.skillId]!;
  const answered = context.answered + 1;
  const score = context.score + (correct ? 1 : 0);
  const finished = answered >= context.length;
  const skillState = { tracing: practised.tracing, review: practised.review, evidence: practised.evidence };
  const mastery = practised.mastery.p;
  const attempts = (state?.attempts ?? 0) + 1;
  const right = (state?.correct ?? 0) + (correct ? 1 : 0);
  const states = [
    ...context.states.filter((s) => s !== state),
    { courseKey: course, skillId: served.skillId, modelState: skillState, mastery, attempts, correct: right },
  ];
  const badges = judgeBadges({
    held: context.awarded,
    states,
    finished: finished ? { score, length: context.length, finishedAt: now } : undefined,
    quizTally: context.quizTally,
    timeZone: context.timeZone,
  });
  const answer = {
    position: served.position,
    itemId: item.id,
    itemVersion: item.version,
    skillId: served.skillId,
  };
  const firstOfSkill = !state;
  const band = practised.mastery.band;
  const moved: QuizContext = {
    ...context,
    answered,
    score,
    attempts: [
      ...context.attempts,
      { ...answer, correct, masteryBefore: before, firstOfSkill, masteryAfter: mastery, bandAfter: band },
    ],
    learner: outcome.learner,
    states,
    item: undefined,
  };
  // Unless the quiz finishes, the next position's question is chosen on the states this answer leaves.
  const next = finished ? undefined : chooseQuestion(engine, quizId, moved, now.getTime());
  const calibration = calibrationTerms(correct, outcome.predictedAtPrior);
  return {
    result: {
      correct,
      ...shown,
      explanation: item.explanation,
      score,
      answered,
      finished,
      mastery: {
        skill: { id: served.skillId, name: bank.skillName(course, served.skillId) },
        before: state ? toPercent(before) : null,
        after: toPercent(mastery),
        band,
      },
    },
    moved,
    next,
    write: {
      quizId,
      answered,
      score,
      finishedAt: finished ? now : null,
      learnerId: context.learnerId,
      course,
      now,
      stamp: context.stamp,
      learnerState: outcome.learner,
      skill: served.skillId,
      skillState,
      mastery,
      band,
      skillAttempts: attempts,
      skillCorrect: right,
      nextReviewAt: practised.review ? new Date(practised.review.dueMs) : null,
      answeredPosition: served.position,
      answeredItemId: item.id,
      answeredItemVersion: item.version,
      given,
      correct,
      predictedCorrect: outcome.predicted,
      masteryBefore: before,
      firstOfSkill,
      // From when the question was served, which for every question but the first is when the answer before it was
      // recorded: the time includes reading that answer's feedback (decision 006).
      responseMs: Math.min(MAX_RESPONSE_MS, Math.max(0, now.getTime() - served.servedAt.getTime())),
      itemDifficulty: view?.difficulty ?? null,
      modelVersion: engine.modelVersion,
      statsKey,
      badges,
      residual: calibration.residual,
      information: calibration.information,
      ...serveValues(next),
    },
  };
}
