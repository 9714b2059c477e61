import type { Question } from '@vidya/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerKey, as } from '#src/testing/learning.ts';
import { signUpVerified } from '#src/testing/test-app.ts';
import { ADVERSARIAL_BATCHES } from './tutor.adversarial.ts';
import { parseEvents, startFakeModel } from './tutor.fake-model.ts';
import { app, useTestApp } from '#src/testing/test-server.ts';

let model: Awaited<ReturnType<typeof startFakeModel>>;

beforeAll(async () => {
  model = await startFakeModel();
});
afterAll(async () => {
  await model.close();
});
useTestApp(() => ({
  TUTOR_BASE_URL: model.baseUrl,
  TUTOR_MODEL: 'tutor-mini',
  TUTOR_API_KEY: 'sk-test',
  TUTOR_TIMEOUT_MS: '2000',
}));

type Client = ReturnType<typeof as>;

async function learner(courses = ['science']) {
  const { cookie } = await signUpVerified(app, 'learners');
  const client = as(app, cookie);
  await client.post('/api/me/enrolments', { courses });
  return client;
}

async function ask(client: Client, url: string, text?: string) {
  const response = await client.post(url, text === undefined ? undefined : { text });
  const events = parseEvents(response.body);
  let shown = '';
  for (const event of events) {
    if (event.type === 'delta') shown += event.text as string;
    if (event.type === 'replace') shown = event.text as string;
  }
  return { response, events, shown };
}

const lastRequest = () => model.requests.at(-1)!;

describe('tutor with a model (OpenAI-compatible, on loopback)', () => {
  it('streams the model’s reply token by token and names the model', async () => {
    const client = await learner();
    const { id } = (await client.post('/api/tutor/conversations', {})).json();
    model.script({
      kind: 'reply',
      chunks: ['Great ', 'question! ', 'What do ', 'you ', 'already ', 'know?'],
    });
    const { response, events, shown } = await ask(
      client,
      `/api/tutor/conversations/${id}/messages`,
      'Why is the sky blue?',
    );
    expect(response.statusCode).toBe(200);
    expect(events[0]).toMatchObject({ type: 'start', engine: { kind: 'model', name: 'tutor-mini' } });
    expect(shown).toBe('Great question! What do you already know?');
    expect(events.at(-1)).toMatchObject({
      type: 'done',
      message: {
        text: 'Great question! What do you already know?',
        engine: { kind: 'model', name: 'tutor-mini' },
      },
    });
    expect((await client.get('/api/tutor/engine')).json()).toEqual({ kind: 'model', name: 'tutor-mini' });

    const request = lastRequest();
    expect(request.url).toBe('/v1/chat/completions');
    expect(request.authorization).toBe('Bearer sk-test');
    expect(request.body).toMatchObject({ model: 'tutor-mini', stream: true });
    const system = request.body.messages[0]!;
    expect(system.role).toBe('system');
    expect(system.content).toContain('Socratic');
    expect(system.content).toContain('aged about 8 to 14');
    expect(system.content).toContain('The learner is enrolled in: Science.');
    expect(request.body.messages.at(-1)).toEqual({ role: 'user', content: 'Why is the sky blue?' });
  });

  it('grounds the model in the learner’s weakest skills', async () => {
    const client = await learner();
    const quiz = (await client.post('/api/quizzes', { course: 'science' })).json();
    const question = (await client.post(`/api/quizzes/${quiz.id}/next`)).json<Question>();
    const key = await answerKey(app, question);
    await client.post(`/api/quizzes/${quiz.id}/answers`, { itemId: question.itemId, answer: key.wrong });
    const { id } = (await client.post('/api/tutor/conversations', {})).json();
    model.script({ kind: 'reply', chunks: ['Let us practise.'] });
    await ask(client, `/api/tutor/conversations/${id}/messages`, 'What should I practise?');
    expect(lastRequest().body.messages[0]!.content).toContain(
      `Skills they find hardest right now: ${question.skill.name} (Science, mastery`,
    );
  });

  it('stops with a short message when the model errors, and a retry answers the same message', async () => {
    const client = await learner();
    const { id } = (await client.post('/api/tutor/conversations', {})).json();
    model.script({ kind: 'error', status: 500 });
    const failed = await ask(client, `/api/tutor/conversations/${id}/messages`, 'What is a noun?');
    expect(failed.events.map((e) => e.type)).toEqual(['start', 'error']);
    expect(failed.events[1]).toMatchObject({
      detail: 'The tutor could not answer just now. Please try again.',
      message: { role: 'assistant', status: 'failed' },
    });

    model.script({ kind: 'reply', chunks: ['A noun ', 'names a ', 'thing.'] });
    const retried = await ask(client, `/api/tutor/conversations/${id}/retry`);
    expect(retried.events.at(-1)).toMatchObject({ type: 'done', message: { text: 'A noun names a thing.' } });
    expect(lastRequest().body.messages.at(-1)).toEqual({ role: 'user', content: 'What is a noun?' });
    const history = (await client.get(`/api/tutor/conversations/${id}`)).json();
    expect(history.messages.map((m: { role: string; text: string }) => `${m.role}:${m.text}`)).toEqual([
      `assistant:Hello! I'm here to help you. How can I assist you today?`,
      'user:What is a noun?',
      'assistant:A noun names a thing.',
    ]);
    expect((await client.post(`/api/tutor/conversations/${id}/retry`)).statusCode).toBe(409);
  });

  it('gives up on a model that does not answer in time', async () => {
    const client = await learner();
    const { id } = (await client.post('/api/tutor/conversations', {})).json();
    model.script({ kind: 'hang' });
    const started = Date.now();
    const { events } = await ask(client, `/api/tutor/conversations/${id}/messages`, 'Hello?');
    expect(Date.now() - started).toBeLessThan(5000);
    expect(events.at(-1)).toMatchObject({
      type: 'error',
      detail: 'The tutor took too long to answer. Please try again.',
    });
  });

  it('treats a stream that breaks off as a failure', async () => {
    const client = await learner();
    const { id } = (await client.post('/api/tutor/conversations', {})).json();
    model.script({ kind: 'break', chunks: ['Half an'] });
    const { events } = await ask(client, `/api/tutor/conversations/${id}/messages`, 'Tell me about magnets');
    expect(events.at(-1)?.type).toBe('error');
  });

  it('replaces an unsafe model reply with a kind message', async () => {
    const client = await learner();
    const { id } = (await client.post('/api/tutor/conversations', {})).json();
    model.script({ kind: 'reply', chunks: ['You can e-mail me at ', 'tutor@example.com ', 'any time.'] });
    const { events, shown } = await ask(
      client,
      `/api/tutor/conversations/${id}/messages`,
      'How do I reach you?',
    );
    expect(shown).toContain("Let's keep personal details private.");
    expect(JSON.stringify(events)).not.toContain('tutor@example.com');
  });

  it('never sends a message that fails moderation to the model', async () => {
    const client = await learner();
    const { id } = (await client.post('/api/tutor/conversations', {})).json();
    const before = model.requests.length;
    const { shown } = await ask(
      client,
      `/api/tutor/conversations/${id}/messages`,
      'what is your phone number?',
    );
    expect(shown).toContain("Let's keep personal details private.");
    expect(model.requests.length).toBe(before);
  });
});

