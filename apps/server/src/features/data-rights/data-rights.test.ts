import {
  ADULT_EXPORT_FORMAT,
  AdultExportSchema,
  LEARNER_EXPORT_FORMAT,
  LearnerExportSchema,
} from '@vidya/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  account,
  badgeAward,
  safetyAlert,
  session,
  tutorConversation,
  tutorMessage,
} from '#src/db/schema/index.ts';
import {
  allTableNames,
  consentedChild,
  createAccount,
  finishedQuiz,
  joinedClass,
  requestLink,
  tablesMentioning,
  verifiedLink,
  type TestAccount,
} from '#src/security/fixtures.ts';
import { NOT_PERSONAL_TABLES, PERSONAL_TABLES } from './data-rights.repository.ts';
import { app, useTestApp } from '#src/testing/test-server.ts';

useTestApp();

/**
 * A learner with a row in every personal table: quiz, badges, links, a blocked parent, class, channel, tutor chat,
 * reset token.
 */
async function busyLearner() {
  const parent = await createAccount(app, 'parents');
  // A child whose parent consented: the consent record, its access log and a verified parent link.
  const learner = await consentedChild(app, parent);
  const teacher = await createAccount(app, 'instructors');
  await finishedQuiz(app, learner);
  const classId = await joinedClass(teacher, learner);
  const pest = await createAccount(app, 'parents');
  await learner.client.post(`/api/me/link-requests/${await requestLink(pest, learner)}/block`);
  await learner.client.post('/api/me/channels', { url: 'https://example.com/channel' });
  await app.db.insert(badgeAward).values({ learnerId: learner.id, badge: 'bronze' });
  const [conversation] = await app.db
    .insert(tutorConversation)
    .values({ learnerId: learner.id, title: 'Fractions' })
    .returning();
  await app.db.insert(tutorMessage).values([
    { conversationId: conversation!.id, role: 'user', text: 'What is 1/2 + 1/4?' },
    {
      conversationId: conversation!.id,
      role: 'assistant',
      text: '3/4',
      engine: { kind: 'offline', name: 'x' },
    },
  ]);
  const [flagged] = await app.db
    .insert(tutorMessage)
    .values({ conversationId: conversation!.id, role: 'user', text: 'Everyone at school hates me' })
    .returning();
  await app.db
    .insert(safetyAlert)
    .values({ learnerId: learner.id, messageId: flagged!.id, category: 'bullying', severity: 'concern' });
  const reset = await app.inject({
    method: 'POST',
    url: '/api/password/reset-requests',
    payload: { email: learner.person.email },
  });
  expect(reset.statusCode).toBe(202);
  return { learner, teacher, parent, classId };
}

async function expectGone(owner: TestAccount) {
  expect(await tablesMentioning(app, owner.id)).toEqual({});
  expect(await tablesMentioning(app, owner.person.email)).toEqual({});
  expect((await owner.client.get('/api/me')).statusCode).toBe(401);
}

async function requestPasswordReset(owner: TestAccount) {
  const reset = await app.inject({
    method: 'POST',
    url: '/api/password/reset-requests',
    payload: { email: owner.person.email },
  });
  expect(reset.statusCode).toBe(202);
}

/**
 * A learner who practised, in a teacher's class and with a verified parent; another learner both adults asked to
 * link with (pending); and a reset token for each adult.
 */
async function linkedAdults() {
  const learner = await createAccount(app, 'learners');
  const pendingLearner = await createAccount(app, 'learners');
  const teacher = await createAccount(app, 'instructors');
  const parent = await createAccount(app, 'parents');
  await finishedQuiz(app, learner);
  const classId = await joinedClass(teacher, learner);
  await verifiedLink(parent, learner);
  await requestLink(teacher, pendingLearner);
  await requestLink(parent, pendingLearner);
  await requestPasswordReset(teacher);
  await requestPasswordReset(parent);
  return { learner, pendingLearner, teacher, parent, classId };
}

/** The learner's own records: what a teacher's or parent's deletion must leave exactly as it was. */
async function learnerRecords(learner: TestAccount) {
  const document = LearnerExportSchema.parse((await learner.client.get('/api/me/data-export')).json());
  const { profile, enrolments, courseStates, skillStates, quizzes, quizQuestions, attempts, badges } =
    document.records;
  return {
    learner: document.learner,
    profile,
    enrolments,
    courseStates,
    skillStates,
    quizzes,
    quizQuestions,
    attempts,
    badges,
  };
}

