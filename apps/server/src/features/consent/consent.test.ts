import { AGE_MESSAGES, CONSENT_NOTICE_VERSION } from '@vidya/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { guardianLink, parentalConsent, tutorConversation } from '#src/db/schema/index.ts';
import {
  bornYearsAgo,
  consentToken,
  consentedChild,
  createAccount,
  finishedQuiz,
  grantConsent,
  joinedClass,
  pendingChild,
  tablesMentioning,
  verifiedLink,
  type TestAccount,
} from '#src/security/fixtures.ts';
import { as } from '#src/testing/learning.ts';
import {
  buildTestApp,
  cookieHeader,
  lastMailTo,
  linkIn,
  newPerson,
  TEST_ORIGIN,
} from '#src/testing/test-app.ts';
import { app, database, useTestApp } from '#src/testing/test-server.ts';
import { runDueJobs } from '../jobs/index.ts';
import { recordedAttempts } from '../quizzes/index.ts';

useTestApp();

const DAY_MS = 24 * 60 * 60 * 1000;
const daysFromNow = (days: number) => new Date(Date.now() + days * DAY_MS);
const DECLARATIONS = { isParent: true, isAdult: true, noticeVersion: CONSENT_NOTICE_VERSION };

async function consentRow(learnerId: string) {
  const [row] = await app.db.select().from(parentalConsent).where(eq(parentalConsent.learnerId, learnerId));
  return row;
}

async function signIn(person: { email: string; password: string }) {
  return app.inject({ method: 'POST', url: '/api/session', payload: person });
}

describe('learner sign-up with a month and year of birth', () => {
  const signUp = (payload: object, role = 'learners') =>
    app.inject({ method: 'POST', url: `/api/accounts/${role}`, payload });

  it('requires a learner’s month and year of birth, and under 18 a parent’s address that is not their own', async () => {
    const { birthYear: _year, birthMonth: _month, ...noBirth } = newPerson();
    const missing = await signUp(noBirth);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toMatchObject({
      birthYear: AGE_MESSAGES.birthYear,
      birthMonth: AGE_MESSAGES.birthMonth,
    });
    const child = newPerson(bornYearsAgo(12));
    const noParent = await signUp(child);
    expect(noParent.statusCode).toBe(400);
    expect(noParent.json().fields).toEqual({ parentEmail: AGE_MESSAGES.parentEmail });
    const ownAddress = await signUp({ ...child, parentEmail: child.email.toUpperCase() });
    expect(ownAddress.json().fields).toEqual({ parentEmail: AGE_MESSAGES.sameEmail });
    const future = await signUp(newPerson({ birthYear: new Date().getUTCFullYear() + 1 }));
    expect(future.json().fields).toEqual({ birthYear: AGE_MESSAGES.futureYear });
    // Nothing was created by the refused attempts.
    expect(await tablesMentioning(app, child.email)).toEqual({});
    // Teachers and parents give no age.
    expect((await signUp(noBirth, 'instructors')).statusCode).toBe(201);
  });

  it('lets an adult learner in as before, storing only the month and year', async () => {
    const adult = await createAccount(app, 'learners', newPerson({ birthYear: 1990, birthMonth: 6 }));
    expect((await adult.client.get('/api/me/consent')).json()).toMatchObject({ status: 'adult' });
    expect(await consentRow(adult.id)).toMatchObject({ birthYear: 1990, birthMonth: 6, status: 'adult' });
    expect((await adult.client.post('/api/tutor/conversations', {})).statusCode).toBe(201);
  });

  it('counts a learner as 18 only from the month after their 18th birthday month', async () => {
    const now = new Date();
    const month = now.getUTCMonth() + 1;
    const turning = newPerson({ birthYear: now.getUTCFullYear() - 18, birthMonth: month });
    const response = await signUp(turning);
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ parentEmail: AGE_MESSAGES.parentEmail });
  });
});

