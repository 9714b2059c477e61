import { COURSE_KEYS, type CourseKey, type Question } from '@vidya/contracts';
import { and, count, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  attempt,
  badgeAward,
  item,
  itemStats,
  learnerCourseState,
  quizQuestion,
  quizSession,
  session,
  skillState,
  user,
} from '#src/db/schema/index.ts';
import { as, answerKey, enrolIn } from '#src/testing/learning.ts';
import { buildTestApp, signUpVerified } from '#src/testing/test-app.ts';
import { app, database, useTestApp } from '#src/testing/test-server.ts';

useTestApp();

async function newLearner(courses = [...COURSE_KEYS]) {
  const { cookie } = await signUpVerified(app, 'learners');
  await enrolIn(app, cookie, courses);
  return as(app, cookie);
}

async function start(client: ReturnType<typeof as>, course: string) {
  const response = await client.post('/api/quizzes', { course });
  expect(response.statusCode).toBe(201);
  return response.json().id as string;
}

async function next(client: ReturnType<typeof as>, quizId: string): Promise<Question> {
  const response = await client.post(`/api/quizzes/${quizId}/next`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe('POST /api/quizzes', () => {
  it('refuses a course the learner is not enrolled in with 403 not_enrolled', async () => {
    const client = await newLearner(['science']);
    const response = await client.post('/api/quizzes', { course: 'english' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({
      code: 'not_enrolled',
      detail: 'you are not registered in this course',
    });
  });

  it('is for learners only', async () => {
    const { cookie } = await signUpVerified(app, 'instructors');
    const response = await as(app, cookie).post('/api/quizzes', { course: 'science' });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('forbidden');
    expect(
      (await app.inject({ method: 'POST', url: '/api/quizzes', payload: { course: 'science' } })).statusCode,
    ).toBe(401);
  });

  it('starts nothing for a session that expired or ended', async () => {
    const learner = await signUpVerified(app, 'learners');
    await enrolIn(app, learner.cookie, ['science']);
    const token = decodeURIComponent(/session_token=([^;]+)/.exec(learner.cookie)![1]!).split('.')[0]!;
    await app.db
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(session.token, token));
    expect((await as(app, learner.cookie).post('/api/quizzes', { course: 'science' })).statusCode).toBe(401);
    const other = await signUpVerified(app, 'learners');
    await enrolIn(app, other.cookie, ['science']);
    await app.inject({ method: 'DELETE', url: '/api/session', headers: { cookie: other.cookie } });
    expect((await as(app, other.cookie).post('/api/quizzes', { course: 'science' })).statusCode).toBe(401);
    const started = await app.db
      .select({ id: quizSession.id })
      .from(quizSession)
      .innerJoin(user, eq(user.id, quizSession.learnerId))
      .where(inArray(user.email, [learner.person.email, other.person.email]));
    expect(started).toEqual([]);
  });
});

describe('a whole quiz', () => {
  it.each(COURSE_KEYS)(
    'runs five %s questions, scores right and wrong answers and never leaks an answer',
    async (course) => {
      const client = await newLearner([course]);
      const quizId = await start(client, course);
      const seen = new Set<string>();
      let expectedScore = 0;
      // Per skill, the mastery before its first answer in the quiz and after its last, as the answers reported.
      const changes = new Map<string, { before: number | null; after: number }>();
      for (let position = 0; position < 5; position++) {
        const question = await next(client, quizId);
        expect(question.position).toBe(position);
        expect(question).not.toHaveProperty('answer');
        expect(question).not.toHaveProperty('explanation');
        expect(question.kind).toBe(course === 'mathematics' ? 'free_text' : 'choice');
        expect(seen.has(question.itemId)).toBe(false);
        seen.add(question.itemId);
        // Asking again before answering gives the same question (a refresh or retry).
        expect((await next(client, quizId)).itemId).toBe(question.itemId);

        const key = await answerKey(app, question);
        const isRight = position % 2 === 0;
        const response = await client.post(`/api/quizzes/${quizId}/answers`, {
          itemId: question.itemId,
          answer: isRight ? key.right : key.wrong,
        });
        expect(response.statusCode, response.body).toBe(200);
        const result = response.json();
        expectedScore += isRight ? 1 : 0;
        expect(result).toMatchObject({
          correct: isRight,
          score: expectedScore,
          answered: position + 1,
          finished: position === 4,
        });
        if (question.kind === 'choice')
          expect(result.correctAnswer).toBe(question.choices![Number(key.right)]);
        else expect(result.correctAnswer).toBe(key.right);
        expect(result.explanation.length).toBeGreaterThan(0);
        expect(result.mastery.skill.id).toBe(question.skill.id);
        const { skill, before, after } = result.mastery as {
          skill: { id: string };
          before: number | null;
          after: number;
        };
        changes.set(skill.id, {
          before: changes.has(skill.id) ? changes.get(skill.id)!.before : before,
          after,
        });
        // The learner's first answer on a skill has no mastery before it to compare with.
        if (position === 0) expect(result.mastery.before).toBeNull();
        if (result.mastery.before !== null) {
          if (isRight) expect(result.mastery.after).toBeGreaterThanOrEqual(result.mastery.before);
          else expect(result.mastery.after).toBeLessThanOrEqual(result.mastery.before);
        }
      }
      // The states are stored as JSON objects (not as JSON text), whichever driver wrote them.
      const kinds = await database.run<{ kind: string }>(
        `select jsonb_typeof(model_state) as kind from skill_state s
            where s.learner_id = (select learner_id from quiz_session where id = $1::uuid)
            union all select jsonb_typeof(model_state) from learner_course_state l
            where l.learner_id = (select learner_id from quiz_session where id = $1::uuid)`,
        [quizId],
      );
      expect(kinds.length).toBeGreaterThan(1);
      expect(new Set(kinds.map((k) => k.kind))).toEqual(new Set(['object']));
      // Each attempt keeps the item difficulty the engine used, so it can be replayed exactly.
      const difficulties = await app.db
        .select({ d: attempt.itemDifficulty })
        .from(attempt)
        .where(eq(attempt.quizId, quizId));
      expect(difficulties).toHaveLength(5);
      for (const { d } of difficulties) expect(Number.isFinite(d)).toBe(true);
      const finished = await client.post(`/api/quizzes/${quizId}/next`);
      expect(finished.statusCode).toBe(409);
      expect(finished.json().code).toBe('quiz_finished');

      const summary = (await client.get(`/api/quizzes/${quizId}`)).json();
      expect(summary.quiz).toMatchObject({ score: 3, answered: 5, finished: true });
      // The final screen's "What changed": percentages, from the first and last answer on each skill.
      expect(
        Object.fromEntries(
          (summary.skills as { skill: { id: string }; before: number | null; after: number }[]).map((s) => [
            s.skill.id,
            { before: s.before, after: s.after },
          ]),
        ),
      ).toEqual(Object.fromEntries(changes));
      expect(summary.xpEarned).toBe(30);
      expect((await client.get('/api/me/stats')).json()).toMatchObject({
        xp: 30,
        correctAnswers: 3,
        quizzesFinished: 1,
      });
    },
  );

  it('shows the passage with an English reading question', async () => {
    const client = await newLearner(['english']);
    let found = false;
    for (let quiz = 0; quiz < 4 && !found; quiz++) {
      const quizId = await start(client, 'english');
      for (let i = 0; i < 5 && !found; i++) {
        const question = await next(client, quizId);
        if (question.skill.id.startsWith('reading-')) {
          expect(question.passage?.text.length).toBeGreaterThan(200);
          found = true;
        }
        await client.post(`/api/quizzes/${quizId}/answers`, {
          itemId: question.itemId,
          answer: (await answerKey(app, question)).right,
        });
      }
    }
    expect(found).toBe(true);
  });
});

describe('POST /api/quizzes/:quizId/next under concurrency', () => {
  it.each(['mathematics', 'science'] as const)(
    'serves one %s question to many parallel requests for the same position',
    async (course) => {
      const client = await newLearner([course]);
      const quizId = await start(client, course);
      const responses = await Promise.all(
        Array.from({ length: 6 }, () => client.post(`/api/quizzes/${quizId}/next`)),
      );
      expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
      expect(new Set(responses.map((r) => r.body)).size).toBe(1);
      const [row] = await app.db
        .select({ n: count() })
        .from(quizQuestion)
        .where(eq(quizQuestion.quizId, quizId));
      expect(row!.n).toBe(1);
    },
  );

  it('continues on a second server a quiz the first one started (nothing kept in one process)', async () => {
    const other = await buildTestApp(database);
    try {
      const { cookie } = await signUpVerified(app, 'learners');
      await enrolIn(app, cookie, ['english']);
      const here = as(app, cookie);
      const there = as(other, cookie);
      const quizId = await start(here, 'english');
      for (let position = 0; position < 5; position++) {
        const response = await (position % 2 ? here : there).post(`/api/quizzes/${quizId}/next`);
        expect(response.statusCode, response.body).toBe(200);
        const question: Question = response.json();
        expect(question.position).toBe(position);
        const key = await answerKey(app, question);
        const answer = await (position % 2 ? there : here).post(`/api/quizzes/${quizId}/answers`, {
          itemId: question.itemId,
          answer: key.right,
        });
        expect(answer.json()).toMatchObject({ correct: true, score: position + 1, answered: position + 1 });
        const [stats] = await app.db.select().from(itemStats).where(eq(itemStats.itemId, question.itemId));
        expect(stats!.attempts).toBeGreaterThanOrEqual(1);
      }
      expect((await there.get(`/api/quizzes/${quizId}`)).json().quiz).toMatchObject({
        score: 5,
        finished: true,
      });
    } finally {
      await other.close();
    }
  });
});

describe('the quiz contexts a server keeps between calls', () => {
  it('loses no answer when two quizzes of the same course are answered in turn', async () => {
    const client = await newLearner(['science']);
    const quizzes = [await start(client, 'science'), await start(client, 'science')];
    for (let position = 0; position < 5; position++) {
      for (const quizId of quizzes) {
        const question = await next(client, quizId);
        const key = await answerKey(app, question);
        const response = await client.post(`/api/quizzes/${quizId}/answers`, {
          itemId: question.itemId,
          answer: position % 2 ? key.right : key.wrong,
        });
        expect(response.statusCode, response.body).toBe(200);
        expect(response.json()).toMatchObject({
          answered: position + 1,
          score: Math.floor((position + 1) / 2),
        });
      }
    }
    const [quiz] = await app.db.select().from(quizSession).where(eq(quizSession.id, quizzes[0]!));
    const states = await app.db.select().from(skillState).where(eq(skillState.learnerId, quiz!.learnerId));
    expect(states.reduce((n, s) => n + s.attempts, 0)).toBe(10);
    expect(states.reduce((n, s) => n + s.correct, 0)).toBe(4);
    const [learner] = await app.db
      .select()
      .from(learnerCourseState)
      .where(eq(learnerCourseState.learnerId, quiz!.learnerId));
    expect(learner!.modelState).toMatchObject({ attempts: 10, wins: 4 });
  });

  /** A learner (and their cookie) enrolled in `course`, with a quiz started and its first question served. */
  async function servedFirstQuestion(course: CourseKey) {
    const { cookie } = await signUpVerified(app, 'learners');
    await enrolIn(app, cookie, [course]);
    const client = as(app, cookie);
    const quizId = await start(client, course);
    return { cookie, client, quizId, question: await next(client, quizId) };
  }

  it('writes nothing for a session that ended after the question was served', async () => {
    const { cookie, client, quizId, question } = await servedFirstQuestion('mathematics');
    await app.inject({ method: 'DELETE', url: '/api/session', headers: { cookie } });
    const key = await answerKey(app, question);
    const answer = await client.post(`/api/quizzes/${quizId}/answers`, {
      itemId: question.itemId,
      answer: key.right,
    });
    expect(answer.statusCode).toBe(401);
    expect(await app.db.select().from(attempt).where(eq(attempt.quizId, quizId))).toEqual([]);
    expect((await client.post(`/api/quizzes/${quizId}/next`)).statusCode).toBe(401);
  });

  it('shows nothing and serves nothing for a session that ended after the last answer', async () => {
    const { cookie, client, quizId, question } = await servedFirstQuestion('english');
    const key = await answerKey(app, question);
    await client.post(`/api/quizzes/${quizId}/answers`, { itemId: question.itemId, answer: key.right });
    // The answer served the next question with its own write; the session ends before it is shown.
    const served = () => app.db.select().from(quizQuestion).where(eq(quizQuestion.quizId, quizId));
    expect((await served()).map((q) => q.position)).toEqual([0, 1]);
    await app.inject({ method: 'DELETE', url: '/api/session', headers: { cookie } });
    expect((await client.post(`/api/quizzes/${quizId}/next`)).statusCode).toBe(401);
    expect(await served()).toHaveLength(2);
  });

  it.each(['mathematics', 'science'] as const)(
    'serves the next %s question with the answer, and shows it as stored',
    async (course) => {
      const { cookie, client, quizId, question } = await servedFirstQuestion(course);
      const key = await answerKey(app, question);
      await client.post(`/api/quizzes/${quizId}/answers`, { itemId: question.itemId, answer: key.wrong });
      const [stored] = await app.db
        .select()
        .from(quizQuestion)
        .where(and(eq(quizQuestion.quizId, quizId), eq(quizQuestion.position, 1)));
      expect(stored).toBeDefined();
      expect(stored!.itemId).not.toBe(question.itemId);
      const second = await next(client, quizId);
      expect(second).toMatchObject({ position: 1, itemId: stored!.itemId, score: 0 });
      // Shown from another server, which reads what was stored, it is the same question.
      const other = await buildTestApp(database);
      try {
        const there = await as(other, cookie).post(`/api/quizzes/${quizId}/next`);
        expect(there.json()).toEqual(second);
      } finally {
        await other.close();
      }
      // The answer to it is checked against what was served.
      const answered = await client.post(`/api/quizzes/${quizId}/answers`, {
        itemId: second.itemId,
        answer: (await answerKey(app, second)).right,
      });
      expect(answered.json()).toMatchObject({ correct: true, answered: 2, score: 1 });
    },
  );

  it('shows the current question when another server moved the quiz on', async () => {
    const { cookie, client, quizId, question } = await servedFirstQuestion('social_science');
    const other = await buildTestApp(database);
    try {
      const there = as(other, cookie);
      const answer = async (via: typeof client, q: Question) =>
        (
          await via.post(`/api/quizzes/${quizId}/answers`, {
            itemId: q.itemId,
            answer: (await answerKey(app, q)).right,
          })
        ).json();
      // This server answers the first question (and keeps the quiz with the second one served) ...
      expect(await answer(client, question)).toMatchObject({ answered: 1 });
      // ... while the other shows and answers the second.
      const second: Question = (await there.post(`/api/quizzes/${quizId}/next`)).json();
      expect(second.position).toBe(1);
      expect(await answer(there, second)).toMatchObject({ answered: 2 });
      const third = await next(client, quizId);
      expect(third.position).toBe(2);
      expect(third.itemId).not.toBe(second.itemId);
      expect(await answer(client, third)).toMatchObject({ answered: 3, score: 3 });
    } finally {
      await other.close();
    }
  });
});

describe('a learner who holds every quiz badge', () => {
  it('finishes a quiz without reading the finished quizzes again, and is awarded nothing twice', async () => {
    const { cookie } = await signUpVerified(app, 'learners');
    await enrolIn(app, cookie, ['science']);
    const client = as(app, cookie);
    const learnerId = (await client.get('/api/me')).json<{ id: string }>().id;
    const held = ['bronze', 'silver', 'gold', 'daily-learner'];
    // Held from before this quiz: awarded a day ago, so the quiz's window cannot take them in even when the insert
    // and the quiz's start fall in the same millisecond (the embedded database's clock counts milliseconds).
    const dayAgo = new Date(Date.now() - 86_400_000);
    await app.db.insert(badgeAward).values(held.map((badge) => ({ learnerId, badge, awardedAt: dayAgo })));
    const quizId = await start(client, 'science');
    for (let position = 0; position < 5; position++) {
      const question = await next(client, quizId);
      const key = await answerKey(app, question);
      const response = await client.post(`/api/quizzes/${quizId}/answers`, {
        itemId: question.itemId,
        answer: key.right,
      });
      expect(response.json(), response.body).toMatchObject({ correct: true, answered: position + 1 });
    }
    const summary = (await client.get(`/api/quizzes/${quizId}`)).json();
    expect(summary.quiz).toMatchObject({ score: 5, finished: true });
    expect(summary.badgesEarned).toEqual([]);
    const badges = await app.db.select().from(badgeAward).where(eq(badgeAward.learnerId, learnerId));
    expect(badges.map((b) => b.badge).sort()).toEqual([...held].sort());
  });
});

describe('a generated mathematics item stored before', () => {
  it('is shown and checked as it was stored, not as generated again', async () => {
    const client = await newLearner(['mathematics']);
    const quizId = await start(client, 'mathematics');
    const bank = app.learning.bank;
    const skills = bank.skillsOf('mathematics').map((s) => s.id);
    // Every item the engine could pick for the first question is already stored, with other content.
    const candidates = bank.candidates('mathematics', quizId, 0, skills);
    await app.db.insert(item).values(
      candidates.map((c) => ({
        id: c.traced.id,
        version: 'g1',
        courseKey: 'mathematics',
        skillId: c.traced.skills[0]!,
        kind: 'free_text',
        prompt: `Stored earlier: what is 40 + 2?`,
        answer: '42',
        answerForm: { kind: 'integer' },
        explanation: 'Stored earlier.',
        difficulty: 1,
        source: 'generated',
      })),
    );
    const question = await next(client, quizId);
    expect(question.prompt).toBe('Stored earlier: what is 40 + 2?');
    const result = await client.post(`/api/quizzes/${quizId}/answers`, {
      itemId: question.itemId,
      answer: '42',
    });
    expect(result.json(), result.body).toMatchObject({ correct: true, correctAnswer: '42' });
  });
});

describe('POST /api/quizzes/:quizId/answers', () => {
  it('returns the first result again for a retried submission, and scores it once', async () => {
    const client = await newLearner(['science']);
    const quizId = await start(client, 'science');
    const question = await next(client, quizId);
    const key = await answerKey(app, question);
    const first = await client.post(`/api/quizzes/${quizId}/answers`, {
      itemId: question.itemId,
      answer: key.right,
    });
    const retry = await client.post(`/api/quizzes/${quizId}/answers`, {
      itemId: question.itemId,
      answer: key.wrong,
    });
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual(first.json());
    const [row] = await app.db.select({ n: count() }).from(attempt).where(eq(attempt.quizId, quizId));
    expect(row!.n).toBe(1);
  });

  it('scores one of many parallel submissions of the same question (two tabs, double clicks)', async () => {
    const client = await newLearner(['social_science']);
    const quizId = await start(client, 'social_science');
    const question = await next(client, quizId);
    const key = await answerKey(app, question);
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        client.post(`/api/quizzes/${quizId}/answers`, {
          itemId: question.itemId,
          answer: i % 2 ? key.wrong : key.right,
        }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    const bodies = results.map((r) => r.json());
    expect(new Set(bodies.map((b) => JSON.stringify(b))).size).toBe(1);
    const [quiz] = await app.db.select().from(quizSession).where(eq(quizSession.id, quizId));
    expect(quiz).toMatchObject({ answered: 1, score: bodies[0].correct ? 1 : 0 });
    const [row] = await app.db.select({ n: count() }).from(attempt).where(eq(attempt.quizId, quizId));
    expect(row!.n).toBe(1);
  });

  it('refuses an answer to a question that is not the current one with 409', async () => {
    const client = await newLearner(['science']);
    const quizId = await start(client, 'science');
    await next(client, quizId);
    const response = await client.post(`/api/quizzes/${quizId}/answers`, {
      itemId: 'science:plants:01x',
      answer: '0',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('stale_question');
  });

  it('checks the session inside the quiz’s read: signed out 401, teacher 403, expired 401, refresh kept', async () => {
    const { cookie } = await signUpVerified(app, 'learners');
    await enrolIn(app, cookie, ['science']);
    const owner = as(app, cookie);
    const token = decodeURIComponent(/session_token=([^;]+)/.exec(cookie)![1]!).split('.')[0]!;
    // Due for the daily refresh: still admitted, and better-auth moves the expiry on — when starting a quiz, and
    // when a call reads the quiz (here a repeated `next`, which reads what was served).
    const expiryAfter = async <T>(call: () => Promise<T>): Promise<T> => {
      const dueAt = new Date(Date.now() + 5 * 24 * 60 * 60 * 1000);
      await app.db.update(session).set({ expiresAt: dueAt }).where(eq(session.token, token));
      const result = await call();
      const [refreshed] = await app.db.select().from(session).where(eq(session.token, token));
      expect(refreshed!.expiresAt.getTime()).toBeGreaterThan(dueAt.getTime());
      return result;
    };
    const quizId = await expiryAfter(() => start(owner, 'science'));
    const question = await next(owner, quizId);
    expect((await expiryAfter(() => next(owner, quizId))).itemId).toBe(question.itemId);

    const teacher = await signUpVerified(app, 'instructors');
    expect((await as(app, teacher.cookie).post(`/api/quizzes/${quizId}/next`)).statusCode).toBe(403);

    await app.db
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(session.token, token));
    const expired = await owner.post(`/api/quizzes/${quizId}/answers`, {
      itemId: question.itemId,
      answer: '0',
    });
    expect(expired.statusCode).toBe(401);
    expect(await app.db.select().from(attempt).where(eq(attempt.quizId, quizId))).toEqual([]);

    const again = await signUpVerified(app, 'learners');
    await app.inject({ method: 'DELETE', url: '/api/session', headers: { cookie: again.cookie } });
    expect((await as(app, again.cookie).post(`/api/quizzes/${quizId}/next`)).statusCode).toBe(401);
    expect((await app.inject({ method: 'POST', url: `/api/quizzes/${quizId}/next` })).statusCode).toBe(401);
  });

  it('validates the body and hides other learners’ quizzes', async () => {
    const owner = await newLearner(['science']);
    const quizId = await start(owner, 'science');
    const question = await next(owner, quizId);
    const empty = await owner.post(`/api/quizzes/${quizId}/answers`, {
      itemId: question.itemId,
      answer: '   ',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields.answer).toBe('An answer is required');
    const stranger = await newLearner(['science']);
    expect((await stranger.post(`/api/quizzes/${quizId}/next`)).statusCode).toBe(404);
    expect(
      (await stranger.post(`/api/quizzes/${quizId}/answers`, { itemId: question.itemId, answer: '0' }))
        .statusCode,
    ).toBe(404);
    expect((await stranger.get(`/api/quizzes/${quizId}`)).statusCode).toBe(404);
    expect((await owner.post('/api/quizzes/not-a-uuid/next')).statusCode).toBe(400);
  });
});

describe('selection across quizzes', () => {
  it('avoids the items of the learner’s last three quizzes of the course', async () => {
    const client = await newLearner(['science']);
    const history: string[][] = [];
    for (let quiz = 0; quiz < 4; quiz++) {
      const quizId = await start(client, 'science');
      const items: string[] = [];
      for (let i = 0; i < 5; i++) {
        const question = await next(client, quizId);
        items.push(question.itemId);
        await client.post(`/api/quizzes/${quizId}/answers`, {
          itemId: question.itemId,
          answer: (await answerKey(app, question)).right,
        });
      }
      history.push(items);
    }
    const lastThree = new Set(history.slice(0, 3).flat());
    expect(history[3]!.filter((id) => lastThree.has(id))).toEqual([]);
  });
});

describe('enrolment', () => {
  it('lists courses, enrols, and unenrol deletes the course’s data and nothing else', async () => {
    expect((await app.inject('/api/courses')).json().map((c: { title: string }) => c.title)).toEqual([
      'Mathematics',
      'Science',
      'English',
      'Social Science',
    ]);
    const { cookie } = await signUpVerified(app, 'learners');
    const client = as(app, cookie);
    await enrolIn(app, cookie, ['science', 'english']);
    for (const course of ['science', 'english']) {
      const quizId = await start(client, course);
      const question = await next(client, quizId);
      await client.post(`/api/quizzes/${quizId}/answers`, {
        itemId: question.itemId,
        answer: (await answerKey(app, question)).right,
      });
    }
    const enrolments = (await client.get('/api/me/enrolments')).json();
    expect(enrolments.map((e: { course: { key: string } }) => e.course.key)).toEqual(['science', 'english']);
    expect(enrolments[0].skillsPractised).toBe(1);
    expect(enrolments[0].mastery).toBeGreaterThan(0);

    const me = (await client.get('/api/me')).json().id as string;
    const rowsFor = async (course: string) => ({
      attempts: (await app.db.select().from(attempt).where(eq(attempt.learnerId, me))).filter(
        (r) => r.courseKey === course,
      ).length,
      quizzes: (await app.db.select().from(quizSession).where(eq(quizSession.learnerId, me))).filter(
        (r) => r.courseKey === course,
      ).length,
      skills: (await app.db.select().from(skillState).where(eq(skillState.learnerId, me))).filter(
        (r) => r.courseKey === course,
      ).length,
    });
    expect(await rowsFor('science')).toEqual({ attempts: 1, quizzes: 1, skills: 1 });
    const out = await client.delete('/api/me/enrolments/science');
    expect(out.statusCode).toBe(200);
    expect(await rowsFor('science')).toEqual({ attempts: 0, quizzes: 0, skills: 0 });
    expect(await rowsFor('english')).toEqual({ attempts: 1, quizzes: 1, skills: 1 });
    expect(
      (await client.get('/api/me/enrolments')).json().map((e: { course: { key: string } }) => e.course.key),
    ).toEqual(['english']);
    expect((await client.post('/api/quizzes', { course: 'science' })).statusCode).toBe(403);
  });

  it('rejects an unknown course and an empty selection with 400', async () => {
    const { cookie } = await signUpVerified(app, 'learners');
    const client = as(app, cookie);
    expect((await client.post('/api/me/enrolments', { courses: ['history'] })).statusCode).toBe(400);
    const empty = await client.post('/api/me/enrolments', { courses: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields.courses).toBe('Choose at least one course');
  });
});
