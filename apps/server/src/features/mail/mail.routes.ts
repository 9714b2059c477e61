import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { mailOutbox } from '#src/db/schema/index.ts';
import { escapeHtml } from '#src/lib/html.ts';

const linkify = (s: string) => escapeHtml(s).replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>');

/** The development outbox at /dev/mail (HTML) and /dev/mail/messages (JSON); never registered in production. */
export function mailRoutes(app: FastifyInstance): void {
  app.get('/dev/mail/messages', { schema: { hide: true } }, async (request) => {
    const to = (request.query as { to?: string }).to;
    const rows = await app.db
      .select()
      .from(mailOutbox)
      .where(to ? eq(mailOutbox.to, to.toLowerCase()) : undefined)
      .orderBy(desc(mailOutbox.createdAt))
      .limit(50);
    return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
  });

  app.get('/dev/mail', { schema: { hide: true } }, async (_request, reply) => {
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
