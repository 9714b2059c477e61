import { describe, expect, it } from 'vitest';
import {
  consentedChild,
  createAccount,
  joinedClass,
  verifiedLink,
  type TestAccount,
} from '#src/security/fixtures.ts';
import { lastMailTo } from '#src/testing/test-app.ts';
import { app, useTestApp } from '#src/testing/test-server.ts';
import { parseEvents } from '../tutor/index.ts';
import { safetyReply } from './safety.classifier.ts';
import { ORDINARY_MESSAGES } from './safety.prompts.ts';

useTestApp();

async function ask(child: TestAccount, conversationId: string, text: string) {
  const response = await child.client.post(`/api/tutor/conversations/${conversationId}/messages`, { text });
  expect(response.statusCode).toBe(200);
  const done = parseEvents(response.body).find((e) => e.type === 'done') as unknown as {
    message: { text: string };
  };
  return done.message.text;
}

async function family() {
  const parent = await createAccount(app, 'parents');
  const child = await consentedChild(app, parent);
  const teacher = await createAccount(app, 'instructors');
  await joinedClass(teacher, child);
  const conversation = (await child.client.post('/api/tutor/conversations', {})).json<{ id: string }>();
  return { parent, child, teacher, conversationId: conversation.id };
}

describe('tutor safety alerts', () => {
  it('answers a worrying message with the helplines and alerts the consenting parent and class teacher', async () => {
    const { parent, child, teacher, conversationId } = await family();
    await ask(child, conversationId, 'What is photosynthesis?');
    const reply = await ask(child, conversationId, 'I want to kill myself');
    expect(reply).toBe(safetyReply(true));

    for (const adult of [parent, teacher]) {
      const mail = await lastMailTo(app, adult.person.email);
      expect(mail!.subject).toBe(
        `Urgent: A message from ${child.person.firstName} on Vidya needs your attention`,
      );
      expect(mail!.text).toContain('"I want to kill myself"');
      // The flagged message only, never the conversation around it.
      expect(mail!.text).not.toContain('photosynthesis');
      const alerts = (await adult.client.get('/api/guardian/safety-alerts')).json();
      expect(alerts).toEqual([
        expect.objectContaining({
          category: 'self_harm',
          severity: 'urgent',
          message: 'I want to kill myself',
          learner: expect.objectContaining({ id: child.id, firstName: child.person.firstName }),
        }),
      ]);
      expect(JSON.stringify(alerts)).not.toContain('photosynthesis');
    }

    // Nobody else: a parent linked by username, another teacher with a verified link outside a class, a stranger.
    const byUsername = await createAccount(app, 'parents');
    await verifiedLink(byUsername, child);
    const otherTeacher = await createAccount(app, 'instructors');
    await verifiedLink(otherTeacher, child);
    const stranger = await createAccount(app, 'parents');
    for (const adult of [byUsername, otherTeacher, stranger])
      expect((await adult.client.get('/api/guardian/safety-alerts')).json()).toEqual([]);

    // The learner sees in their access log that a grown-up was told.
    const log = (await child.client.get('/api/me/access')).json().events;
    expect(log).toEqual(expect.arrayContaining([expect.objectContaining({ kind: 'safety_alert' })]));
  });

  it('sends a bullying alert as a concern, and never alerts on ordinary school questions', async () => {
    const { parent, child, conversationId } = await family();
    for (const message of ORDINARY_MESSAGES.slice(0, 6)) {
      const reply = await ask(child, conversationId, message);
      expect(reply).not.toContain('1098');
    }
    expect((await parent.client.get('/api/guardian/safety-alerts')).json()).toEqual([]);
    await ask(child, conversationId, 'kids in my class hit me every day');
    expect((await parent.client.get('/api/guardian/safety-alerts')).json()).toEqual([
      expect.objectContaining({ category: 'bullying', severity: 'concern' }),
    ]);
  });

  it('tells an adult learner with nobody to alert only the helplines', async () => {
    const adult = await createAccount(app, 'learners');
    const conversation = (await adult.client.post('/api/tutor/conversations', {})).json<{ id: string }>();
    expect(await ask(adult, conversation.id, 'someone is following me home')).toBe(safetyReply(false));
  });
});
