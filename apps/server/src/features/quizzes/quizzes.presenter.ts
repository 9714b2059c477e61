import type { CourseKey, Question, Quiz } from '@vidya/contracts';
import type { item, passage, quizQuestion, quizSession } from '#src/db/schema/index.ts';

type QuizRow = typeof quizSession.$inferSelect;

export function presentQuiz(
  row: Pick<QuizRow, 'id' | 'courseKey' | 'length' | 'answered' | 'score' | 'finishedAt'>,
): Quiz {
  return {
    id: row.id,
    course: row.courseKey as CourseKey,
    total: row.length,
    answered: row.answered,
    score: row.score,
    finished: row.finishedAt !== null,
  };
}

/** A served question as the learner sees it: prompt, choices and passage, never the answer or explanation. */
export function presentQuestion(
  quiz: Pick<QuizRow, 'id' | 'length' | 'score'>,
  served: Pick<typeof quizQuestion.$inferSelect, 'position' | 'skillId'>,
  row: Pick<typeof item.$inferSelect, 'id' | 'kind' | 'prompt' | 'choices'>,
  text: typeof passage.$inferSelect | null,
  skillName: string,
): Question {
  return {
    quizId: quiz.id,
    position: served.position,
    total: quiz.length,
    score: quiz.score,
    itemId: row.id,
    kind: row.kind === 'choice' ? 'choice' : 'free_text',
    prompt: row.prompt,
    ...(row.kind === 'choice' && row.choices ? { choices: row.choices } : {}),
    ...(text ? { passage: { title: text.title, text: text.text } } : {}),
    skill: { id: served.skillId, name: skillName },
  };
}
