import { checkFreeTextAnswer, parseMathItemId, type AnswerForm } from '@vidya/content';
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
import { itemDifficulty, masteryOf, recordAnswer, selectNextItem, type ProductionModel } from '@vidya/engine';
import type { FastifyInstance } from 'fastify';
import { quizQuestion, quizSession } from '#src/db/schema/index.ts';
import { AppError, conflict, notFound } from '#src/errors.ts';
import { awardBadges, rememberTimeZone } from '#src/features/progress/progress.facts.ts';
import { badgesAwardedBetween } from '#src/features/progress/progress.service.ts';
import {
  generatedStatsKey,
  storeGeneratedItem,
  statsFor,
  type ItemBank,
  type ItemContent,
} from './item-bank.ts';
import { presentQuestion, presentQuiz, toPercent } from './quizzes.presenter.ts';
import * as repo from './quizzes.repository.ts';

/** The engine's model and the question bank, one of each per process. */
export interface Learning {
  model: ProductionModel;
  bank: ItemBank;
}

const RECENT_QUIZZES = 3;

/** Mastery before an attempt as a percentage, or null when it was the skill's first answer. */
const previousBefore = (a: { masteryBefore: number; firstOfSkill: boolean }) =>
  a.firstOfSkill ? null : toPercent(a.masteryBefore);
const MAX_RESPONSE_MS = 30 * 60 * 1000;

/** Starts a quiz in a course the learner is enrolled in (403 `not_enrolled` otherwise). */
export async function startQuiz(
  app: FastifyInstance,
  learnerId: string,
  course: CourseKey,
  timeZone?: string,
): Promise<Quiz> {
  if (!(await repo.isEnrolled(app.db, learnerId, course))) {
    throw new AppError(403, 'not_enrolled', 'you are not registered in this course');
  }
  if (timeZone) await rememberTimeZone(app.db, learnerId, timeZone);
  const [row] = await app.db
    .insert(quizSession)
    .values({ learnerId, courseKey: course, length: QUESTIONS_PER_QUIZ })
    .returning();
  return presentQuiz(row!);
}

/**
 * The question at the quiz's current position: the one already served if it is still unanswered (a refresh or a
 * retry gets the same question), else the engine's choice, stored before it is shown.
 */
export async function nextQuestion(
  app: FastifyInstance,
  learnerId: string,
  quizId: string,
): Promise<Question> {
  const { model, bank } = app.learning;
  return app.db.transaction(async (tx) => {
    const quiz = await repo.lockQuiz(tx, learnerId, quizId);
    if (!quiz) throw notFound('quiz');
    if (quiz.finishedAt) throw conflict('quiz_finished', 'This quiz is finished. Start a new one.');
    const course = quiz.courseKey as CourseKey;
    const skills = bank.skillsOf(course);
    const candidates = bank.candidates(
      course,
      quizId,
      quiz.answered,
      skills.map((s) => s.id),
    );
    // One read for a new question; a refresh finds the served question among `asked` and ignores the rest.
    const context = await repo.nextContext(
      tx,
      learnerId,
      course,
      quizId,
      [...new Set(candidates.map((c) => c.statsKey))],
      RECENT_QUIZZES,
    );
    const asked = context.asked;
    let served = asked.find((q) => q.position === quiz.answered);
    let content: ItemContent | undefined;
    if (!served) {
      const now = Date.now();
      const learner = context.learner ?? model.initialLearnerState();
      const states = context.states;
      const traced = candidates.map((c) => ({
        ...c.traced,
        difficulty: itemDifficulty(statsFor(c, context.stats.get(c.statsKey))),
      }));
      const selection = selectNextItem(
        {
          learner,
          skills: Object.fromEntries(states.map((s) => [s.skillId, s.modelState.tracing])),
          reviews: Object.fromEntries(states.map((s) => [s.skillId, s.modelState.review])),
          quizItemIds: asked.map((q) => q.itemId),
          hasReviewInQuiz: asked.some((q) => q.reason === 'review'),
          recentItemIds: context.recentItemIds,
        },
        traced,
        {
          model,
          nowMs: now,
          skills: skills.map((s) => ({
            key: s.id,
            prerequisites: s.prerequisites,
            isEntry: s.prerequisites.length === 0,
          })),
        },
      );
      if (!selection) throw conflict('no_questions', 'There are no more questions in this course right now.');
      const itemId = selection.item.id;
      let version: string | undefined;
      if (course === 'mathematics') {
        const generated = await storeGeneratedItem(tx, itemId);
        version = generated.version;
        content = generated.stored && { item: generated.stored, passage: null };
      } else {
        version = bank.liveVersion(itemId) ?? (await repo.liveItemVersion(tx, itemId));
      }
      if (!version) throw new Error(`selected item ${itemId} has no live version`);
      [served] = await tx
        .insert(quizQuestion)
        .values({
          quizId,
          position: quiz.answered,
          itemId,
          itemVersion: version,
          skillId: selection.skill,
          reason: selection.reason,
          predicted: selection.predicted,
        })
        .returning();
    }
    const found =
      content ??
      bank.contentOf(served!.itemId, served!.itemVersion) ??
      (await repo.itemWithPassage(tx, served!.itemId, served!.itemVersion));
    return presentQuestion(
      quiz,
      served!,
      found!.item,
      found!.passage,
      bank.skillName(course, served!.skillId),
    );
  });
}

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

/** The statistics key of an item, from its stored row. */
const statsKeyOf = (row: { id: string; source: string; skillId: string; difficulty: number }) =>
  row.source === 'generated' ? generatedStatsKey(row.skillId, row.difficulty) : row.id;

