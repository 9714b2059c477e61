import { checkFreeTextAnswer, generateMathItem, parseMathItemId, type AnswerForm } from '@vidya/content';
import {
  QUESTIONS_PER_QUIZ,
  XP_PER_CORRECT_ANSWER,
  type AnswerResult,
  type CourseKey,
  type Question,
  type Quiz,
  type QuizSummary,
  type SubmitAnswerBody,
} from '@vidya/contracts';
import {
  calibrationTerms,
  itemDifficulty,
  masteryOf,
  recordAnswer,
  selectNextItem,
  type ItemStats,
  type ProductionModel,
  type TracedItem,
} from '@vidya/engine';
import type { FastifyInstance } from 'fastify';
import { AppError, conflict, notFound, unauthenticated } from '#src/errors.ts';
import { tallyQuizzes } from '#src/features/progress/badges.rules.ts';
import {
  newlyEarnedBadges,
  skillFacts,
  tallyWith,
  type StoredQuizTally,
} from '#src/features/progress/progress.facts.ts';
import { badgesAwardedBetween } from '#src/features/progress/progress.service.ts';
import {
  GENERATED_VERSION,
  type ItemStatsCache,
  generatedStatsKey,
  statsUnder,
  guessOf,
  type ItemBank,
  type ItemContent,
} from './item-bank.ts';
import { presentQuestion, presentQuiz, toPercent } from './quizzes.presenter.ts';
import type { QuizContexts } from './quiz-contexts.ts';
import * as repo from './quizzes.repository.ts';
import * as sql from './quizzes.statements.ts';
import type { SessionCaller } from '#src/plugins/session.ts';

/** The engine's model, the question bank, the item statistics and the quizzes' contexts, one of each per process. */
export interface Learning {
  /** The newest stored fit's model (model-fit.job.ts), or the cold-start model before the first fit. */
  model: ProductionModel;
  /** The `model_fit` version of `model`; null = the cold-start model. */
  modelVersion: number | null;
  bank: ItemBank;
  stats: ItemStatsCache;
  contexts: QuizContexts;
}

const RECENT_QUIZZES = 3;
/** The stored tally when it was not read (every quiz badge is held, so the quiz badges are not judged). */
const NO_QUIZZES: StoredQuizTally = { finished: 0, good: 0, perfect: 0, slots: [] };

/** Mastery before an attempt as a percentage, or null when it was the skill's first answer. */
const previousBefore = (a: { masteryBefore: number; firstOfSkill: boolean }) =>
  a.firstOfSkill ? null : toPercent(a.masteryBefore);
const MAX_RESPONSE_MS = 30 * 60 * 1000;

/**
 * Starts a quiz in a course the learner is enrolled in (403 `not_enrolled` otherwise), with the caller's session
 * checked in the same statement, which also reads the new quiz's context: its first `next` reads nothing more.
 */
export async function startQuiz(
  app: FastifyInstance,
  caller: SessionCaller,
  course: CourseKey,
  timeZone?: string,
): Promise<Quiz> {
  const started = await sql.startQuiz(
    app.database.run,
    caller.token,
    course,
    QUESTIONS_PER_QUIZ,
    timeZone,
    RECENT_QUIZZES,
  );
  // No row: no session, an expired one, or not a learner's; the whole check answers 401 or 403.
  const { quiz } = await checkedBySession(app, caller, started, unauthenticated);
  if (!quiz) throw new AppError(403, 'not_enrolled', 'you are not registered in this course');
  const { id, context } = quiz;
  app.learning.contexts.set(id, context);
  return presentQuiz({ id, ...context });
}

/** Lets better-auth see a session it must (expired, or due for its refresh): it refreshes it or answers 401. */
async function confirmIfDue(
  app: FastifyInstance,
  caller: SessionCaller,
  sessionExpiresAt: Date,
): Promise<void> {
  if (!(await app.sessions.fresh(sessionExpiresAt))) await caller.confirm();
}