describe('data rights tables', () => {
  it('sorts every table of the schema into personal or not personal', () => {
    const classified = [...PERSONAL_TABLES, ...NOT_PERSONAL_TABLES].sort();
    expect(allTableNames()).toEqual(classified);
  });
});

describe('GET /api/me/data-export in the OpenAPI document', () => {
  it('describes both shapes: a learner’s export and a teacher’s or parent’s', async () => {
    const doc = (await app.inject('/api/openapi.json')).json();
    const ok = doc.paths['/api/me/data-export'].get.responses['200'].content['application/json'].schema;
    expect(ok).toEqual({ $ref: '#/components/schemas/MyDataExport' });
    expect(doc.components.schemas.MyDataExport).toEqual({
      oneOf: [{ $ref: '#/components/schemas/LearnerExport' }, { $ref: '#/components/schemas/AdultExport' }],
    });
  });
});

describe('GET /api/me/data-export', () => {
  it('downloads every personal table of the learner as JSON, without secrets', async () => {
    const { learner, teacher, parent } = await busyLearner();
    const response = await learner.client.get('/api/me/data-export');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['content-disposition']).toMatch(
      new RegExp(
        `^attachment; filename="vidya-data-${learner.person.username}-\\d{4}-\\d{2}-\\d{2}\\.json"$`,
      ),
    );
    expect(response.headers['cache-control']).toBe('no-store');
    const document = LearnerExportSchema.parse(response.json());
    expect(document.format).toBe(LEARNER_EXPORT_FORMAT);
    expect(document.learner).toMatchObject({
      id: learner.id,
      email: learner.person.email,
      username: learner.person.username,
      role: 'learners',
    });
    const r = document.records;
    expect(r.enrolments).toHaveLength(1);
    expect(r.quizzes).toHaveLength(1);
    expect(r.quizQuestions).toHaveLength(5);
    expect(r.attempts).toHaveLength(5);
    expect(r.skillStates!.length).toBeGreaterThan(0);
    expect(r.courseStates).toHaveLength(1);
    expect(r.badges).toEqual([expect.objectContaining({ badge: 'bronze' })]);
    expect(r.profile).toEqual([expect.objectContaining({ timeZone: 'Asia/Kolkata' })]);
    expect(r.links!.map((l) => l.guardianUsername).sort()).toEqual(
      [teacher.person.username, parent.person.username].sort(),
    );
    expect(r.blockedGuardians).toEqual([expect.objectContaining({ guardianName: 'Meera Iyer' })]);
    expect(r.classMemberships).toEqual([expect.objectContaining({ className: 'Grade 5 A' })]);
    expect(r.channels).toEqual([expect.objectContaining({ url: 'https://example.com/channel' })]);
    expect(r.tutorConversations).toHaveLength(1);
    expect(r.tutorMessages!.map((m) => m.text)).toEqual([
      'What is 1/2 + 1/4?',
      '3/4',
      'Everyone at school hates me',
    ]);
    expect(r.consent).toEqual([
      expect.objectContaining({ status: 'granted', parentId: parent.id, method: 'email_link' }),
    ]);
    for (const row of r.consent!) expect(Object.keys(row)).not.toContain('tokenHash');
    expect(r.accessLog!.map((e) => e.kind)).toEqual(
      expect.arrayContaining(['consent_requested', 'consent_given', 'class_joined']),
    );
    expect(r.safetyAlerts).toEqual([expect.objectContaining({ category: 'bullying' })]);
    expect(r.sessions!.length).toBeGreaterThan(0);
    expect(r.signInMethods).toEqual([expect.objectContaining({ providerId: 'credential' })]);
    expect(r.mails!.map((m) => m.subject)).toContain('Reset your Vidya password');

    // Secrets stay on the server: session tokens, the password hash, one-time links.
    const [stored] = await app.db.select().from(account).where(eq(account.userId, learner.id));
    const sessions = await app.db.select().from(session).where(eq(session.userId, learner.id));
    expect(response.body).not.toContain(stored!.password!);
    for (const s of sessions) expect(response.body).not.toContain(s.token);
    expect(response.body).not.toMatch(/reset-password\//);
    for (const row of r.sessions!) expect(Object.keys(row)).not.toContain('token');
    for (const row of r.signInMethods!) {
      for (const secret of ['password', 'accessToken', 'refreshToken', 'idToken'])
        expect(Object.keys(row)).not.toContain(secret);
    }
    for (const row of r.mails!) expect(Object.keys(row)).not.toContain('text');
  });

  it('downloads a teacher’s account, links to learners and classes, without secrets', async () => {
    const { learner, pendingLearner, teacher } = await linkedAdults();
    const response = await teacher.client.get('/api/me/data-export');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(
      new RegExp(
        `^attachment; filename="vidya-data-${teacher.person.username}-\\d{4}-\\d{2}-\\d{2}\\.json"$`,
      ),
    );
    expect(response.headers['cache-control']).toBe('no-store');
    const document = AdultExportSchema.parse(response.json());
    expect(document.format).toBe(ADULT_EXPORT_FORMAT);
    expect(document.account).toMatchObject({
      id: teacher.id,
      email: teacher.person.email,
      username: teacher.person.username,
      firstName: teacher.person.firstName,
      role: 'instructors',
    });
    const r = document.records;
    expect(r.links).toEqual([
      expect.objectContaining({
        learnerUsername: learner.person.username,
        learnerName: `${learner.person.firstName} ${learner.person.lastName}`,
        kind: 'instructor',
        status: 'verified',
        className: 'Grade 5 A',
        createdAt: expect.any(String),
      }),
    ]);
    // A pending request stays the learner's to see: nothing in the export says the username is a child's.
    expect(response.body).not.toContain(pendingLearner.id);
    expect(response.body).not.toContain(pendingLearner.person.username);
    expect(r.classes).toEqual([expect.objectContaining({ name: 'Grade 5 A', students: 1 })]);
    expect(r.sessions!.length).toBeGreaterThan(0);
    expect(r.signInMethods).toEqual([expect.objectContaining({ providerId: 'credential' })]);
    expect(r.mails!.map((m) => m.subject)).toContain('Reset your Vidya password');
    // Only links: none of the learner's own records.
    expect(Object.keys(r).sort()).toEqual([
      'classes',
      'consentsGiven',
      'links',
      'mails',
      'sessions',
      'signInMethods',
    ]);

    const [stored] = await app.db.select().from(account).where(eq(account.userId, teacher.id));
    const sessions = await app.db.select().from(session).where(eq(session.userId, teacher.id));
    expect(response.body).not.toContain(stored!.password!);
    for (const s of sessions) expect(response.body).not.toContain(s.token);
    expect(response.body).not.toMatch(/reset-password\//);
    for (const row of r.mails!) expect(Object.keys(row)).not.toContain('text');
  });

  it('downloads a parent’s account and links to children, and only the caller’s own', async () => {
    const { learner, pendingLearner, parent, teacher } = await linkedAdults();
    const response = await parent.client.get('/api/me/data-export');
    expect(response.statusCode).toBe(200);
    const document = AdultExportSchema.parse(response.json());
    expect(document.account).toMatchObject({ id: parent.id, email: parent.person.email, role: 'parents' });
    expect(document.records.links!.map((l) => [l.learnerUsername, l.kind, l.status])).toEqual([
      [learner.person.username, 'parent', 'verified'],
    ]);
    expect(response.body).not.toContain(pendingLearner.id);
    expect(document.records.classes).toEqual([]);
    const [stored] = await app.db.select().from(account).where(eq(account.userId, parent.id));
    expect(response.body).not.toContain(stored!.password!);
    // Another adult's session exports that adult, never this one.
    const other = await teacher.client.get('/api/me/data-export');
    expect(other.body).not.toContain(parent.id);
    expect(other.body).not.toContain(parent.person.email);
  });

  it('names a learner in an adult’s export only once they accepted, for every link status', async () => {
    const parent = await createAccount(app, 'parents');
    const [accepted, pending, declined, blocking] = await Promise.all(
      Array.from({ length: 4 }, () => createAccount(app, 'learners')),
    );
    await verifiedLink(parent, accepted!);
    await requestLink(parent, pending!);
    const declinedId = await requestLink(parent, declined!);
    await declined!.client.post(`/api/me/link-requests/${declinedId}/decline`);
    const blockedId = await requestLink(parent, blocking!);
    await blocking!.client.post(`/api/me/link-requests/${blockedId}/block`);
    // After the block the parent asks again, and is answered as for anyone.
    await parent.client.post('/api/guardian/links', { username: blocking!.person.username, confirmed: true });

    const response = await parent.client.get('/api/me/data-export');
    const links = AdultExportSchema.parse(response.json()).records.links!;
    expect(links).toEqual([
      expect.objectContaining({
        learnerId: accepted!.id,
        learnerUsername: accepted!.person.username,
        learnerName: `${accepted!.person.firstName} ${accepted!.person.lastName}`,
        status: 'verified',
      }),
    ]);
    // What the parent sees in the app, and no more: the others are not named, not counted, not identified.
    const listed = (await parent.client.get('/api/guardian/learners')).json();
    expect(listed.map((l: { username: string }) => l.username)).toEqual([accepted!.person.username]);
    for (const learner of [pending!, declined!, blocking!]) {
      expect(response.body).not.toContain(learner.id);
      expect(response.body).not.toContain(learner.person.username);
    }
  });

  it('refuses signed-out callers with 401', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/me/data-export' });
    expect(response.statusCode).toBe(401);
    expect(response.headers['content-type']).toContain('application/problem+json');
    expect(response.json()).toMatchObject({ code: 'unauthenticated' });
  });
});

