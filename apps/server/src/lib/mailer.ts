import type { FastifyBaseLogger } from 'fastify';
import { createTransport } from 'nodemailer';
import type { Db } from '#src/db/client.ts';
import { escapeHtml } from '#src/lib/html.ts';
import { mailOutbox } from '#src/db/schema/index.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  /** Sends a mail: over SMTP when configured, else into the development outbox. */
  send(mail: Mail): Promise<void>;
}

/** Builds the mailer the configuration asks for. */
export function createMailer(options: {
  smtpUrl: string | null;
  from: string;
  db: Db;
  log: FastifyBaseLogger;
}): Mailer {
  const { smtpUrl, from, db, log } = options;
  if (smtpUrl) {
    const transport = createTransport(smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({ from, ...mail });
        log.info({ to: mail.to, subject: mail.subject }, 'mail sent');
      },
    };
  }
  return {
    async send(mail) {
      await db.insert(mailOutbox).values(mail);
      // Without SMTP the log is how an operator finds the link; /dev/mail lists it too.
      log.info(
        { to: mail.to, subject: mail.subject, text: mail.text },
        'mail kept in the development outbox',
      );
    },
  };
}

/** A mail with one call-to-action link, in text and HTML. */
export function linkMail(
  to: string,
  subject: string,
  greeting: string,
  body: string,
  action: string,
  url: string,
): Mail {
  return {
    to,
    subject,
    text: `${greeting}\n\n${body}\n\n${action}: ${url}\n\nIf you did not ask for this, you can ignore this mail.\n\nVidya`,
    html:
      `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(body)}</p>` +
      `<p><a href="${escapeHtml(url)}">${escapeHtml(action)}</a></p>` +
      '<p>If you did not ask for this, you can ignore this mail.</p><p>Vidya</p>',
  };
}