/**
 * A row read with the caller's session checked in the same statement. When there is none, the whole check tells a
 * missing session (401) or a wrong role (403) from what `missing` answers; a session that better-auth must see goes
 * through it too.
 */
async function checkedBySession<Row extends { sessionExpiresAt: Date }>(
  app: FastifyInstance,
  caller: SessionCaller,
  row: Row | undefined,
  missing: () => AppError,
): Promise<Row> {
  if (!row) {
    await caller.confirm();
    throw missing();
  }
  await confirmIfDue(app, caller, row.sessionExpiresAt);
  return row;
}

/** Reads a quiz with the caller's session checked in the same statement: 404 when it is not the learner's. */
async function readAs(app: FastifyInstance, caller: SessionCaller, quizId: string): Promise<sql.QuizContext> {
  const found = await sql.readQuiz(app.database.run, caller.token, quizId, RECENT_QUIZZES);
  return checkedBySession(app, caller, found, () => notFound('quiz'));
}

/**
 * The quiz's context for a call: the one this process's last call on the quiz left (decision 005) when `canUse`
 * accepts it and the session is not due for better-auth, else read afresh. A call that would answer from a cached
 * context without writing (a repeated request, a finished quiz) reads, so that what it returns is checked.
 */
async function contextFor(
  app: FastifyInstance,
  caller: SessionCaller,
  quizId: string,
  canUse: (context: sql.QuizContext) => boolean,
): Promise<sql.QuizContext> {
  const { contexts } = app.learning;
  const cached = contexts.get(quizId, caller.token);
  if (cached && canUse(cached) && (await app.sessions.fresh(cached.sessionExpiresAt))) return cached;
  contexts.delete(quizId);
  const context = await readAs(app, caller, quizId);
  contexts.set(quizId, context);
  return context;
}

const never = () => false;

/** A guarded write lost to a concurrent call reads again; a third loss in a row means heavy contention. */
const ATTEMPTS = 3;
const busy = () => conflict('conflict', 'This quiz changed while we saved. Please try again.');

/** The generated item's content as stored with the question the first time it is served. */
function generatedContent(itemId: string): { row: ItemContent['item']; stored: sql.GeneratedContent } {
  const parsed = parseMathItemId(itemId)!;
  const g = generateMathItem(parsed.skill, parsed.difficulty, parsed.seed);
  const stored = {
    skill: g.skill,
    prompt: g.prompt,
    answer: g.answer,
    answerForm: g.answerForm,
    explanation: g.explanation,
    difficulty: g.difficulty,
  };
  return {
    stored,
    row: {
      id: itemId,
      version: GENERATED_VERSION,
      courseKey: 'mathematics',
      skillId: g.skill,
      kind: 'free_text',
      prompt: g.prompt,
      choices: null,
      answer: g.answer,
      answerForm: g.answerForm,
      explanation: g.explanation,
      passageId: null,
      passageVersion: null,
      difficulty: g.difficulty,
      source: 'generated',
      createdAt: new Date(),
      retiredAt: null,
    },
  };
}

/** The question served at the quiz's current position (the one to answer now), if it is served yet. */
const currentQuestion = (context: sql.QuizContext) =>
  context.asked.find((q) => q.position === context.answered);

/** The engine's choice for a quiz's current position, with the content to show and to store. */
interface Choice {
  served: Omit<sql.ServedRow, 'servedAt'>;
  /** A generated mathematics item: its row and the content stored with the question. */
  generated: ReturnType<typeof generatedContent> | undefined;
}

/**
 * The engine's choice for the position `context.answered` of the quiz, on the learner's states in `context`, or
 * undefined when the bank has no question left to ask.
 */