describe('DELETE /api/me/account', () => {
  it('removes every row of the learner, signs them out and leaves everyone else as they were', async () => {
    const { learner, teacher, parent, classId } = await busyLearner();
    const bystander = await createAccount(app, 'learners');
    await finishedQuiz(app, bystander);
    await joinedClass(teacher, bystander);
    const bystanderRowsBefore = await tablesMentioning(app, bystander.id);
    expect(Object.keys(await tablesMentioning(app, learner.id)).length).toBeGreaterThan(12);

    const response = await learner.client.delete('/api/me/account');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    expect(String(response.headers['set-cookie'])).toMatch(/session_token=;/);
    await expectGone(learner);

    expect(await tablesMentioning(app, bystander.id)).toEqual(bystanderRowsBefore);
    expect((await teacher.client.get(`/api/classes/${classId}`)).statusCode).toBe(200);
    expect((await parent.client.get('/api/guardian/learners')).json()).toEqual([]);
    // The address is free again.
    const again = await app.inject({
      method: 'POST',
      url: '/api/accounts/learners',
      payload: learner.person,
    });
    expect(again.statusCode).toBe(201);
  });

  it('removes every row of a teacher, signs them out and leaves the learners’ records as they were', async () => {
    const { learner, pendingLearner, teacher, parent } = await linkedAdults();
    const recordsBefore = await learnerRecords(learner);
    expect(Object.keys(await tablesMentioning(app, teacher.id))).toEqual(
      expect.arrayContaining(['account', 'class', 'guardian_link', 'session', 'user', 'verification']),
    );

    const response = await teacher.client.delete('/api/me/account');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    expect(String(response.headers['set-cookie'])).toMatch(/session_token=;/);
    await expectGone(teacher);

    // The learner keeps every record and the parent's link; only the class and the teacher's links are gone.
    expect(await learnerRecords(learner)).toEqual(recordsBefore);
    const after = LearnerExportSchema.parse((await learner.client.get('/api/me/data-export')).json());
    expect(after.records.classMemberships).toEqual([]);
    expect(after.records.links!.map((l) => l.guardianUsername)).toEqual([parent.person.username]);
    expect((await pendingLearner.client.get('/api/me/link-requests')).json()).toHaveLength(1);
    expect((await parent.client.get(`/api/guardian/learners/${learner.id}/progress`)).statusCode).toBe(200);
    // The username and address are free again.
    const again = await app.inject({
      method: 'POST',
      url: '/api/accounts/instructors',
      payload: teacher.person,
    });
    expect(again.statusCode).toBe(201);
  });

  it('removes every row of a parent and leaves the children’s records as they were', async () => {
    const { learner, pendingLearner, teacher, parent } = await linkedAdults();
    const recordsBefore = await learnerRecords(learner);

    const response = await parent.client.delete('/api/me/account');
    expect(response.statusCode).toBe(200);
    expect(String(response.headers['set-cookie'])).toMatch(/session_token=;/);
    await expectGone(parent);
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/session',
      payload: { email: parent.person.email, password: parent.person.password },
    });
    expect(signIn.statusCode).toBe(401);

    expect(await learnerRecords(learner)).toEqual(recordsBefore);
    const after = LearnerExportSchema.parse((await learner.client.get('/api/me/data-export')).json());
    expect(after.records.links!.map((l) => l.guardianUsername)).toEqual([teacher.person.username]);
    expect(after.records.classMemberships).toHaveLength(1);
    expect((await pendingLearner.client.get('/api/me/link-requests')).json()).toHaveLength(1);
  });

  it('deletes only the caller: another account’s session cannot delete a teacher or parent', async () => {
    const { teacher, parent } = await linkedAdults();
    const otherParent = await createAccount(app, 'parents');
    expect((await otherParent.client.delete('/api/me/account')).statusCode).toBe(200);
    await expectGone(otherParent);
    expect((await parent.client.get('/api/me')).statusCode).toBe(200);
    expect((await teacher.client.get('/api/me')).statusCode).toBe(200);
    expect(Object.keys(await tablesMentioning(app, parent.id))).toContain('guardian_link');
  });

  it('refuses signed-out callers with 401', async () => {
    const response = await app.inject({ method: 'DELETE', url: '/api/me/account' });
    expect(response.statusCode).toBe(401);
    expect(response.headers['content-type']).toContain('application/problem+json');
    expect(response.json()).toMatchObject({ code: 'unauthenticated' });
  });
});

