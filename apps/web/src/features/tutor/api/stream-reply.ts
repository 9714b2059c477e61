import {
  fillPath,
  ProblemSchema,
  tutorEndpoints,
  TutorStreamEventSchema,
  type TutorStreamEvent,
} from '@vidya/contracts';
import { createParser } from 'eventsource-parser';
import { ApiError } from '#src/lib/api-client.ts';

const NETWORK_MESSAGE = 'We could not reach Vidya. Check your connection and try again.';
const BROKEN_MESSAGE = 'The reply was cut off. Please try again.';

/**
 * Reads Server-Sent Events from a response body, one parsed event at a time, with `eventsource-parser`: lines may
 * end in LF, CRLF or CR, chunks may split anywhere (inside a line or a character), and a last event without its
 * closing blank line still counts.
 */
async function* readEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<TutorStreamEvent> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const received: string[] = [];
  const parser = createParser({ onEvent: (message) => received.push(message.data) });
  for (;;) {
    const { value, done } = await reader.read();
    // At the end, a blank line closes an event the server left open (the parser would otherwise keep it).
    parser.feed(done ? `${decoder.decode()}\n\n` : decoder.decode(value, { stream: true }));
    for (const data of received.splice(0).filter(Boolean)) {
      const parsed = TutorStreamEventSchema.safeParse(JSON.parse(data));
      if (parsed.success) yield parsed.data;
    }
    if (done) return;
  }
}

/**
 * Sends a message (or retries the last one, when `text` is null) and yields the reply's events as they stream in.
 * A refusal before streaming (validation, rate limit, not found) throws ApiError with the server's words.
 */
export async function* streamReply(
  conversationId: string,
  text: string | null,
  signal?: AbortSignal,
): AsyncGenerator<TutorStreamEvent> {
  const endpoint = text === null ? tutorEndpoints.retry : tutorEndpoints.send;
  let response: Response;
  try {
    response = await fetch(fillPath(endpoint.path, { conversationId }), {
      method: 'POST',
      credentials: 'same-origin',
      headers: {
        accept: 'text/event-stream',
        ...(text === null ? {} : { 'content-type': 'application/json' }),
      },
      ...(text === null ? {} : { body: JSON.stringify({ text }) }),
      ...(signal ? { signal } : {}),
    });
  } catch {
    throw new ApiError(0, 'network_error', NETWORK_MESSAGE);
  }
  if (!response.ok || !response.body) {
    const problem = ProblemSchema.safeParse(await response.json().catch(() => null));
    if (problem.success) {
      throw new ApiError(problem.data.status, problem.data.code, problem.data.detail, problem.data.fields);
    }
    throw new ApiError(response.status, 'internal_error', 'Something went wrong. Please try again.');
  }
  let finished = false;
  try {
    for await (const event of readEvents(response.body)) {
      if (event.type === 'done' || event.type === 'error') finished = true;
      yield event;
    }
  } catch (error) {
    if (signal?.aborted) return;
    if (error instanceof ApiError) throw error;
    throw new ApiError(0, 'network_error', BROKEN_MESSAGE);
  }
  if (!finished) throw new ApiError(0, 'network_error', BROKEN_MESSAGE);
}