async function choose(
  app: FastifyInstance,
  quizId: string,
  context: sql.QuizContext,
  nowMs: number,
): Promise<Choice | undefined> {
  const { model, bank } = app.learning;
  const course = context.courseKey as CourseKey;
  const position = context.answered;
  const learner = context.learner ?? model.initialLearnerState();
  // The quiz course's skill states (the context holds every course's, with model states for this one only).
  const models = context.states.flatMap((s) => (s.modelState ? [[s.skillId, s.modelState] as const] : []));
  const traced = bank.traced(course, quizId, position, await app.learning.stats.current());
  const selection = selectNextItem(
    {
      learner,
      skills: Object.fromEntries(models),
      quizItemIds: context.asked.map((q) => q.itemId),
      hasReviewInQuiz: context.asked.some((q) => q.reason === 'review'),
      recentItemIds: context.recent,
    },
    traced,
    {
      model,
      nowMs,
      skills: bank.skillsOf(course).map((s) => ({
        key: s.id,
        prerequisites: s.prerequisites,
        isEntry: s.prerequisites.length === 0,
      })),
    },
  );
  if (!selection) return undefined;
  const itemId = selection.item.id;
  const generated = course === 'mathematics' ? generatedContent(itemId) : undefined;
  const version = generated
    ? generated.row.version
    : bank.contentOf(itemId, bank.liveVersion(itemId) ?? '')?.item.version;
  if (!version) throw new Error(`selected item ${itemId} has no live version`);
  return {
    served: {
      position,
      itemId,
      itemVersion: version,
      skillId: selection.skill,
      reason: selection.reason,
      predicted: selection.predicted,
    },
    generated,
  };
}

/**
 * The content of a question served in the quiz: the bank's, the generated item the context holds, or the stored row
 * (a generated item stored before by another quiz is shown and checked as stored).
 */
async function servedContent(
  app: FastifyInstance,
  context: sql.QuizContext,
  itemId: string,
  version: string,
): Promise<{ item: sql.StoredItem; passage: ItemContent['passage'] }> {
  const known = app.learning.bank.contentOf(itemId, version);
  if (known) return known;
  if (context.item?.id === itemId && context.item.version === version)
    return { item: context.item, passage: null };
  return (await repo.itemWithPassage(app.db, itemId, version))!;
}

/**
 * The cached context of a quiz whose current question is already served (by the last answer's write), if a cheap
 * read confirms that the quiz is still at that position and the session still holds; else nothing (and the caller
 * reads the whole context).
 */
async function confirmedServed(
  app: FastifyInstance,
  caller: SessionCaller,
  quizId: string,
): Promise<sql.QuizContext | undefined> {
  const { contexts } = app.learning;
  const cached = contexts.get(quizId, caller.token);
  if (!cached || cached.finishedAt || !currentQuestion(cached)) return undefined;
  const now = await sql.checkQuiz(app.database.run, caller.token, quizId);
  if (!now || now.answered !== cached.answered || now.finishedAt) {
    contexts.delete(quizId);
    return undefined;
  }
  await confirmIfDue(app, caller, now.sessionExpiresAt);
  return cached;
}

/**
 * The question at the quiz's current position: the one already served if it is still unanswered (a refresh or a
 * retry gets the same question, and an answer serves the next one with its own write), else the engine's choice,
 * stored before it is shown. One read and one guarded write: a concurrent call that served the position first wins,
 * and this one shows what it served.
 */
