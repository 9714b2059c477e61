import { toPercent, XP_PER_CORRECT_ANSWER, type QuizSummary } from '@vidya/contracts';
import type { FastifyInstance } from 'fastify';
import { notFound } from '#src/errors.ts';
import { badgesAwardedBetween } from '#src/features/progress/index.ts';
import { previousBefore } from './quiz-state.ts';
import { presentQuiz } from './quizzes.presenter.ts';
import * as repo from './quizzes.repository.ts';

/** `GET /api/quizzes/:quizId/summary` (not on the hot path: drizzle reads). */
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
