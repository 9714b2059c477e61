import type { AnswerResult, SubmitAnswerBody } from '@vidya/contracts';
import type { FastifyInstance } from 'fastify';
import { conflict, notFound } from '#src/errors.ts';
import type { Caller } from '#src/features/accounts/index.ts';
import { currentQuestion, planAnswer, replayedResult, withServed, type QuizContext } from './quiz-state.ts';
import * as store from './quiz-store.ts';

/**
 * `POST /api/quizzes/:quizId/answers`: checks an answer to the current question and records the attempt, the skill's
 * mastery, the score, any badge earned and the next question in one statement guarded by the quiz's position, the
 * session and the learner's version. A repeated submission, or one that lost the race to another tab, returns the
 * first result unchanged.
 */
export async function answerQuestion(
  app: FastifyInstance,
  caller: Caller,
  quizId: string,
  body: SubmitAnswerBody,
): Promise<AnswerResult> {
  // A cached context answers the current question only: the write checks it (a repeat or a stale one is read again).
  const toAnswer = (c: QuizContext) => !c.finishedAt && currentQuestion(c)?.itemId === body.itemId;
  return store.withRetries(async (first) => {
    // Load.
    const context = await store.load(app, caller, quizId, first ? toAnswer : () => false, () =>
      notFound('quiz'),
    );
    const contentOf = async (itemId: string, version: string) =>
      (await store.content(app, context, itemId, version)).item;
    // Decide: a repeated submission gets its first result; a finished quiz or another question is refused.
    const servedForItem = context.asked.find((q) => q.itemId === body.itemId);
    const previous = servedForItem && context.attempts.find((a) => a.position === servedForItem.position);
    if (previous) {
      const skill = app.learning.bank.skillName(context.courseKey, previous.skillId);
      return replayedResult(context, previous, await contentOf(previous.itemId, previous.itemVersion), skill);
    }
    if (context.finishedAt) throw conflict('quiz_finished', 'This quiz is finished. Start a new one.');
    const served = currentQuestion(context);
    if (!served || served.itemId !== body.itemId)
      throw conflict(
        'stale_question',
        'This is not the current question. Load the next question and try again.',
      );
    const item = await contentOf(served.itemId, served.itemVersion);
    const plan = planAnswer(
      await store.engineOf(app),
      quizId,
      context,
      served,
      item,
      body.answer,
      new Date(),
    );
    // Save: lost to another call or tab, or the session ended, reads again.
    const written = await store.saveAnswer(app, caller, plan);
    if (!written) return undefined;
    const moved = { ...plan.moved, awarded: [...context.awarded, ...written.badges], stamp: written.stamp };
    const { next } = plan;
    const { served: stored } = written;
    store.keep(
      app,
      quizId,
      next && stored ? withServed(moved, next, stored.servedAt, stored.itemStored) : moved,
    );
    // Present.
    return plan.result;
  });
}