export async function nextQuestion(
  app: FastifyInstance,
  caller: SessionCaller,
  quizId: string,
): Promise<Question> {
  const { bank } = app.learning;
  // A cached context serves a new question only: the write checks it (a served one is read again, or checked).
  const toServe = (c: sql.QuizContext) => !c.finishedAt && !currentQuestion(c);
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const context =
      (attempt === 0 ? await confirmedServed(app, caller, quizId) : undefined) ??
      (await contextFor(app, caller, quizId, attempt === 0 ? toServe : never));
    const course = context.courseKey as CourseKey;
    if (context.finishedAt) throw conflict('quiz_finished', 'This quiz is finished. Start a new one.');
    const quiz = { id: quizId, length: context.length, score: context.score };
    const already = currentQuestion(context);
    if (already) {
      const found = await servedContent(app, context, already.itemId, already.itemVersion);
      return presentQuestion(
        quiz,
        already,
        found.item,
        found.passage,
        bank.skillName(course, already.skillId),
      );
    }
    const choice = await choose(app, quizId, context, Date.now());
    if (!choice) throw conflict('no_questions', 'There are no more questions in this course right now.');
    const { served, generated } = choice;
    const stored = await sql.serveQuestion(app.database.run, caller.token, quizId, served, generated?.stored);
    if (!stored) {
      // Another call served this position (or answered it) first, or the session ended: read what is stored.
      app.learning.contexts.delete(quizId);
      continue;
    }
    const next = {
      ...context,
      asked: [...context.asked, { ...served, servedAt: stored.servedAt }],
      item: storedItem(choice, stored.itemStored),
    };
    const shown = await servedContent(app, next, served.itemId, served.itemVersion);
    // A generated item is kept as shown (as stored), so that checking the answer reads it no more.
    app.learning.contexts.set(quizId, generated ? { ...next, item: shown.item } : next);
    return presentQuestion(quiz, served, shown.item, shown.passage, bank.skillName(course, served.skillId));
  }
  throw busy();
}

/**
 * The generated item of a question just served, as the context keeps it: undefined for an authored item, and for a
 * generated one whose id was stored before (by another quiz), which is read as stored when it is shown or checked.
 */
const storedItem = (choice: Choice, storedNow: boolean): sql.StoredItem | undefined =>
  choice.generated && storedNow ? choice.generated.row : undefined;

function isCorrect(row: { kind: string; answer: string; answerForm: unknown }, given: string): boolean {
  if (row.kind === 'choice') return /^\d+$/.test(given.trim()) && Number(given.trim()) === Number(row.answer);
  // SPEC §5: free-text answers compare after trimming and ignoring case; the form decides numeric equivalents.
  return checkFreeTextAnswer({ answer: row.answer, answerForm: row.answerForm as AnswerForm }, given);
}

function correctAnswerOf(row: { kind: string; answer: string; choices: string[] | null }) {
  if (row.kind === 'choice') {
    const index = Number(row.answer);
    return { correctAnswer: row.choices?.[index] ?? '', correctIndex: index };
  }
  return { correctAnswer: row.answer };
}

/**
 * The answered item as the engine sees it: its calibrated difficulty under the statistics read (with the prior it is
 * calibrated from and the attempts behind it) and its chance of a lucky guess; without statistics (an item no longer
 * in the bank) the engine uses its own difficulty.
 */
export function answeredItem(
  row: { id: string; kind: string; choices: readonly string[] | null },
  skillId: string,
  difficulty: DifficultyView | undefined,
): TracedItem {
  return { id: row.id, skills: [skillId], guess: guessOf(row.kind, row.choices), ...difficulty };
}

/** What the engine is told of an item's difficulty: the calibrated value, its prior and the attempts behind it. */
export interface DifficultyView {
  difficulty: number;
  priorDifficulty: number;
  evidence: number;
}

/** The difficulty the engine is told under an item's statistics. */
export const difficultyView = (stats: ItemStats): DifficultyView => ({
  difficulty: itemDifficulty(stats),
  priorDifficulty: stats.priorDifficulty,
  evidence: stats.attempts,
});

/** The statistics key of an item, from its stored row. */
const statsKeyOf = (row: { id: string; source: string; skillId: string; difficulty: number }) =>
  row.source === 'generated' ? generatedStatsKey(row.skillId, row.difficulty) : row.id;

/**
 * Checks an answer to the current question and records the attempt, the skill's mastery (the original's
 * update_skill), the score and any badge earned, in one atomic statement guarded by the quiz's position. A repeated
 * submission, or one that lost the race to another tab, returns the first result unchanged.
 */
