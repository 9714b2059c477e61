import { ROLE_HOME, type Role, type SafetyAlert, type SafetyCategory } from '@vidya/contracts';
import type { FastifyInstance } from 'fastify';
import { escapeHtml } from '#src/lib/html.ts';
import { recordEvent } from '../access/index.ts';
import type { Mail } from '#src/lib/mailer.ts';
import type { Concern } from './safety.classifier.ts';
import * as repo from './safety.repository.ts';

const ALERTS_SHOWN = 100;

const CATEGORY_WORDS: Record<SafetyCategory, string> = {
  self_harm: 'may be thinking about hurting themselves',
  abuse: 'may be being hurt or abused',
  bullying: 'may be being bullied',
  danger: 'may be in danger',
};

function alertMail(
  to: { email: string; firstName: string; role: string },
  learner: { firstName: string; lastName: string },
  message: string,
  concern: Concern,
  dashboardUrl: string,
): Mail {
  const name = `${learner.firstName} ${learner.lastName}`.trim();
  const urgent = concern.severity === 'urgent';
  const subject = `${urgent ? 'Urgent: ' : ''}A message from ${learner.firstName} on Vidya needs your attention`;
  const lines = [
    `${name} wrote this to the Vidya tutor. It suggests they ${CATEGORY_WORDS[concern.category]}.`,
    urgent
      ? 'Please talk with them today, calmly and kindly.'
      : 'Please find a quiet moment to talk with them soon.',
    'The tutor did not answer the message; it gave them the numbers of CHILDLINE (1098, free, day and night) and Tele-MANAS (14416). If a child is in danger now, call 112.',
    'You can see this alert on your dashboard. This mail holds only the one message, not the conversation.',
  ];
  return {
    to: to.email,
    subject,
    text: `Hello ${to.firstName},\n\n${lines[0]}\n\n"${message}"\n\n${lines.slice(1).join('\n\n')}\n\nYour dashboard: ${dashboardUrl}\n\nVidya`,
    html:
      `<p>Hello ${escapeHtml(to.firstName)},</p><p>${escapeHtml(lines[0]!)}</p>` +
      `<blockquote>${escapeHtml(message)}</blockquote>` +
      lines
        .slice(1)
        .map((l) => `<p>${escapeHtml(l)}</p>`)
        .join('') +
      `<p><a href="${escapeHtml(dashboardUrl)}">Open your dashboard</a></p><p>Vidya</p>`,
  };
}

/**
 * Raises an alert for a worrying tutor message: stores it (once per message), logs it in the learner's access log,
 * and mails the consenting parent and the class teachers the flagged message only. Returns whether anyone is told.
 */
export async function raiseAlert(
  app: FastifyInstance,
  learnerId: string,
  message: { id: string; text: string },
  concern: Concern,
): Promise<boolean> {
  const recipients = await repo.alertRecipients(app.db, learnerId);
  const isNew = await repo.insertAlert(app.db, {
    learnerId,
    messageId: message.id,
    category: concern.category,
    severity: concern.severity,
  });
  if (!isNew) return recipients.length > 0;
  await recordEvent(app.db, learnerId, 'system', 'safety_alert');
  app.log.warn({ learnerId, category: concern.category, severity: concern.severity }, 'tutor safety alert');
  const learner = await repo.findLearner(app.db, learnerId);
  if (!learner) return false;
  for (const recipient of recipients) {
    const home = ROLE_HOME[recipient.role as Role] ?? ROLE_HOME.parents;
    try {
      await app.mailer.send(
        alertMail(recipient, learner, message.text, concern, `${app.config.publicUrl}${home}`),
      );
    } catch (error) {
      app.log.error({ err: error, learnerId }, 'safety alert mail not sent');
    }
  }
  return recipients.length > 0;
}

/** The alerts a parent or teacher may see. */
export async function alertsFor(app: FastifyInstance, adultId: string): Promise<SafetyAlert[]> {
  const rows = await repo.alertsFor(app.db, adultId, ALERTS_SHOWN);
  return rows.map(({ alert, text, learner }) => ({
    id: alert.id,
    learner: {
      id: learner.id,
      firstName: learner.firstName,
      lastName: learner.lastName,
      username: learner.displayUsername ?? learner.username ?? '',
    },
    category: alert.category as SafetyAlert['category'],
    severity: alert.severity as SafetyAlert['severity'],
    message: text,
    at: alert.createdAt.toISOString(),
  }));
}
