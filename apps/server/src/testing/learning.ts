import type { CourseKey, Question } from '@vidya/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { item } from '#src/db/schema/index.ts';

/** A signed-in request helper bound to one cookie. */
export function as(app: FastifyInstance, cookie: string) {
  return {
    get: (url: string) => app.inject({ method: 'GET', url, headers: { cookie } }),
    post: (url: string, payload?: object) =>
      app.inject({ method: 'POST', url, headers: { cookie }, ...(payload ? { payload } : {}) }),
    delete: (url: string, payload?: object) =>
      app.inject({ method: 'DELETE', url, headers: { cookie }, ...(payload ? { payload } : {}) }),
  };
}

/** The stored answer of a served question, read from the database (never from the API). */
export async function answerKey(
  app: FastifyInstance,
  question: Question,
): Promise<{ right: string; wrong: string }> {
  const [row] = await app.db
    .select()
    .from(item)
    .where(and(eq(item.id, question.itemId)));
  if (!row) throw new Error(`no item ${question.itemId}`);
  if (row.kind === 'choice') {
    const right = Number(row.answer);
    return { right: String(right), wrong: String((right + 1) % row.choices!.length) };
  }
  return { right: row.answer, wrong: `${row.answer}99` };
}

/** Enrols a learner (by cookie) in courses. */
export async function enrolIn(app: FastifyInstance, cookie: string, courses: CourseKey[]) {
  const response = await as(app, cookie).post('/api/me/enrolments', { courses });
  if (response.statusCode !== 201) throw new Error(`enrol failed: ${response.body}`);
}