export async function submitAnswer(
  app: FastifyInstance,
  caller: SessionCaller,
  quizId: string,
  body: SubmitAnswerBody,
): Promise<AnswerResult> {
  const { model, modelVersion, bank } = app.learning;
  // A cached context answers the current question only: the write checks it (a repeat or a stale one is read again).
  const toAnswer = (c: sql.QuizContext) => !c.finishedAt && currentQuestion(c)?.itemId === body.itemId;
  for (let attemptNo = 0; attemptNo < ATTEMPTS; attemptNo++) {
    const context = await contextFor(app, caller, quizId, attemptNo === 0 ? toAnswer : never);
    const learnerId = context.learnerId;
    const course = context.courseKey as CourseKey;
    const servedForItem = context.asked.find((q) => q.itemId === body.itemId);
    const previous = servedForItem
      ? context.attempts.find((a) => a.position === servedForItem.position)
      : undefined;
    const skillName = (id: string) => bank.skillName(course, id);
    const contentOf = async (itemId: string, version: string) =>
      (await servedContent(app, context, itemId, version)).item;
    if (previous) {
      const found = await contentOf(previous.itemId, previous.itemVersion);
      return {
        correct: previous.correct,
        ...correctAnswerOf(found),
        explanation: found.explanation,
        score: context.score,
        answered: context.answered,
        finished: context.finishedAt !== null,
        mastery: {
          skill: { id: previous.skillId, name: skillName(previous.skillId) },
          before: previousBefore(previous),
          after: toPercent(previous.masteryAfter),
          band: previous.bandAfter as AnswerResult['mastery']['band'],
        },
      };
    }
    if (context.finishedAt) throw conflict('quiz_finished', 'This quiz is finished. Start a new one.');
    const served = currentQuestion(context);
    if (!served || served.itemId !== body.itemId) {
      throw conflict(
        'stale_question',
        'This is not the current question. Load the next question and try again.',
      );
    }
    const row = await contentOf(served.itemId, served.itemVersion);
    const correct = isCorrect(row, body.answer);
    const now = new Date();

    const learner = context.learner ?? model.initialLearnerState();
    const state = context.states.find((s) => s.courseKey === course && s.skillId === served.skillId);
    const modelState = state?.modelState ?? undefined;
    // Mastery now, not the stored value: answers on other skills move the learner-level features.
    const before = masteryOf(model, learner, modelState, served.skillId).p;
    const statsKey = statsKeyOf(row);
    const candidate = bank
      .candidates(course, quizId, served.position, [served.skillId])
      .find((c) => c.statsKey === statsKey);
    const view = candidate
      ? difficultyView(statsUnder(candidate, await app.learning.stats.current()))
      : undefined;
    const difficulty = view?.difficulty;
    const outcome = recordAnswer(
      model,
      learner,
      { [served.skillId]: modelState },
      answeredItem(row, served.skillId, view),
      correct,
      now.getTime(),
    );
    const practised = outcome.skills[served.skillId]!;
    const answered = context.answered + 1;
    const score = context.score + (correct ? 1 : 0);
    const finished = answered >= context.length;
    const skill = {
      id: served.skillId,
      modelState: { tracing: practised.tracing, review: practised.review, evidence: practised.evidence },
      mastery: practised.mastery.p,
      band: practised.mastery.band,
      attempts: (state?.attempts ?? 0) + 1,
      correct: (state?.correct ?? 0) + (correct ? 1 : 0),
      nextReviewAt: practised.review ? new Date(practised.review.dueMs) : null,
    };
    const states = [
      ...context.states.filter((s) => s !== state),
      {
        courseKey: course,
        skillId: skill.id,
        modelState: skill.modelState,
        mastery: skill.mastery,
        attempts: skill.attempts,
        correct: skill.correct,
      },
    ];
    // Badges are judged after each answer (and so after the quiz's last one) on the facts as this answer leaves
    // them, and stored in the answer's own statement.
    const badges = newlyEarnedBadges(
      context.awarded,
      {
        quizzes: finished
          ? tallyWith(
              context.quizTally ?? NO_QUIZZES,
              { score, length: context.length, finishedAt: now },
              context.timeZone,
            )
          : tallyQuizzes([]),
        ...skillFacts(states),
      },
      { quizFinished: finished },
    );
    // The quiz as this answer leaves it; unless it finishes, the next position's question is chosen on it now and
    // served by the answer's own write.
    const moved: sql.QuizContext = {
      ...context,
      answered,
      score,
      attempts: [
        ...context.attempts,
        {
          position: served.position,
          itemId: row.id,
          itemVersion: row.version,
          skillId: served.skillId,
          correct,
          masteryBefore: before,
          firstOfSkill: !state,
          masteryAfter: skill.mastery,
          bandAfter: skill.band,
        },
      ],
      learner: outcome.learner,
      states,
      item: undefined,
    };
    const choice = finished ? undefined : await choose(app, quizId, moved, now.getTime());
    const written = await sql.writeAnswer(app.database.run, {
      quizId,
      token: caller.token,
      stamp: context.stamp,
      learnerId,
      course,
      now,
      quiz: { answered, score, finished },
      learnerState: outcome.learner,
      skill,
      attempt: {
        position: served.position,
        itemId: row.id,
        itemVersion: row.version,
        answer: body.answer,
        correct,
        predicted: outcome.predicted,
        masteryBefore: before,
        firstOfSkill: !state,
        // From when the question was served, which for every question but the first is when the answer before it
        // was recorded: the time includes reading that answer's feedback (decision 006).
        responseMs: Math.min(MAX_RESPONSE_MS, Math.max(0, now.getTime() - served.servedAt.getTime())),
        itemDifficulty: difficulty ?? null,
        modelVersion,
      },
      statsKey,
      calibration: calibrationTerms(correct, outcome.predictedAtPrior),
      badges,
      next: choice && { served: choice.served, generated: choice.generated?.stored },
    });
    const { contexts } = app.learning;
    if (!written) {
      // Another call answered first, or the learner moved on elsewhere, or the session ended: read again.
      contexts.delete(quizId);
      continue;
    }
    if (finished) contexts.delete(quizId);
    else
      contexts.set(quizId, {
        ...moved,
        asked:
          choice && written.served
            ? [...moved.asked, { ...choice.served, servedAt: written.served.servedAt }]
            : moved.asked,
        item: choice && written.served ? storedItem(choice, written.served.itemStored) : undefined,
        awarded: [...context.awarded, ...written.badges],
        stamp: written.stamp,
      });
    return {
      correct,
      ...correctAnswerOf(row),
      explanation: row.explanation,
      score,
      answered,
      finished,
      mastery: {
        skill: { id: served.skillId, name: skillName(served.skillId) },
        before: state ? toPercent(before) : null,
        after: toPercent(practised.mastery.p),
        band: practised.mastery.band,
      },
    };
  }
  throw busy();
}

