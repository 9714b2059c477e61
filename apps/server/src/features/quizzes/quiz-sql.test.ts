import { expect, it } from 'vitest';
import { as, answerKey, enrolIn } from '#src/testing/learning.ts';
import { recordingRun } from '#src/testing/row-shapes.ts';
import { signUpVerified } from '#src/testing/test-app.ts';
import { app, useTestApp } from '#src/testing/test-server.ts';
import { ALL_STATS, ANSWER_WRITE, QUIZ_CHECK, QUIZ_READ, SERVE, START } from './quiz-sql.ts';

useTestApp();

// The quiz statements' row types come from their shapes; this checks, on this database and its driver, that what
// each statement returns is what its shape declares (its columns' drizzle types, null only where they admit it).
it('every quiz statement returns rows of the shape it declares', async () => {
  const original = app.database.run;
  const { run, checked } = recordingRun(original);
  app.database.run = run;
  try {
    const { cookie } = await signUpVerified(app, 'learners');
    await enrolIn(app, cookie, ['mathematics']);
    const client = as(app, cookie);
    // START; then SERVE for the first question, QUIZ_CHECK for those the answers served.
    const quizId = (await client.post('/api/quizzes', { course: 'mathematics' })).json().id as string;
    for (let position = 0; position < 5; position++) {
      const question = (await client.post(`/api/quizzes/${quizId}/next`)).json();
      // The answer reads its context afresh (QUIZ_READ, with the stored generated item), then writes (ANSWER_WRITE).
      app.learning.contexts.delete(quizId);
      const { right } = await answerKey(app, question);
      const answered = await client.post(`/api/quizzes/${quizId}/answers`, {
        itemId: question.itemId,
        answer: right,
      });
      expect(answered.statusCode, answered.body).toBe(200);
    }
    await ALL_STATS.run(run, {});
  } finally {
    app.database.run = original;
  }
  for (const [name, statement] of Object.entries({
    START,
    SERVE,
    QUIZ_CHECK,
    QUIZ_READ,
    ANSWER_WRITE,
    ALL_STATS,
  })) {
    const { rows, mismatches } = checked(statement);
    expect(rows, name).toBeGreaterThan(0);
    expect(mismatches, name).toEqual([]);
  }
});