describe('a child waiting for consent', () => {
  it('is told the days left, may take quizzes, and cannot use the tutor, classes, channels or links', async () => {
    const parentEmail = newPerson().email;
    const child = await pendingChild(app, parentEmail);
    const mine = (await child.client.get('/api/me/consent')).json();
    expect(mine).toMatchObject({ status: 'pending', parentEmail, daysLeft: 7 });
    expect(new Date(mine.expiresAt).getTime() - new Date(mine.requestedAt).getTime()).toBe(7 * DAY_MS);

    const mail = await lastMailTo(app, parentEmail);
    expect(mail!.subject).toBe(`Please approve ${child.person.firstName}'s Vidya account`);
    expect(mail!.text).toContain(`Notice version ${CONSENT_NOTICE_VERSION}`);
    for (const heading of [
      'What we collect',
      'Why we use it',
      'How long we keep it',
      'Your rights',
      'How to withdraw',
    ])
      expect(mail!.text).toContain(heading);
    expect(linkIn(mail!.text)).toMatch(new RegExp(`^${TEST_ORIGIN}/guardian/consent\\?token=[\\w-]{43}$`));

    await finishedQuiz(app, child);
    for (const [url, body] of [
      ['/api/tutor/conversations', {}],
      ['/api/classes/join', { code: 'ABCDEF' }],
      ['/api/me/channels', { url: 'https://example.com/c' }],
    ] as const) {
      const refused = await child.client.post(url, body);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'consent_required' });
    }
    const teacher = await createAccount(app, 'instructors');
    const asked = await teacher.client.post('/api/guardian/links', { username: child.person.username });
    // Answered like every link request (issue 20), and nothing is recorded: the child never sees it.
    expect(asked.statusCode).toBe(202);
    expect((await child.client.get('/api/me/link-requests')).json()).toEqual([]);
    expect(await app.db.select().from(guardianLink).where(eq(guardianLink.learnerId, child.id))).toEqual([]);
  });

  it('keeps only what quizzes need, and no teacher reaches them or sees their data until a parent consents', async () => {
    const parent = await createAccount(app, 'parents');
    const child = await pendingChild(app, parent.person.email);
    await finishedQuiz(app, child);
    const teacher = await createAccount(app, 'instructors');
    const cls = (await teacher.client.post('/api/classes', { name: 'Grade 6 B' })).json<{
      id: string;
      joinCode: string;
    }>();
    // The teacher's real class code, and a request by username: neither reaches the pending child.
    const joined = await child.client.post('/api/classes/join', { code: cls.joinCode });
    expect(joined.statusCode).toBe(403);
    expect(joined.json()).toMatchObject({ code: 'consent_required' });
    expect(
      (await teacher.client.post('/api/guardian/links', { username: child.person.username })).statusCode,
    ).toBe(202);
    const classView = async () =>
      (await teacher.client.get(`/api/classes/${cls.id}`)).json<{ students: [] }>();
    expect((await classView()).students).toEqual([]);
    expect((await teacher.client.get('/api/guardian/learners')).json()).toEqual([]);
    expect((await teacher.client.get(`/api/guardian/learners/${child.id}/progress`)).statusCode).toBe(403);
    // What the account holds while pending: the account itself, the quiz it took, the consent request and its log.
    const held = Object.keys(await tablesMentioning(app, child.id));
    for (const table of [
      'guardian_link',
      'guardian_block',
      'class_member',
      'learner_channel',
      'tutor_conversation',
      'tutor_message',
      'safety_alert',
    ])
      expect(held, table).not.toContain(table);
    expect(held).toEqual(expect.arrayContaining(['user', 'parental_consent', 'quiz_session', 'attempt']));

    // Once the parent consents, the same class code works and the teacher sees the child in the class.
    await grantConsent(app, parent);
    expect((await child.client.post('/api/classes/join', { code: cls.joinCode })).statusCode).toBe(200);
    expect((await classView()).students).toEqual([expect.objectContaining({ id: child.id })]);
  });

  it('resends the request to a corrected address; the older link stops working', async () => {
    const child = await pendingChild(app, newPerson().email);
    const firstToken = await consentToken(app, (await consentRow(child.id))!.parentEmail!);
    const corrected = newPerson().email;
    const resent = await child.client.post('/api/me/consent/reminders', { parentEmail: corrected });
    expect(resent.statusCode).toBe(202);
    expect(resent.json()).toMatchObject({ status: 'pending', parentEmail: corrected });
    const token = await consentToken(app, corrected);
    expect(token).not.toBe(firstToken);
    expect((await app.inject(`/api/consent-requests/${firstToken}`)).statusCode).toBe(400);
    expect((await app.inject(`/api/consent-requests/${token}`)).json()).toMatchObject({
      learner: { firstName: child.person.firstName, username: child.person.username },
      status: 'pending',
      noticeVersion: CONSENT_NOTICE_VERSION,
    });
    const own = await child.client.post('/api/me/consent/reminders', { parentEmail: child.person.email });
    expect(own.statusCode).toBe(400);
  });
});