/** The quiz with the skills it practised: mastery before the first answer and after the last, per skill. */
export async function quizSummary(
  app: FastifyInstance,
  learnerId: string,
  quizId: string,
): Promise<QuizSummary> {
  const quiz = await repo.findQuiz(app.db, learnerId, quizId);
  if (!quiz) throw notFound('quiz');
  const attempts = await repo.quizAttempts(app.db, quizId);
  // Per skill: the mastery before its first answer in the quiz (as that answer reported it) and after its last.
  const bySkill = new Map<string, { before: number | null; after: number; band: string }>();
  for (const a of attempts) {
    const seen = bySkill.get(a.skillId);
    bySkill.set(a.skillId, {
      before: seen ? seen.before : previousBefore(a),
      after: a.masteryAfter,
      band: a.bandAfter,
    });
  }
  return {
    quiz: presentQuiz(quiz),
    skills: [...bySkill].map(([id, change]) => ({
      skill: { id, name: app.learning.bank.skillName(quiz.courseKey, id) },
      before: change.before,
      after: toPercent(change.after),
      band: change.band as QuizSummary['skills'][number]['band'],
    })),
    xpEarned: quiz.score * XP_PER_CORRECT_ANSWER,
    badgesEarned: quiz.finishedAt
      ? await badgesAwardedBetween(app, learnerId, quiz.startedAt, quiz.finishedAt)
      : [],
  };
}
