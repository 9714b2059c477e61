import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { guardianLink } from '#src/db/schema/index.ts';
import { as, answerKey } from '#src/testing/learning.ts';
import { signUpVerified } from '#src/testing/test-app.ts';
import { app, useTestApp } from '#src/testing/test-server.ts';

useTestApp();

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

type Account = Awaited<ReturnType<typeof account>>;

/** A guardian's link request by username, as sent from the dashboards. */
const ask = (guardian: Account, username: string, extra: Record<string, unknown> = {}) =>
  guardian.client.post('/api/guardian/links', { username, ...extra });

/** The learner's pending requests and links, as their Teachers page lists them. */
async function requestsOf(learner: Account) {
  return (await learner.client.get('/api/me/link-requests')).json<
    { id: string; status: string; guardian: { username: string } }[]
  >();
}

/** The id of the request a guardian's ask left in the learner's list. */
async function requestFrom(learner: Account, guardian: Account): Promise<string> {
  const found = (await requestsOf(learner)).find((r) => r.guardian.username === guardian.person.username);
  if (!found) throw new Error('no request from this guardian');
  return found.id;
}

describe('link requests', () => {
  it('reaches the learner as unverified, and shows the guardian nothing until the learner accepts', async () => {
    const learner = await account('learners');
    const teacher = await account('instructors');
    const created = await ask(teacher, learner.person.username.toUpperCase());
    expect(created.statusCode).toBe(202);
    expect(created.json()).toEqual({ ok: true });
    expect((await requestsOf(learner)).map((r) => [r.guardian.username, r.status])).toEqual([
      [teacher.person.username, 'unverified'],
    ]);
    expect((await teacher.client.get('/api/guardian/learners')).json()).toEqual([]);
    const progress = await teacher.client.get(`/api/guardian/learners/${learner.id}/progress`);
    expect(progress.statusCode).toBe(403);
  });

  it('answers a learner’s username, an unknown one and an adult’s exactly alike, recording only the first', async () => {
    const learner = await account('learners');
    const other = await account('parents');
    const teacher = await account('instructors');
    const answers = [];
    for (const username of [learner.person.username, 'no_such_kid_anywhere', other.person.username]) {
      const response = await ask(teacher, username);
      answers.push({ status: response.statusCode, type: response.headers['content-type'], body: response.body });
    }
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    const rows = await app.db.select().from(guardianLink).where(eq(guardianLink.guardianId, teacher.id));
    expect(rows.map((r) => r.learnerId)).toEqual([learner.id]);
    expect((await teacher.client.get('/api/guardian/learners')).json()).toEqual([]);
  });

  it('does not duplicate a repeated request', async () => {
    const learner = await account('learners');
    const parent = await account('parents');
    const body = { confirmed: true };
    expect((await ask(parent, learner.person.username, body)).statusCode).toBe(202);
    expect((await ask(parent, learner.person.username, body)).statusCode).toBe(202);
    expect(await requestsOf(learner)).toHaveLength(1);
  });

  it('requires a parent to tick the confirmation', async () => {
    const learner = await account('learners');
    const parent = await account('parents');
    const response = await ask(parent, learner.person.username);
    expect(response.statusCode).toBe(400);
    expect(response.json().fields.confirmed).toBe('Please tick the confirmation');
  });

  it('is refused to learners', async () => {
    const learner = await account('learners');
    const other = await account('learners');
    expect((await ask(learner, other.person.username)).statusCode).toBe(403);
    expect((await learner.client.get('/api/guardian/learners')).statusCode).toBe(403);
  });

  it('rate-limits requests per guardian', async () => {
    const teacher = await account('instructors');
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await ask(teacher, `ghost_${i}`)).statusCode);
    expect(statuses.slice(0, 30).every((s) => s === 202)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});

describe('blocking a teacher or parent', () => {
  it('ends the request and stops the guardian’s later ones, who is answered as before', async () => {
    const learner = await account('learners');
    const parent = await account('parents');
    const before = await ask(parent, learner.person.username, { confirmed: true });
    const linkId = await requestFrom(learner, parent);
    const blocked = await learner.client.post(`/api/me/link-requests/${linkId}/block`);
    expect(blocked.statusCode).toBe(200);
    expect(await requestsOf(learner)).toEqual([]);
    const list = (await learner.client.get('/api/me/blocked-guardians')).json();
    expect(list).toEqual([
      {
        id: expect.any(String),
        kind: 'parent',
        guardian: {
          firstName: parent.person.firstName,
          lastName: parent.person.lastName,
          username: parent.person.username,
        },
        blockedAt: expect.any(String),
      },
    ]);

    const after = await ask(parent, learner.person.username, { confirmed: true });
    expect(after.statusCode).toBe(before.statusCode);
    expect(after.body).toBe(before.body);
    expect(await requestsOf(learner)).toEqual([]);
    expect((await parent.client.get('/api/guardian/learners')).json()).toEqual([]);

    // Unblocked, the parent may ask again and the learner sees it.
    expect((await learner.client.delete(`/api/me/blocked-guardians/${list[0].id}`)).statusCode).toBe(200);
    expect((await learner.client.get('/api/me/blocked-guardians')).json()).toEqual([]);
    await ask(parent, learner.person.username, { confirmed: true });
    expect((await requestsOf(learner)).map((r) => r.guardian.username)).toEqual([parent.person.username]);
  });

  it('blocks a verified teacher too: access ends at once', async () => {
    const learner = await account('learners');
    const teacher = await account('instructors');
    await ask(teacher, learner.person.username);
    const linkId = await requestFrom(learner, teacher);
    await learner.client.post(`/api/me/link-requests/${linkId}/accept`);
    expect((await teacher.client.get(`/api/guardian/learners/${learner.id}/progress`)).statusCode).toBe(200);
    expect((await learner.client.post(`/api/me/link-requests/${linkId}/block`)).statusCode).toBe(200);
    expect((await teacher.client.get(`/api/guardian/learners/${learner.id}/progress`)).statusCode).toBe(403);
    expect((await teacher.client.get('/api/guardian/learners')).json()).toEqual([]);
  });

  it('lets no one block for another learner or lift another learner’s block', async () => {
    const learner = await account('learners');
    const stranger = await account('learners');
    const parent = await account('parents');
    await ask(parent, learner.person.username, { confirmed: true });
    const linkId = await requestFrom(learner, parent);
    expect((await stranger.client.post(`/api/me/link-requests/${linkId}/block`)).statusCode).toBe(404);
    expect((await parent.client.post(`/api/me/link-requests/${linkId}/block`)).statusCode).toBe(403);
    expect(await requestsOf(learner)).toHaveLength(1);
    await learner.client.post(`/api/me/link-requests/${linkId}/block`);
    const [block] = (await learner.client.get('/api/me/blocked-guardians')).json();
    expect((await stranger.client.delete(`/api/me/blocked-guardians/${block.id}`)).statusCode).toBe(404);
    expect((await stranger.client.get('/api/me/blocked-guardians')).json()).toEqual([]);
    expect((await learner.client.get('/api/me/blocked-guardians')).json()).toHaveLength(1);
  });
});

describe('the learner decides', () => {
  it('accepting exposes name, e-mail and progress; declining and removing revoke at once', async () => {
    const learner = await account('learners');
    await learner.client.post('/api/me/enrolments', { courses: ['science'] });
    await takeOneQuestion(learner.client);
    const parent = await account('parents');
    const teacher = await account('instructors');
    await ask(parent, learner.person.username, { confirmed: true });
    await ask(teacher, learner.person.username);
    const parentLink = { linkId: await requestFrom(learner, parent) };
    const teacherLink = { linkId: await requestFrom(learner, teacher) };

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
    expect((await teacher.client.get('/api/guardian/learners')).json()).toEqual([]);
    // Asking again is answered as any request, and is not put to the learner a second time.
    expect((await ask(teacher, learner.person.username)).statusCode).toBe(202);
    expect((await requestsOf(learner)).map((r) => r.guardian.username)).toEqual([parent.person.username]);

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
    await ask(parent, learner.person.username, { confirmed: true });
    const link = { linkId: await requestFrom(learner, parent) };
    expect((await stranger.client.post(`/api/me/link-requests/${link.linkId}/accept`)).statusCode).toBe(404);
    expect((await stranger.client.delete(`/api/me/links/${link.linkId}`)).statusCode).toBe(404);
    const otherParent = await account('parents');
    expect((await otherParent.client.delete(`/api/guardian/links/${link.linkId}`)).statusCode).toBe(404);
  });

  it('a guardian removing a link loses access at once', async () => {
    const learner = await account('learners');
    const parent = await account('parents');
    await ask(parent, learner.person.username, { confirmed: true });
    const link = { linkId: await requestFrom(learner, parent) };
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
    await ask(teacher, learner.person.username, { classId: cls.id });
    const link = { linkId: await requestFrom(learner, teacher) };
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