describe('POST /api/consent-requests/:token/grant', () => {
  it('takes a parent’s declarations, keeps the record and verifies the parent–child link in the same act', async () => {
    const parent = await createAccount(app, 'parents');
    const child = await pendingChild(app, parent.person.email);
    const token = await consentToken(app, parent.person.email);
    const url = `/api/consent-requests/${token}/grant`;
    expect((await app.inject({ method: 'POST', url, payload: DECLARATIONS })).statusCode).toBe(401);
    const teacher = await createAccount(app, 'instructors');
    expect((await teacher.client.post(url, DECLARATIONS)).statusCode).toBe(403);
    expect((await child.client.post(url, DECLARATIONS)).statusCode).toBe(403);
    const undeclared = await parent.client.post(url, { ...DECLARATIONS, isAdult: false });
    expect(undeclared.statusCode).toBe(400);
    const oldNotice = await parent.client.post(url, { ...DECLARATIONS, noticeVersion: '2020-01' });
    expect(oldNotice.statusCode).toBe(409);
    expect((await consentRow(child.id))!.status).toBe('pending');

    const granted = await parent.client.post(url, DECLARATIONS);
    expect(granted.statusCode).toBe(201);
    expect(granted.json()).toMatchObject({
      learnerId: child.id,
      status: 'granted',
      method: 'email_link',
      noticeVersion: CONSENT_NOTICE_VERSION,
    });
    const row = await consentRow(child.id);
    expect(row).toMatchObject({
      status: 'granted',
      parentId: parent.id,
      method: 'email_link',
      parentEmail: null,
    });
    expect(row!.grantedAt).toBeInstanceOf(Date);
    const [link] = await app.db.select().from(guardianLink).where(eq(guardianLink.learnerId, child.id));
    expect(link).toMatchObject({ guardianId: parent.id, kind: 'parent', status: 'verified' });
    expect((await child.client.get('/api/me/consent')).json()).toMatchObject({
      status: 'granted',
      parentName: `${parent.person.firstName} ${parent.person.lastName}`,
    });
    // The same parent again is fine; another parent cannot take the consent over.
    expect((await parent.client.post(url, DECLARATIONS)).statusCode).toBe(201);
    const other = await createAccount(app, 'parents');
    expect((await other.client.post(url, DECLARATIONS)).statusCode).toBe(409);
    expect((await parent.client.get('/api/guardian/consents')).json()).toEqual([
      expect.objectContaining({ learnerId: child.id, status: 'granted' }),
    ]);

    // Now the child may accept a teacher and use the tutor.
    const classId = await joinedClass(teacher, child);
    expect((await teacher.client.get(`/api/classes/${classId}`)).json().students).toHaveLength(1);
    expect((await child.client.post('/api/tutor/conversations', {})).statusCode).toBe(201);
  });
});

describe('POST /api/guardian/children', () => {
  it('creates the child’s account with consent given at once; the child verifies their e-mail', async () => {
    const parent = await createAccount(app, 'parents');
    const person = newPerson({ firstName: 'Tara' });
    const body = {
      firstName: person.firstName,
      lastName: person.lastName,
      email: person.email,
      username: person.username,
      ...bornYearsAgo(10),
      ...DECLARATIONS,
    };
    const teacher = await createAccount(app, 'instructors');
    expect((await teacher.client.post('/api/guardian/children', body)).statusCode).toBe(403);
    const adult = await parent.client.post('/api/guardian/children', { ...body, ...bornYearsAgo(30) });
    expect(adult.statusCode).toBe(400);
    const created = await parent.client.post('/api/guardian/children', body);
    expect(created.statusCode).toBe(201);
    const { learnerId } = created.json();
    expect(await consentRow(learnerId)).toMatchObject({
      status: 'granted',
      method: 'parent_created',
      parentId: parent.id,
      noticeVersion: CONSENT_NOTICE_VERSION,
    });
    // The child confirms the address and chooses their own password (the parent never knew one).
    const verify = await app.inject(
      linkIn((await lastMailTo(app, person.email))!.text).replace(TEST_ORIGIN, ''),
    );
    const token = new URL(verify.headers.location!, TEST_ORIGIN).searchParams.get('token');
    const chosen = await app.inject({
      method: 'POST',
      url: '/api/password',
      payload: { token, password: person.password },
    });
    expect(chosen.statusCode).toBe(200);
    const login = await app.inject({
      method: 'POST',
      url: '/api/session',
      payload: { email: person.email, password: person.password },
    });
    expect(login.statusCode).toBe(200);
    const child = as(app, cookieHeader(login));
    expect((await child.get('/api/me/consent')).json()).toMatchObject({ status: 'granted' });
    expect((await parent.client.get('/api/guardian/learners')).json()).toEqual([
      expect.objectContaining({
        status: 'verified',
        learner: expect.objectContaining({ firstName: 'Tara' }),
      }),
    ]);
  });
});

