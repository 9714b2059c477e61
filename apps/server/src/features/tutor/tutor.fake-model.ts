import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the fake model does with the next request. */
export type FakeBehaviour =
  | { kind: 'reply'; chunks: string[] }
  | { kind: 'error'; status: number }
  | { kind: 'hang' }
  | { kind: 'break'; chunks: string[] };

export interface RecordedRequest {
  url: string;
  authorization: string | undefined;
  body: {
    model: string;
    stream: boolean;
    messages: { role: string; content: string }[];
  };
}

/**
 * An OpenAI-compatible chat completions server on loopback, for tests: it streams `chat.completion.chunk` SSE events
 * like the real API, or fails, hangs or breaks off as scripted.
 */
export async function startFakeModel() {
  const requests: RecordedRequest[] = [];
  let next: FakeBehaviour = { kind: 'reply', chunks: ['Hello', ' there', '!'] };
  const open = new Set<ServerResponse>();
  const readBody = async (req: IncomingMessage) => {
    let text = '';
    for await (const chunk of req) text += String(chunk);
    return JSON.parse(text) as RecordedRequest['body'];
  };
  const server: Server = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      requests.push({ url: req.url ?? '', authorization: req.headers.authorization, body });
      const behaviour = next;
      if (behaviour.kind === 'error') {
        res.writeHead(behaviour.status, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: 'model overloaded', type: 'server_error' } }));
        return;
      }
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      open.add(res);
      res.on('close', () => open.delete(res));
      if (behaviour.kind === 'hang') {
        res.write(': waiting\n\n');
        return;
      }
      const base = { id: 'chatcmpl-1', object: 'chat.completion.chunk', created: 1, model: body.model };
      const send = (delta: object, finish: string | null = null) =>
        res.write(
          `data: ${JSON.stringify({ ...base, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`,
        );
      send({ role: 'assistant', content: '' });
      for (const chunk of behaviour.chunks) {
        send({ content: chunk });
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      if (behaviour.kind === 'break') {
        res.destroy();
        return;
      }
      send({}, 'stop');
      res.write(
        `data: ${JSON.stringify({ ...base, choices: [], usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 } })}\n\n`,
      );
      res.write('data: [DONE]\n\n');
      res.end();
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    script(behaviour: FakeBehaviour) {
      next = behaviour;
    },
    async close() {
      for (const res of open) res.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Splits a Server-Sent Events body into its events' JSON data. */
export function parseEvents(body: string): { type: string; [key: string]: unknown }[] {
  return body
    .split('\n\n')
    .map((block) => block.split('\n').find((line) => line.startsWith('data: ')))
    .filter((line): line is string => !!line)
    .map((line) => JSON.parse(line.slice(6)) as { type: string });
}
