import { CONSENT_NOTICE, WITHDRAWAL_EXPORT_DAYS } from '@vidya/contracts';
import { escapeHtml } from '#src/lib/html.ts';
import type { Mail } from '#src/lib/mailer.ts';

const dateText = (date: Date) =>
  date.toLocaleDateString('en-IN', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Asia/Kolkata',
  });

function noticeText(): string {
  return CONSENT_NOTICE.sections
    .map((s) => `${s.heading}\n${s.paragraphs.map((p) => `- ${p}`).join('\n')}`)
    .join('\n\n');
}

function noticeHtml(): string {
  return CONSENT_NOTICE.sections
    .map(
      (s) =>
        `<h2>${escapeHtml(s.heading)}</h2><ul>${s.paragraphs.map((p) => `<li>${escapeHtml(p)}</li>`).join('')}</ul>`,
    )
    .join('');
}

interface Child {
  firstName: string;
  username: string;
}

/** The request (or reminder) to a parent: the notice in full, the deadline, and the link to consent. */
export function consentRequestMail(
  to: string,
  child: Child,
  url: string,
  expiresAt: Date,
  isReminder: boolean,
): Mail {
  const subject = isReminder
    ? `Reminder: please answer for ${child.firstName}'s Vidya account`
    : `Please approve ${child.firstName}'s Vidya account`;
  const intro = [
    `${child.firstName} (username ${child.username}) has made an account on Vidya, a free learning site for school children, and gave this address as their parent's.`,
    'Children under 18 need the consent of a parent or lawful guardian before Vidya keeps their learning. Until you answer, they can take quizzes but nothing else: no tutor, no teachers, no classes.',
    `If nobody consents by ${dateText(expiresAt)}, the account and everything in it will be deleted.`,
  ];
  const action = 'Read the notice and give your consent';
  const outro = [
    'You will need a Vidya parent account; the link lets you sign in or create one.',
    'If you do not know this child, you can ignore this mail: the account will then be deleted.',
    `Notice version ${CONSENT_NOTICE.version}.`,
  ];
  return {
    to,
    subject,
    text: `Hello,\n\n${intro.join('\n\n')}\n\n${action}: ${url}\n\n${CONSENT_NOTICE.title}\n\n${noticeText()}\n\n${outro.join('\n')}\n\nVidya`,
    html:
      `<p>Hello,</p>${intro.map((p) => `<p>${escapeHtml(p)}</p>`).join('')}` +
      `<p><a href="${escapeHtml(url)}">${escapeHtml(action)}</a></p>` +
      `<h1>${escapeHtml(CONSENT_NOTICE.title)}</h1>${noticeHtml()}` +
      `${outro.map((p) => `<p>${escapeHtml(p)}</p>`).join('')}<p>Vidya</p>`,
  };
}

/** Confirms a withdrawal to the parent, with the date the data goes. */
export function withdrawalMail(to: string, child: Child, deleteAfter: Date): Mail {
  const lines = [
    `You withdrew your consent for ${child.firstName}'s Vidya account (${child.username}). Vidya stopped using the data at once: nobody can sign in to the account or see it any more.`,
    `You can download a copy of the data from your parent dashboard until ${dateText(deleteAfter)} (${WITHDRAWAL_EXPORT_DAYS} days). Then everything is deleted.`,
  ];
  return {
    to,
    subject: `You withdrew consent for ${child.firstName}'s Vidya account`,
    text: `Hello,\n\n${lines.join('\n\n')}\n\nVidya`,
    html: `<p>Hello,</p>${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}<p>Vidya</p>`,
  };
}