describe('a parent’s rights over a child’s data', () => {
  it('the consenting parent downloads the child’s data and deletes the child’s account (password again)', async () => {
    const { learner, parent } = await busyLearner();
    const exported = await parent.client.get(`/api/guardian/learners/${learner.id}/data-export`);
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-disposition']).toMatch(/^attachment; filename="vidya-data-/);
    expect(LearnerExportSchema.parse(exported.json()).learner.id).toBe(learner.id);

    const url = `/api/guardian/learners/${learner.id}`;
    const wrong = await parent.client.delete(url, { password: 'not-my-password' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({ code: 'invalid_credentials' });
    expect((await learner.client.get('/api/me')).statusCode).toBe(200);
    const deleted = await parent.client.delete(url, { password: parent.person.password });
    expect(deleted.statusCode).toBe(200);
    await expectGone(learner);
    expect((await parent.client.get('/api/me')).statusCode).toBe(200);
    expect((await parent.client.get(`/api/guardian/learners/${learner.id}/data-export`)).statusCode).toBe(
      403,
    );
  });

  it('refuses a pending parent, a verified teacher, a parent linked by username, another parent and another child with 403', async () => {
    const consenting = await createAccount(app, 'parents');
    const learner = await consentedChild(app, consenting);
    const pending = await createAccount(app, 'parents');
    const teacher = await createAccount(app, 'instructors');
    const byUsername = await createAccount(app, 'parents');
    const otherParent = await createAccount(app, 'parents');
    const otherChild = await consentedChild(app, otherParent);
    await requestLink(pending, learner);
    await joinedClass(teacher, learner);
    // A verified link made by a username request alone shows progress but carries no data rights.
    await verifiedLink(byUsername, learner);
    const attempts = [
      [pending, learner],
      [teacher, learner],
      [byUsername, learner],
      [otherParent, learner],
      [consenting, otherChild],
    ] as const;
    for (const [guardian, child] of attempts) {
      expect((await guardian.client.get(`/api/guardian/learners/${child.id}/data-export`)).statusCode).toBe(
        403,
      );
      const password = { password: guardian.person.password };
      expect((await guardian.client.delete(`/api/guardian/learners/${child.id}`, password)).statusCode).toBe(
        403,
      );
    }
    expect((await byUsername.client.get(`/api/guardian/learners/${learner.id}/progress`)).statusCode).toBe(
      200,
    );
    expect((await learner.client.get('/api/me')).statusCode).toBe(200);
    expect(Object.keys(await tablesMentioning(app, learner.id))).toContain('guardian_link');
  });
});
