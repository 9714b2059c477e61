import { NO_SUCH_LEARNER } from '@vidya/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#src/db/client.ts';
import { as, answerKey } from '#src/testing/learning.ts';
import { buildTestApp, createTestDatabase, signUpVerified } from '#src/testing/test-app.ts';

let database: Database;
let app: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildTestApp(database);
});
afterAll(async () => {
  await app.close();
  await database.close();
});

async function account(role: 'learners' | 'instructors' | 'parents') {
  const { cookie, person } = await signUpVerified(app, role);
  const client = as(app, cookie);
  const me = (await client.get('/api/me')).json();
  return { client, person, id: me.id as string };
}

async function takeOneQuestion(client: ReturnType<typeof as>, course = 'science') {
  const quizId = (await client.post('/api/quizzes', { course })).json().id;
  const question = (await client.post(`/api/quizzes/${quizId}/next`)).json();
  await client.post(`/api/quizzes/${quizId}/answers`, {
    itemId: question.itemId,
    answer: (await answerKey(app, question)).right,
  });
}

describe('link requests', () => {
  it('starts unverified and shows the guardian the username only, with no progress', async () => {
    const learner = await account('learners');
    const teacher = await account('instructors');
    const created = await teacher.client.post('/api/guardian/links', {
      username: learner.person.username.toUpperCase(),
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ status: 'unverified', username: learner.person.username });
    expect(created.json()).not.toHaveProperty('learner');
    const list = (await teacher.client.get('/api/guardian/learners')).json();
    expect(list).toHaveLength(1);
    expect(list[0]).not.toHaveProperty('learner');
    expect(JSON.stringify(list)).not.toContain(learner.person.email);
    expect(JSON.stringify(list)).not.toContain(learner.person.firstName);
    const progress = await teacher.client.get(`/api/guardian/learners/${learner.id}/progress`);
    expect(progress.statusCode).toBe(403);
  });

  it('does not duplicate a repeated request', async () => {
    const learner = await account('learners');
    const parent = await account('parents');
    const body = { username: learner.person.username, confirmed: true };
    const first = (await parent.client.post('/api/guardian/links', body)).json();
    const second = (await parent.client.post('/api/guardian/links', body)).json();
    expect(second.linkId).toBe(first.linkId);
    expect((await parent.client.get('/api/guardian/learners')).json()).toHaveLength(1);
  });

  it('answers an unknown username, or one that is not a learner’s, with a clear 404', async () => {
    const teacher = await account('instructors');
    const other = await account('parents');
    for (const username of ['no_such_kid_anywhere', other.person.username]) {
      const response = await teacher.client.post('/api/guardian/links', { username });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({
        detail: NO_SUCH_LEARNER,
        fields: { username: NO_SUCH_LEARNER },
      });
    }
  });

  it('requires a parent to tick the confirmation', async () => {
    const learner = await account('learners');
    const parent = await account('parents');
    const response = await parent.client.post('/api/guardian/links', { username: learner.person.username });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields.confirmed).toBe('Please tick the confirmation');
  });

  it('is refused to learners', async () => {
    const learner = await account('learners');
    const other = await account('learners');
    expect(
      (await learner.client.post('/api/guardian/links', { username: other.person.username })).statusCode,
    ).toBe(403);
    expect((await learner.client.get('/api/guardian/learners')).statusCode).toBe(403);
  });

  it('rate-limits requests per guardian', async () => {
    const teacher = await account('instructors');
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      statuses.push(
        (await teacher.client.post('/api/guardian/links', { username: `ghost_${i}` })).statusCode,
      );
    }
    expect(statuses.slice(0, 30).every((s) => s === 404)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});

describe('the learner decides', () => {
  it('accepting exposes name, e-mail and progress; declining and removing revoke at once', async () => {
    const learner = await account('learners');
    await learner.client.post('/api/me/enrolments', { courses: ['science'] });
    await takeOneQuestion(learner.client);
    const parent = await account('parents');
    const teacher = await account('instructors');
    const parentLink = (
      await parent.client.post('/api/guardian/links', { username: learner.person.username, confirmed: true })
    ).json();
    const teacherLink = (
      await teacher.client.post('/api/guardian/links', { username: learner.person.username })
    ).json();

    const requests = (await learner.client.get('/api/me/link-requests')).json();
    expect(requests.map((r: { kind: string; status: string }) => [r.kind, r.status]).sort()).toEqual([
      ['instructor', 'unverified'],
      ['parent', 'unverified'],
    ]);
    expect(requests.find((r: { kind: string }) => r.kind === 'parent').guardian.firstName).toBe(
      parent.person.firstName,
    );

    const accepted = await learner.client.post(`/api/me/link-requests/${parentLink.linkId}/accept`);
    expect(accepted.json().status).toBe('verified');
    const seen = (await parent.client.get('/api/guardian/learners')).json()[0];
    expect(seen.learner).toMatchObject({
      id: learner.id,
      email: learner.person.email,
      firstName: learner.person.firstName,
    });
    const progress = await parent.client.get(`/api/guardian/learners/${learner.id}/progress`);
    expect(progress.statusCode).toBe(200);
    expect(progress.json().courses[0].course.key).toBe('science');
    const practised = progress
      .json()
      .courses[0].skills.filter((s: { attempts: number }) => s.attempts === 1) as {
      id: string;
      band: string;
    }[];
    expect(practised).toHaveLength(1);
    // One answer is thin evidence: the parent and the learner both see "not sure yet", the engine's band.
    const own = (await learner.client.get('/api/me/progress?period=7d')).json().rows;
    expect(own.map((r: { skillId: string; band: string }) => [r.skillId, r.band])).toEqual([
      [practised[0]!.id, practised[0]!.band],
    ]);
    expect(practised[0]!.band).toBe('not sure yet');

    const declined = await learner.client.post(`/api/me/link-requests/${teacherLink.linkId}/decline`);
    expect(declined.json().status).toBe('declined');
    expect((await teacher.client.get(`/api/guardian/learners/${learner.id}/progress`)).statusCode).toBe(403);
    expect((await teacher.client.get('/api/guardian/learners')).json()[0]).not.toHaveProperty('learner');
    const again = await teacher.client.post('/api/guardian/links', { username: learner.person.username });
    expect(again.statusCode).toBe(409);

    expect((await learner.client.post(`/api/me/link-requests/${parentLink.linkId}/decline`)).statusCode).toBe(
      409,
    );
    expect((await learner.client.delete(`/api/me/links/${parentLink.linkId}`)).statusCode).toBe(200);
    expect((await parent.client.get(`/api/guardian/learners/${learner.id}/progress`)).statusCode).toBe(403);
    expect((await parent.client.get('/api/guardian/learners')).json()).toEqual([]);
  });

  it('lets no one decide on or remove another learner’s request', async () => {
    const learner = await account('learners');
    const stranger = await account('learners');
    const parent = await account('parents');
    const link = (
      await parent.client.post('/api/guardian/links', { username: learner.person.username, confirmed: true })
    ).json();
    expect((await stranger.client.post(`/api/me/link-requests/${link.linkId}/accept`)).statusCode).toBe(404);
    expect((await stranger.client.delete(`/api/me/links/${link.linkId}`)).statusCode).toBe(404);
    const otherParent = await account('parents');
    expect((await otherParent.client.delete(`/api/guardian/links/${link.linkId}`)).statusCode).toBe(404);
  });

  it('a guardian removing a link loses access at once', async () => {
    const learner = await account('learners');
    const parent = await account('parents');
    const link = (
      await parent.client.post('/api/guardian/links', { username: learner.person.username, confirmed: true })
    ).json();
    await learner.client.post(`/api/me/link-requests/${link.linkId}/accept`);
    expect((await parent.client.get(`/api/guardian/learners/${learner.id}/progress`)).statusCode).toBe(200);
    expect((await parent.client.delete(`/api/guardian/links/${link.linkId}`)).statusCode).toBe(200);
    expect((await parent.client.get(`/api/guardian/learners/${learner.id}/progress`)).statusCode).toBe(403);
  });
});

describe('classes', () => {
  it('a learner joins with the code, the link is verified, and the class view shows their mastery', async () => {
    const teacher = await account('instructors');
    const created = await teacher.client.post('/api/classes', { name: 'Grade 5 A' });
    expect(created.statusCode).toBe(201);
    const cls = created.json();
    expect(cls.joinCode).toMatch(/^[A-Z2-9]{6}$/);
    expect(cls.students).toBe(0);

    const learner = await account('learners');
    await learner.client.post('/api/me/enrolments', { courses: ['science'] });
    await takeOneQuestion(learner.client);
    const joined = await learner.client.post('/api/classes/join', { code: cls.joinCode.toLowerCase() });
    expect(joined.statusCode).toBe(200);
    expect(joined.json()).toMatchObject({ status: 'verified', kind: 'instructor', className: 'Grade 5 A' });

    const classes = (await teacher.client.get('/api/classes')).json();
    expect(classes[0].students).toBe(1);
    const view = (await teacher.client.get(`/api/classes/${cls.id}`)).json();
    expect(view.students).toHaveLength(1);
    expect(view.students[0]).toMatchObject({ id: learner.id, firstName: learner.person.firstName });
    expect(Object.keys(view.students[0].mastery)).toHaveLength(1);
    expect(view.hardestSkills).toHaveLength(1);
    expect(view.students[0].lastActiveAt).not.toBeNull();

    // Removing the link takes the learner out of the class view at once.
    const linkId = (await learner.client.get('/api/me/link-requests')).json()[0].id;
    await learner.client.delete(`/api/me/links/${linkId}`);
    expect((await teacher.client.get(`/api/classes/${cls.id}`)).json().students).toEqual([]);
  });

  it('adding by username asks the learner, who joins the class on accepting', async () => {
    const teacher = await account('instructors');
    const cls = (await teacher.client.post('/api/classes', { name: 'Science club' })).json();
    const learner = await account('learners');
    const link = (
      await teacher.client.post('/api/guardian/links', { username: learner.person.username, classId: cls.id })
    ).json();
    expect((await teacher.client.get(`/api/classes/${cls.id}`)).json().students).toEqual([]);
    const request = (await learner.client.get('/api/me/link-requests')).json()[0];
    expect(request.className).toBe('Science club');
    await learner.client.post(`/api/me/link-requests/${link.linkId}/accept`);
    expect((await teacher.client.get(`/api/classes/${cls.id}`)).json().students).toHaveLength(1);
  });

  it('keeps classes private to their teacher and refuses unknown codes', async () => {
    const teacher = await account('instructors');
    const other = await account('instructors');
    const cls = (await teacher.client.post('/api/classes', { name: 'Private' })).json();
    expect((await other.client.get(`/api/classes/${cls.id}`)).statusCode).toBe(404);
    expect((await other.client.get('/api/classes')).json()).toEqual([]);
    expect(
      (await other.client.post('/api/guardian/links', { username: 'whoever', classId: cls.id })).statusCode,
    ).toBe(404);
    const parent = await account('parents');
    expect((await parent.client.post('/api/classes', { name: 'x' })).statusCode).toBe(403);
    const learner = await account('learners');
    const bad = await learner.client.post('/api/classes/join', { code: 'ZZZZZZ' });
    expect(bad.statusCode).toBe(404);
    expect(bad.json().fields.code).toBe('Unknown code');
    expect((await learner.client.post('/api/classes/join', { code: '' })).statusCode).toBe(400);
  });
});

describe('education channels', () => {
  it('saves http(s) URLs only and keeps them private to the learner', async () => {
    const learner = await account('learners');
    const saved = await learner.client.post('/api/me/channels', { url: 'https://example.org/channel/maths' });
    expect(saved.statusCode).toBe(201);
    const bad = await learner.client.post('/api/me/channels', { url: 'javascript:alert(1)' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.url).toBe('Enter a web address starting with http:// or https://');
    expect((await learner.client.get('/api/me/channels')).json().map((c: { url: string }) => c.url)).toEqual([
      'https://example.org/channel/maths',
    ]);
    const other = await account('learners');
    expect((await other.client.delete(`/api/me/channels/${saved.json().id}`)).statusCode).toBe(404);
    expect((await learner.client.delete(`/api/me/channels/${saved.json().id}`)).statusCode).toBe(200);
  });
});
