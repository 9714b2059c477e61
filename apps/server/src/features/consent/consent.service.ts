import { createHash, randomBytes } from 'node:crypto';
import {
  CONSENT_NOTICE_VERSION,
  CONSENT_WINDOW_DAYS,
  LearnerSignUpBodySchema,
  daysLeft,
  isAdultAt,
  paths,
  type AgeBody,
  type ConsentRequest,
  type ConsentStatus,
  type Me,
  type MyConsent,
  type SignUpBody,
} from '@vidya/contracts';
import { and, eq, gte, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { user } from '#src/db/schema/index.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '#src/errors.ts';
import { recordEvent } from '../access/index.ts';
import { consentRequestMail } from './consent.mail.ts';
import { usernameOf } from './consent.presenter.ts';
import { isConsentingParent, mayFollowChild, mayUseExtras, statusOf } from './consent.policy.ts';
import * as repo from './consent.repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A fresh link token for a parent's mail, and the hash that is stored instead of it. */
export function newToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

const consentUrl = (app: FastifyInstance, token: string) =>
  `${app.config.publicUrl}${paths.parentConsent}?token=${token}`;

type LearnerRow = typeof user.$inferSelect;

export async function findUser(app: FastifyInstance, id: string): Promise<LearnerRow | undefined> {
  const [row] = await app.db.select().from(user).where(eq(user.id, id));
  return row;
}

/** The learner's consent state (`unknown` without a recorded age). */
export async function consentStatusOf(app: FastifyInstance, learnerId: string): Promise<ConsentStatus> {
  return statusOf(await repo.findConsent(app.db, learnerId));
}

/** Mails the parent a consent request (or the day-5 reminder) with a new link; older links stop working. */
export async function mailRequest(
  app: FastifyInstance,
  learner: Pick<LearnerRow, 'id' | 'firstName' | 'username' | 'displayUsername'>,
  parentEmail: string,
  expiresAt: Date,
  isReminder: boolean,
): Promise<void> {
  const { token, hash } = newToken();
  await repo.setTokenHash(app.db, learner.id, hash);
  await app.mailer.send(
    consentRequestMail(
      parentEmail,
      { firstName: learner.firstName, username: usernameOf(learner) },
      consentUrl(app, token),
      expiresAt,
      isReminder,
    ),
  );
}

/**
 * Records a learner's month and year of birth: an adult goes on as before; a child's account becomes pending and
 * the parent is mailed the notice and a link to consent (the window of CONSENT_WINDOW_DAYS starts now).
 */
async function recordAge(
  app: FastifyInstance,
  learner: LearnerRow,
  age: { birthYear: number; birthMonth: number; parentEmail?: string | undefined },
  now: Date,
): Promise<void> {
  const { birthYear, birthMonth } = age;
  if (isAdultAt(birthYear, birthMonth, now)) {
    await repo.insertConsent(app.db, { learnerId: learner.id, birthYear, birthMonth, status: 'adult' });
    return;
  }
  const parentEmail = (age.parentEmail ?? '').trim().toLowerCase();
  const expiresAt = new Date(now.getTime() + CONSENT_WINDOW_DAYS * DAY_MS);
  await app.db.transaction(async (tx) => {
    await repo.insertConsent(tx, {
      learnerId: learner.id,
      birthYear,
      birthMonth,
      status: 'pending',
      parentEmail,
      requestedAt: now,
      expiresAt,
    });
    await recordEvent(tx, learner.id, { ...learner, role: 'learners' }, 'consent_requested', now);
  });
  await mailRequest(app, learner, parentEmail, expiresAt, false);
}

function fieldsOf(issues: { path: PropertyKey[]; message: string }[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) fields[String(issue.path[0] ?? 'body')] ??= issue.message;
  return fields;
}

/** A learner's sign-up must carry a month and year of birth and, under 18, a parent's address (400 otherwise). */
export function checkLearnerSignUp(body: SignUpBody): void {
  const parsed = LearnerSignUpBodySchema.safeParse(body);
  if (!parsed.success) throw badRequest('Some fields need attention.', fieldsOf(parsed.error.issues));
}

/**
 * After a learner's sign-up: records the age on the account just made. Nothing happens when no new account has this
 * username and address (the sign-up answered without creating one), or when it already has an age.
 */
export async function afterLearnerSignUp(
  app: FastifyInstance,
  body: SignUpBody,
  startedAt: Date,
): Promise<void> {
  const [created] = await app.db
    .select()
    .from(user)
    .where(
      and(
        eq(sql`lower(${user.username})`, body.username.toLowerCase()),
        eq(user.email, body.email.toLowerCase()),
        eq(user.role, 'learners'),
        gte(user.createdAt, new Date(startedAt.getTime() - 1000)),
      ),
    );
  if (!created || (await repo.findConsent(app.db, created.id))) return;
  if (body.birthYear === undefined || body.birthMonth === undefined) return;
  await recordAge(
    app,
    created,
    { birthYear: body.birthYear, birthMonth: body.birthMonth, parentEmail: body.parentEmail },
    startedAt,
  );
}

/** The learner's own view of their consent. */
export async function myConsent(
  app: FastifyInstance,
  learnerId: string,
  now = new Date(),
): Promise<MyConsent> {
  const row = await repo.findConsent(app.db, learnerId);
  const parent = row?.parentId ? await findUser(app, row.parentId) : undefined;
  const isPending = row?.status === 'pending';
  return {
    status: statusOf(row),
    parentEmail: isPending ? (row.parentEmail ?? null) : null,
    requestedAt: isPending && row.requestedAt ? row.requestedAt.toISOString() : null,
    expiresAt: isPending && row.expiresAt ? row.expiresAt.toISOString() : null,
    daysLeft: isPending && row.expiresAt ? daysLeft(row.expiresAt, now) : null,
    parentName: parent && row?.status === 'granted' ? `${parent.firstName} ${parent.lastName}` : null,
  };
}

/** A pending learner sends the request again, to the same or a corrected address (the deadline stays). */
export async function resend(
  app: FastifyInstance,
  learner: Me,
  parentEmail: string,
  now = new Date(),
): Promise<MyConsent> {
  const row = await repo.findConsent(app.db, learner.id);
  if (row?.status !== 'pending' || !row.expiresAt)
    throw conflict('conflict', 'There is no request waiting for a parent.');
  const address = parentEmail.trim().toLowerCase();
  if (address === learner.email.toLowerCase())
    throw badRequest('Some fields need attention.', {
      parentEmail: "Use your parent's e-mail address, not your own",
    });
  await repo.updateConsent(app.db, learner.id, 'pending', { parentEmail: address });
  const found = await findUser(app, learner.id);
  if (found) await mailRequest(app, found, address, row.expiresAt, false);
  return myConsent(app, learner.id, now);
}

/**
 * A learner whose age is not recorded (an older account, or one made by social sign-in) gives it. Under 18, links
 * and class places made before end, and the account waits for a parent like a new one.
 */
export async function giveAge(
  app: FastifyInstance,
  learner: Me,
  body: AgeBody,
  now = new Date(),
): Promise<MyConsent> {
  if (await repo.findConsent(app.db, learner.id)) throw conflict('conflict', 'Your age is already recorded.');
  if (
    !isAdultAt(body.birthYear, body.birthMonth, now) &&
    body.parentEmail?.trim().toLowerCase() === learner.email.toLowerCase()
  )
    throw badRequest('Some fields need attention.', {
      parentEmail: "Use your parent's e-mail address, not your own",
    });
  const found = await findUser(app, learner.id);
  if (!found) throw notFound('account');
  if (!isAdultAt(body.birthYear, body.birthMonth, now))
    await app.db.transaction((tx) => repo.endLinks(tx, learner.id));
  await recordAge(app, found, body, now);
  return myConsent(app, learner.id, now);
}

/** What a mailed link asks the parent to consent to (404 for an unknown or expired link). */
export async function requestByToken(
  app: FastifyInstance,
  token: string,
  now = new Date(),
): Promise<ConsentRequest> {
  const row = await repo.findByTokenHash(app.db, hashToken(token));
  if (!row || (row.status === 'pending' && row.expiresAt && row.expiresAt <= now))
    throw new AppError(400, 'invalid_token', 'This link is invalid or has expired.');
  const learner = await findUser(app, row.learnerId);
  if (!learner) throw new AppError(400, 'invalid_token', 'This link is invalid or has expired.');
  return {
    learner: { firstName: learner.firstName, username: usernameOf(learner) },
    status: row.status === 'granted' ? 'granted' : row.status === 'withdrawn' ? 'withdrawn' : 'pending',
    expiresAt: row.status === 'pending' && row.expiresAt ? row.expiresAt.toISOString() : null,
    noticeVersion: CONSENT_NOTICE_VERSION,
  };
}

/** Throws 403 unless the guardian is the parent who consented for this learner. */
export async function assertConsentingParent(
  app: FastifyInstance,
  guardianId: string,
  learnerId: string,
): Promise<repo.ConsentRow> {
  const row = await repo.findConsent(app.db, learnerId);
  if (!row || !isConsentingParent(row, guardianId))
    throw forbidden('Only the parent who gave consent for this child may do this.');
  return row;
}

/** Whether the guardian is the consenting parent (consent given or withdrawn). */
export async function isConsentingParentOf(
  app: FastifyInstance,
  guardianId: string,
  learnerId: string,
): Promise<boolean> {
  return isConsentingParent(await repo.findConsent(app.db, learnerId), guardianId);
}

/** Whether the guardian is the consenting parent and consent stands (tutor conversations, alerts). */
export async function mayFollow(
  app: FastifyInstance,
  guardianId: string,
  learnerId: string,
): Promise<boolean> {
  return mayFollowChild(await repo.findConsent(app.db, learnerId), guardianId);
}

/** The consenting parent of a learner while consent stands, if any. */
export async function consentingParentId(app: FastifyInstance, learnerId: string): Promise<string | null> {
  const row = await repo.findConsent(app.db, learnerId);
  return row?.status === 'granted' ? row.parentId : null;
}

const CONSENT_NEEDED: Partial<Record<ConsentStatus, string>> = {
  pending: 'Your parent needs to say yes before you can use this. Ask them to check their e-mail.',
  unknown: 'Please tell us your month and year of birth first. You can do it on your Courses page.',
  withdrawn: 'This account is closed.',
};

/**
 * A preHandler (after `requireAccount`) for what a child may use only with a parent's consent: the tutor, accepting
 * teachers and parents, joining a class. Adults and consented children pass; others get 403 consent_required.
 */
export function requireConsent(app: FastifyInstance) {
  return async (request: FastifyRequest) => {
    const caller = request.account;
    if (!caller || caller.role !== 'learners') return;
    const status = await consentStatusOf(app, caller.id);
    if (!mayUseExtras(status))
      throw new AppError(
        403,
        'consent_required',
        CONSENT_NEEDED[status] ?? 'A parent needs to say yes first.',
      );
  };
}

/** Whether a learner can be asked to link (a pending or unknown-age child cannot). */
export async function mayBeLinked(app: FastifyInstance, learnerId: string): Promise<boolean> {
  return mayUseExtras(await consentStatusOf(app, learnerId));
}