describe('withdrawal', () => {
  it('stops processing at once, keeps the data for download, and the job deletes it afterwards', async () => {
    const parent = await createAccount(app, 'parents');
    const child = await consentedChild(app, parent);
    const token = await consentToken(app, parent.person.email);
    const teacher = await createAccount(app, 'instructors');
    await joinedClass(teacher, child);
    await finishedQuiz(app, child);
    const url = `/api/guardian/learners/${child.id}/consent-withdrawal`;
    const other = await createAccount(app, 'parents');
    expect((await other.client.post(url, { password: other.person.password })).statusCode).toBe(403);
    const wrong = await parent.client.post(url, { password: 'not-the-password' });
    expect(wrong.statusCode).toBe(403);
    expect((await child.client.get('/api/me')).statusCode).toBe(200);

    const withdrawn = await parent.client.post(url, { password: parent.person.password });
    expect(withdrawn.statusCode).toBe(200);
    expect(withdrawn.json()).toMatchObject({ status: 'withdrawn' });
    expect(new Date(withdrawn.json().deleteAfter).getTime()).toBeGreaterThan(daysFromNow(6.9).getTime());
    // Nobody uses or sees the account from the next request on.
    expect((await child.client.get('/api/me')).statusCode).toBe(401);
    expect((await signIn(child.person)).statusCode).toBe(401);
    expect((await teacher.client.get(`/api/guardian/learners/${child.id}/progress`)).statusCode).toBe(403);
    expect((await parent.client.get(`/api/guardian/learners/${child.id}/progress`)).statusCode).toBe(403);
    expect(
      (await parent.client.get(`/api/guardian/learners/${child.id}/tutor/conversations`)).statusCode,
    ).toBe(403);
    // The mailed link no longer works, and the parent can still download the data, and is told when it goes.
    expect((await parent.client.post(`/api/consent-requests/${token}/grant`, DECLARATIONS)).statusCode).toBe(
      400,
    );
    expect((await parent.client.get(`/api/guardian/learners/${child.id}/data-export`)).statusCode).toBe(200);
    expect((await lastMailTo(app, parent.person.email))!.subject).toContain('You withdrew consent');

    await runDueJobs(app, daysFromNow(6));
    expect(await consentRow(child.id)).toBeDefined();
    await runDueJobs(app, daysFromNow(7.01));
    expect(await tablesMentioning(app, child.id)).toEqual({});
    expect((await parent.client.get('/api/me')).statusCode).toBe(200);
  });
});

describe('the model refit', () => {
  it('reads no answer of a child waiting for consent or whose parent withdrew it', async () => {
    const parent = await createAccount(app, 'parents');
    const pending = await pendingChild(app, newPerson().email);
    const consented = await consentedChild(app, parent);
    const withdrawn = await consentedChild(app, parent);
    for (const learner of [pending, consented, withdrawn]) await finishedQuiz(app, learner);
    const url = `/api/guardian/learners/${withdrawn.id}/consent-withdrawal`;
    expect((await parent.client.post(url, { password: parent.person.password })).statusCode).toBe(200);
    const learners = new Set((await recordedAttempts(app.db)).map((a) => a.learnerId));
    expect(learners.has(consented.id)).toBe(true);
    expect(learners.has(pending.id)).toBe(false);
    expect(learners.has(withdrawn.id)).toBe(false);
  });
});

