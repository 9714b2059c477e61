import type { Question } from '@vidya/contracts';
import type { FastifyInstance } from 'fastify';
import { conflict, notFound } from '#src/errors.ts';
import type { Caller } from '#src/features/accounts/index.ts';
import { chooseQuestion, currentQuestion, withServed, type QuizContext } from './quiz-state.ts';
import * as store from './quiz-store.ts';
import { presentQuestion } from './quizzes.presenter.ts';

/** The question is served already (by the answer before it, decision 006): a small check is enough. */
const isServed = (c: QuizContext) => !c.finishedAt && currentQuestion(c) !== undefined;
/** A cached context serves a new question only: the write checks it (a served one is read again, or checked). */
const toServe = (c: QuizContext) => !c.finishedAt && !currentQuestion(c);

/**
 * `POST /api/quizzes/:quizId/next`: the question at the quiz's current position. The one already served if it is
 * still unanswered (a refresh or a retry gets the same question), else the engine's choice, stored before it is shown
 * by a guarded write: a concurrent call that served the position first wins, and this one reads and shows that.
 */
export async function serveQuestion(app: FastifyInstance, caller: Caller, quizId: string): Promise<Question> {
  return store.withRetries(async (first) => {
    // Load: the kept context (confirmed by a small read when its question is served), else a full read.
    const context =
      (first ? await store.confirmServed(app, caller, quizId, isServed) : undefined) ??
      (await store.load(app, caller, quizId, first ? toServe : () => false, () => notFound('quiz')));
    // Decide: the served question, or the engine's choice.
    if (context.finishedAt) throw conflict('quiz_finished', 'This quiz is finished. Start a new one.');
    const already = currentQuestion(context);
    if (already)
      return present(
        app,
        quizId,
        context,
        already,
        await store.content(app, context, already.itemId, already.itemVersion),
      );
    const choice = chooseQuestion(await store.engineOf(app), quizId, context, Date.now());
    if (!choice) throw conflict('no_questions', 'There are no more questions in this course right now.');
    // Save: lost to another call, or the session ended, reads again.
    const stored = await store.serve(app, caller, quizId, choice);
    if (!stored) return undefined;
    const next = withServed(context, choice, stored.servedAt, stored.itemStored);
    const shown = await store.content(app, next, choice.served.itemId, choice.served.itemVersion);
    // A generated item is kept as shown (as stored), so that checking the answer reads it no more.
    store.keep(app, quizId, choice.generated ? { ...next, item: shown.item } : next);
    // Present.
    return present(app, quizId, next, next.asked.at(-1)!, shown);
  });
}

/** A served question as the learner sees it. */
function present(
  app: FastifyInstance,
  quizId: string,
  context: QuizContext,
  served: QuizContext['asked'][number],
  shown: Awaited<ReturnType<typeof store.content>>,
): Question {
  const skill = app.learning.bank.skillName(context.courseKey, served.skillId);
  const quiz = { id: quizId, length: context.length, score: context.score };
  return presentQuestion(quiz, served, shown.item, shown.passage, skill);
}
