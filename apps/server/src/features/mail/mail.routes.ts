import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { mailOutbox } from '#src/db/schema/index.ts';
import { escapeHtml } from '#src/lib/html.ts';

const linkify = (s: string) => escapeHtml(s).replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>');

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;

/**
 * Whether a request comes from this machine: its TCP peer is a loopback address and no proxy forwarded it (a
 * reverse proxy on the same host connects from loopback on behalf of anyone). Read from the socket, never from
 * `request.ip`, which `TRUST_PROXY` takes from a header the client writes.
 */
export function isFromThisMachine(request: FastifyRequest): boolean {
  const peer = request.raw.socket.remoteAddress ?? '';
  const headers = request.headers;
  return LOOPBACK.test(peer) && !headers['x-forwarded-for'] && !headers.forwarded && !headers['x-real-ip'];
}

/**
 * The development outbox at /dev/mail (HTML) and /dev/mail/messages (JSON): never registered in production, and
 * served only to the machine the server runs on; anyone else gets the 404 of a route that does not exist (the mails
 * hold sign-in and reset links, and the server listens on every interface).
 */
export function mailRoutes(app: FastifyInstance): void {
  const thisMachineOnly = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!isFromThisMachine(request)) return reply.callNotFound();
  };
  app.get('/dev/mail/messages', { schema: { hide: true }, onRequest: thisMachineOnly }, async (request) => {
    const to = (request.query as { to?: string }).to;
    const rows = await app.db
      .select()
      .from(mailOutbox)
      .where(to ? eq(mailOutbox.to, to.toLowerCase()) : undefined)
      .orderBy(desc(mailOutbox.createdAt))
      .limit(50);
    return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
  });

  app.get('/dev/mail', { schema: { hide: true }, onRequest: thisMachineOnly }, async (_request, reply) => {
    const rows = await app.db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt)).limit(50);
    const items = rows
      .map(
        (r) =>
          `<article><h2>${escapeHtml(r.subject)}</h2><p>To: ${escapeHtml(r.to)} · ${r.createdAt.toISOString()}</p>` +
          `<pre>${linkify(r.text)}</pre></article>`,
      )
      .join('');
    return reply
      .type('text/html; charset=utf-8')
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Development outbox · Vidya</title>` +
          '<style>body{font-family:system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem}' +
          'pre{white-space:pre-wrap;background:#f4f4f5;padding:1rem}a{color:#1d4ed8}</style></head>' +
          `<body><main><h1>Development outbox</h1><p>Mails the server would have sent (no SMTP server is configured).</p>` +
          `${items || '<p>No mail yet.</p>'}</main></body></html>`,
      );
  });
}