describe('the consent jobs', () => {
  it('reminds the parent once on day 5 and deletes the account and everything in it after 7 days', async () => {
    const parentEmail = newPerson().email;
    const child = await pendingChild(app, parentEmail);
    await finishedQuiz(app, child);
    const adult = await createAccount(app, 'learners');
    const consenting = await createAccount(app, 'parents');
    const consented = await consentedChild(app, consenting);

    await runDueJobs(app, daysFromNow(4.9));
    expect((await lastMailTo(app, parentEmail))!.subject).toContain('Please approve');
    await runDueJobs(app, daysFromNow(5.01));
    const reminder = await lastMailTo(app, parentEmail);
    expect(reminder!.subject).toBe(`Reminder: please answer for ${child.person.firstName}'s Vidya account`);
    expect(
      (await app.inject(`/api/consent-requests/${await consentToken(app, parentEmail)}`)).statusCode,
    ).toBe(200);
    await runDueJobs(app, daysFromNow(5.5));
    const mails = await app.inject(`/dev/mail/messages?to=${encodeURIComponent(parentEmail)}`);
    expect(mails.json().filter((m: { subject: string }) => m.subject.startsWith('Reminder'))).toHaveLength(1);

    await runDueJobs(app, daysFromNow(6.9));
    expect((await child.client.get('/api/me')).statusCode).toBe(200);
    const report = await runDueJobs(app, daysFromNow(7.01));
    expect(report.accountsDeleted).toBeGreaterThanOrEqual(1);
    expect(await tablesMentioning(app, child.id)).toEqual({});
    expect(await tablesMentioning(app, child.person.email)).toEqual({});
    for (const kept of [adult, consented]) expect((await kept.client.get('/api/me')).statusCode).toBe(200);
  });

  it('is safe to run from two server processes at once: each account is deleted and reminded once', async () => {
    const second = await buildTestApp(database);
    try {
      const parents = Array.from({ length: 4 }, () => newPerson().email);
      const children: TestAccount[] = [];
      for (const parentEmail of parents) children.push(await pendingChild(app, parentEmail));
      const reminders = await Promise.all([
        runDueJobs(app, daysFromNow(5.5)),
        runDueJobs(second, daysFromNow(5.5)),
      ]);
      expect(reminders[0].remindersSent + reminders[1].remindersSent).toBe(parents.length);
      const deletions = await Promise.all([
        runDueJobs(app, daysFromNow(8)),
        runDueJobs(second, daysFromNow(8)),
      ]);
      expect(deletions[0].accountsDeleted + deletions[1].accountsDeleted).toBe(children.length);
      for (const child of children) expect(await consentRow(child.id)).toBeUndefined();
    } finally {
      await second.close();
    }
  });

  it('deletes tutor conversations 365 days after their last message', async () => {
    const learner = await createAccount(app, 'learners');
    const [old, recent] = await app.db
      .insert(tutorConversation)
      .values([
        { learnerId: learner.id, title: 'old', updatedAt: new Date(Date.now() - 366 * DAY_MS) },
        { learnerId: learner.id, title: 'recent', updatedAt: new Date(Date.now() - 300 * DAY_MS) },
      ])
      .returning();
    await runDueJobs(app);
    const left = await app.db
      .select({ id: tutorConversation.id })
      .from(tutorConversation)
      .where(eq(tutorConversation.learnerId, learner.id));
    expect(left.map((c) => c.id)).toEqual([recent!.id]);
    expect(left.map((c) => c.id)).not.toContain(old!.id);
  });
});

describe('POST /api/me/age', () => {
  it('asks a learner with no recorded age; under 18 their links end and a parent is asked', async () => {
    const learner = await createAccount(app, 'learners');
    const teacher = await createAccount(app, 'instructors');
    await verifiedLink(teacher, learner);
    // An account from before consent existed (or made by social sign-in) has no age.
    await app.db.delete(parentalConsent).where(eq(parentalConsent.learnerId, learner.id));
    expect((await learner.client.get('/api/me/consent')).json()).toMatchObject({ status: 'unknown' });
    expect((await learner.client.post('/api/tutor/conversations', {})).statusCode).toBe(403);

    const parentEmail = newPerson().email;
    const given = await learner.client.post('/api/me/age', { ...bornYearsAgo(13), parentEmail });
    expect(given.statusCode).toBe(200);
    expect(given.json()).toMatchObject({ status: 'pending', parentEmail, daysLeft: 7 });
    expect(await app.db.select().from(guardianLink).where(eq(guardianLink.learnerId, learner.id))).toEqual(
      [],
    );
    expect((await lastMailTo(app, parentEmail))!.subject).toContain('Please approve');
    expect((await learner.client.post('/api/me/age', bornYearsAgo(30))).statusCode).toBe(409);
  });
});

describe('sign-in of a withdrawn account', () => {
  it('is refused by every method while the data waits for download', async () => {
    const parent = await createAccount(app, 'parents');
    const child = await consentedChild(app, parent);
    await parent.client.post(`/api/guardian/learners/${child.id}/consent-withdrawal`, {
      password: parent.person.password,
    });
    const response = await signIn(child.person);
    expect(response.statusCode).toBe(401);
    expect(cookieHeader(response)).toBe('');
  });
});
