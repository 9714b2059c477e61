import type { TutorMessage, TutorStreamEvent } from '@vidya/contracts';
import { ApiError } from '#src/lib/api-client.ts';
import { streamReply } from './stream-reply.ts';

const message = (role: TutorMessage['role'], text: string): TutorMessage => ({
  id: role === 'user' ? '0b6f8a3e-6a0e-4c43-9a51-0d7c9e0f1a11' : '7d1e2b4c-3f5a-4b6c-8d7e-9f0a1b2c3d4e',
  role,
  text,
  status: 'complete',
  engine: role === 'user' ? null : { kind: 'offline', name: 'offline tutor' },
  createdAt: '2026-11-25T07:00:00.000Z',
});

const EVENTS: TutorStreamEvent[] = [
  {
    type: 'start',
    userMessage: message('user', 'नमस्ते! What is ¾ + ⅙?'),
    engine: { kind: 'offline', name: 'offline tutor' },
  },
  { type: 'delta', text: 'Let’s work it out 👩🏽‍🏫 ' },
  { type: 'delta', text: 'step by step: ¾ = 9/12.' },
  { type: 'done', message: message('assistant', 'Let’s work it out 👩🏽‍🏫 step by step: ¾ = 9/12.') },
];

/** The events as the server writes them, with the given line ending; the last one without its closing blank line. */
function wire(newline: string): Uint8Array {
  const text = EVENTS.map(
    (event) => `event: ${event.type}${newline}data: ${JSON.stringify(event)}${newline}`,
  ).join(newline);
  return new TextEncoder().encode(text);
}

function respondWith(chunks: Uint8Array[]) {
  vi.stubGlobal('fetch', () =>
    Promise.resolve(
      new Response(
        new ReadableStream<Uint8Array>({
          start(controller) {
            for (const chunk of chunks) controller.enqueue(chunk);
            controller.close();
          },
        }),
        { status: 200, headers: { 'content-type': 'text/event-stream' } },
      ),
    ),
  );
}

async function received(): Promise<TutorStreamEvent[]> {
  const events: TutorStreamEvent[] = [];
  for await (const event of streamReply('c5b0e1d2-3a4b-4c5d-8e6f-7a8b9c0d1e2f', 'What is ¾ + ⅙?'))
    events.push(event);
  return events;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('streamReply', () => {
  it.each([
    ['LF', '\n'],
    ['CRLF', '\r\n'],
    ['CR', '\r'],
  ])('reads every event with %s line endings, however the bytes are split', async (_, newline) => {
    const bytes = wire(newline);
    for (let cut = 0; cut <= bytes.length; cut++) {
      respondWith([bytes.slice(0, cut), bytes.slice(cut)]);
      expect(await received(), `split at byte ${cut}`).toEqual(EVENTS);
    }
    respondWith(Array.from(bytes, (byte) => Uint8Array.of(byte)));
    expect(await received(), 'one byte at a time').toEqual(EVENTS);
  });

  it('reads events whose line endings are mixed, with comments and blank lines between them', async () => {
    const [start, delta, , done] = EVENTS.map(
      (event) => `event: ${event.type}\r\ndata: ${JSON.stringify(event)}`,
    );
    respondWith([new TextEncoder().encode(`: hello\n\n${start}\r\n\r\n\n${delta}\n\n${done}\n`)]);
    expect(await received()).toEqual([EVENTS[0], EVENTS[1], EVENTS[3]]);
  });

  it('reports a reply cut off before it finished', async () => {
    const cut = wire('\n').slice(0, wire('\n').length - 10);
    respondWith([cut]);
    await expect(received()).rejects.toSatisfy(
      (error) =>
        error instanceof ApiError &&
        error.code === 'network_error' &&
        error.message === 'The reply was cut off. Please try again.',
    );
  });
});