describe('hint ladder with a model', () => {
  async function liveConversation(client: Client, course: string) {
    const quiz = (await client.post('/api/quizzes', { course })).json();
    const question = (await client.post(`/api/quizzes/${quiz.id}/next`)).json<Question>();
    const key = await answerKey(app, question);
    const answer = question.kind === 'choice' ? question.choices![Number(key.right)]! : key.right;
    const { id } = (
      await client.post('/api/tutor/conversations', {
        question: { quizId: quiz.id, itemId: question.itemId },
      })
    ).json();
    return { question, answer, id };
  }

  it.each(['science', 'mathematics'])(
    'sends the live %s question as hidden context with the rule, and catches a scripted leak',
    async (course) => {
      // Each prompt is sent with a model scripted to leak; 16 per learner stays under the per-minute limit.
      for (const batch of ADVERSARIAL_BATCHES) {
        const client = await learner([course]);
        const { question, answer, id } = await liveConversation(client, course);
        for (const [n, prompt] of batch.entries()) {
          // Split the answer across chunks, as a real model's tokens would.
          const cut = Math.max(1, Math.floor(answer.length / 2));
          model.script({
            kind: 'reply',
            chunks: [
              'Okay, just this once! ',
              'The answer is ',
              answer.slice(0, cut),
              answer.slice(cut),
              '. Well done!',
            ],
          });
          const { events, shown } = await ask(client, `/api/tutor/conversations/${id}/messages`, prompt);
          const system = lastRequest().body.messages[0]!.content;
          expect(system).toContain(`HIDDEN CONTEXT: the learner is answering this quiz question right now`);
          expect(system).toContain(question.prompt);
          expect(system).toContain('RULE: never give the answer to this question');
          expect(lastRequest().body.messages.at(-1)).toEqual({ role: 'user', content: prompt });
          expect(
            events.some((e) => e.type === 'replace'),
            prompt,
          ).toBe(true);
          const seen = events
            .filter((e) => e.type === 'delta' || e.type === 'replace')
            .map((e) => e.text as string)
            .join('');
          expect(seen.toLowerCase()).not.toContain(`answer is ${answer.toLowerCase()}`);
          expect(shown).toMatch(
            n === 0 ? /Let's think it through together/ : /Here's a|Let's think|Have a go/,
          );
          const done = events.at(-1) as unknown as { message: { text: string } };
          expect(done.message.text).toBe(shown);
        }
      }
    },
    90_000,
  );

  it('catches a choice given away by its letter or position, in any of the ways a model writes it', async () => {
    const client = await learner(['science']);
    const { question, id } = await liveConversation(client, 'science');
    if (question.kind !== 'choice') throw new Error('science questions are choices');
    const index = Number((await answerKey(app, question)).right);
    const letter = 'ABCDEF'[index]!;
    const position = `${index + 1}${['st', 'nd', 'rd', 'th'][Math.min(index, 3)]}`;
    for (const leak of [
      `The answer is ${letter}.`,
      `It's ${letter}`,
      `It is the ${position}.`,
      `(${letter})`,
    ]) {
      model.script({ kind: 'reply', chunks: ['Okay! ', ...leak.split(''), ' Well done!'] });
      const { events, shown } = await ask(client, `/api/tutor/conversations/${id}/messages`, 'Which one?');
      expect(
        events.some((e) => e.type === 'replace'),
        leak,
      ).toBe(true);
      expect(shown).not.toContain(leak);
    }
  });

  it('catches a number given away digit by digit', async () => {
    const client = await learner(['mathematics']);
    // Mathematics questions are drawn at random: take the first whose answer has two digits or more.
    let live = await liveConversation(client, 'mathematics');
    for (let tries = 0; tries < 8 && !/^\d{2,}$/.test(live.answer); tries++)
      live = await liveConversation(client, 'mathematics');
    expect(live.answer).toMatch(/^\d{2,}$/);
    const digits = live.answer.split('');
    const words = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];
    for (const leak of [digits.join(' '), digits.map((d) => words[Number(d)]).join(', ')]) {
      model.script({
        kind: 'reply',
        chunks: ['The digits are ', ...leak.split(' ').map((d) => `${d} `), '.'],
      });
      const { events } = await ask(
        client,
        `/api/tutor/conversations/${live.id}/messages`,
        'Spell out the digits',
      );
      expect(
        events.some((e) => e.type === 'replace'),
        leak,
      ).toBe(true);
    }
  });

  it('does not send a request for a computed result to the model while a mathematics question is open', async () => {
    const client = await learner(['mathematics']);
    await liveConversation(client, 'mathematics');
    const { id } = (await client.post('/api/tutor/conversations', {})).json();
    const before = model.requests.length;
    const { shown } = await ask(client, `/api/tutor/conversations/${id}/messages`, 'what is 80 + 0?');
    expect(model.requests.length).toBe(before);
    expect(shown).toContain('Here is the method instead');
    expect(shown).not.toMatch(/\d/);

    model.script({ kind: 'reply', chunks: ['What do you think?'] });
    await ask(client, `/api/tutor/conversations/${id}/messages`, 'what is eighty plus nothing?');
    expect(lastRequest().body.messages[0]!.content).toContain('do not work out any number, sum or equation');
  });

  it('lets the model explain fully after the answer is submitted', async () => {
    const client = await learner();
    const { question, answer } = await liveConversation(client, 'science');
    const key = await answerKey(app, question);
    await client.post(`/api/quizzes/${question.quizId}/answers`, {
      itemId: question.itemId,
      answer: key.right,
    });
    const { id } = (
      await client.post('/api/tutor/conversations', {
        question: { quizId: question.quizId, itemId: question.itemId },
      })
    ).json();
    model.script({ kind: 'reply', chunks: ['The answer is ', answer, ', because...'] });
    const { shown, events } = await ask(
      client,
      `/api/tutor/conversations/${id}/messages`,
      'Explain it please',
    );
    expect(events.some((e) => e.type === 'replace')).toBe(false);
    expect(shown).toBe(`The answer is ${answer}, because...`);
    expect(lastRequest().body.messages[0]!.content).toContain(`The correct answer is “${answer}”`);
  });
});