/** The statistics key an item id will have, to read the statistics before the row (checked against it after). */
function expectedStatsKey(itemId: string): string {
  const parsed = parseMathItemId(itemId);
  return parsed ? generatedStatsKey(parsed.skill, parsed.difficulty) : itemId;
}

/**
 * Checks an answer to the current question and, in one transaction, records the attempt, updates the skill's
 * mastery (the original's update_skill) and the score. A repeated submission returns the first result unchanged.
 */
export async function submitAnswer(
  app: FastifyInstance,
  learnerId: string,
  quizId: string,
  body: SubmitAnswerBody,
): Promise<AnswerResult> {
  const { model, bank } = app.learning;
  return app.db.transaction(async (tx) => {
    const quiz = await repo.lockQuiz(tx, learnerId, quizId);
    if (!quiz) throw notFound('quiz');
    const course = quiz.courseKey as CourseKey;
    const guessedKey = expectedStatsKey(body.itemId);
    const context = await repo.answerContext(
      tx,
      learnerId,
      course,
      quizId,
      body.itemId,
      guessedKey,
      parseMathItemId(body.itemId) !== null,
    );
    const asked = context.asked;
    const servedForItem = asked.find((q) => q.itemId === body.itemId);
    const previous = servedForItem
      ? context.attempts.find((a) => a.position === servedForItem.position)
      : undefined;
    const skillName = (id: string) => bank.skillName(course, id);
    const contentOf = async (itemId: string, version: string) =>
      bank.contentOf(itemId, version) ??
      (context.item?.id === itemId && context.item.version === version
        ? { item: context.item, passage: null }
        : await repo.itemWithPassage(tx, itemId, version));
    if (previous) {
      const found = await contentOf(previous.itemId, previous.itemVersion);
      return {
        correct: previous.correct,
        ...correctAnswerOf(found!.item),
        explanation: found!.item.explanation,
        score: quiz.score,
        answered: quiz.answered,
        finished: quiz.finishedAt !== null,
        mastery: {
          skill: { id: previous.skillId, name: skillName(previous.skillId) },
          before: previousBefore(previous),
          after: toPercent(previous.masteryAfter),
          band: previous.bandAfter as AnswerResult['mastery']['band'],
        },
      };
    }
    if (quiz.finishedAt) throw conflict('quiz_finished', 'This quiz is finished. Start a new one.');
    const served = asked.find((q) => q.position === quiz.answered);
    if (!served || served.itemId !== body.itemId) {
      throw conflict(
        'stale_question',
        'This is not the current question. Load the next question and try again.',
      );
    }
    const found = await contentOf(served.itemId, served.itemVersion);
    const row = found!.item;
    const correct = isCorrect(row, body.answer);
    const now = new Date();

    const learner = context.learner ?? model.initialLearnerState();
    const state = context.states.find((s) => s.skillId === served.skillId);
    // Mastery now, not the stored value: answers on other skills move the learner-level features.
    const before = masteryOf(model, learner, state?.modelState.tracing, served.skillId).p;
    const statsKey = statsKeyOf(row);
    const candidate = bank
      .candidates(course, quizId, served.position, [served.skillId])
      .find((c) => c.statsKey === statsKey);
    const stats = statsKey === guessedKey ? context.stats : await repo.itemStatsFor(tx, [statsKey]);
    const difficulty = candidate ? itemDifficulty(statsFor(candidate, stats.get(statsKey))) : undefined;
    const outcome = recordAnswer(
      model,
      learner,
      { [served.skillId]: state?.modelState },
      { id: row.id, skills: [served.skillId], ...(difficulty === undefined ? {} : { difficulty }) },
      correct,
      now.getTime(),
    );
    const next = outcome.skills[served.skillId]!;
    const answered = quiz.answered + 1;
    const score = quiz.score + (correct ? 1 : 0);
    const finished = answered >= quiz.length;
    await repo.saveAnswer(tx, {
      learner: { learnerId, course, state: outcome.learner, now },
      skill: {
        learnerId,
        courseKey: course,
        skillId: served.skillId,
        modelState: { tracing: next.tracing, review: next.review },
        mastery: next.mastery.p,
        band: next.mastery.band,
        attempts: (state?.attempts ?? 0) + 1,
        correct: (state?.correct ?? 0) + (correct ? 1 : 0),
        lastPractisedAt: now,
        nextReviewAt: next.review ? new Date(next.review.dueMs) : null,
      },
      attempt: {
        quizId,
        position: served.position,
        learnerId,
        courseKey: course,
        itemId: row.id,
        itemVersion: row.version,
        skillId: served.skillId,
        answer: body.answer,
        correct,
        predicted: outcome.predicted,
        masteryBefore: before,
        firstOfSkill: !state,
        masteryAfter: next.mastery.p,
        bandAfter: next.mastery.band,
        responseMs: Math.min(MAX_RESPONSE_MS, Math.max(0, now.getTime() - served.servedAt.getTime())),
      },
      stats: { key: statsKey, correct },
      quiz: { id: quizId, answered, score, finishedAt: finished ? now : null },
    });
    // Badges are judged after each answer (and so after the quiz's last one), in the same transaction.
    await awardBadges(tx, learnerId, now, { quizFinished: finished });
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
        after: toPercent(next.mastery.p),
        band: next.mastery.band,
      },
    };
  });
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
  const bySkill = new Map<string, { before: number; after: number; band: string }>();
  for (const a of attempts) {
    const seen = bySkill.get(a.skillId);
    bySkill.set(a.skillId, {
      before: seen?.before ?? a.masteryBefore,
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
