import { randomBytes } from 'node:crypto';
import {
  CONSENT_NOTICE_VERSION,
  WITHDRAWAL_EXPORT_DAYS,
  isAdultAt,
  type ConsentRecord,
  type CreateChildBody,
  type GrantConsentBody,
  type Me,
} from '@vidya/contracts';
import { and, eq, gte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { account, user } from '#src/db/schema/index.ts';
import { AppError, badRequest, conflict, notFound } from '#src/errors.ts';
import { recordEvent } from '../access/index.ts';
import { signUp } from '../accounts/index.ts';
import { withdrawalMail } from './consent.mail.ts';
import { presentRecord, usernameOf } from './consent.presenter.ts';
import * as repo from './consent.repository.ts';
import { assertConsentingParent, findUser, hashToken } from './consent.service.ts';

// The parent's side of consent: consenting by the mailed link, creating a child's account, withdrawing.

const DAY_MS = 24 * 60 * 60 * 1000;

function checkNoticeVersion(version: string): void {
  if (version !== CONSENT_NOTICE_VERSION)
    throw conflict('conflict', 'The notice has changed since you opened it. Please read it again.', {
      noticeVersion: 'Please read the notice again',
    });
}

/**
 * A signed-in parent consents by the mailed link, declaring that they are the parent or lawful guardian and an
 * adult. The record keeps the notice version, the method, the time, the parent and the learner; the parent–child
 * link is verified by the same act, in one transaction.
 */
export async function grant(
  app: FastifyInstance,
  parent: Me,
  token: string,
  body: GrantConsentBody,
  now = new Date(),
): Promise<ConsentRecord> {
  checkNoticeVersion(body.noticeVersion);
  const row = await repo.findByTokenHash(app.db, hashToken(token));
  if (!row || (row.status === 'pending' && row.expiresAt && row.expiresAt <= now))
    throw new AppError(400, 'invalid_token', 'This link is invalid or has expired.');
  const learner = await findUser(app, row.learnerId);
  if (!learner) throw new AppError(400, 'invalid_token', 'This link is invalid or has expired.');
  if (row.status === 'granted' && row.parentId === parent.id) return presentRecord(row, learner);
  if (row.status !== 'pending') throw conflict('conflict', 'This request has already been answered.');
  const granted = await app.db.transaction(async (tx) => {
    const updated = await repo.updateConsent(tx, row.learnerId, 'pending', {
      status: 'granted',
      parentId: parent.id,
      noticeVersion: body.noticeVersion,
      method: 'email_link',
      grantedAt: now,
      parentEmail: null,
      expiresAt: null,
    });
    if (!updated) return undefined;
    await repo.verifyParentLink(tx, parent.id, row.learnerId, now);
    await recordEvent(tx, row.learnerId, parent, 'consent_given', now);
    return updated;
  });
  if (!granted) throw conflict('conflict', 'This request has already been answered.');
  app.log.info({ learnerId: row.learnerId, parentId: parent.id }, 'parental consent given');
  return presentRecord(granted, learner);
}

/**
 * A parent creates their child's learner account and consents at once; the child confirms their e-mail address and
 * chooses their own password.
 */
export async function createChild(
  app: FastifyInstance,
  parent: Me,
  body: CreateChildBody,
  now = new Date(),
): Promise<{ learnerId: string; username: string; email: string; verificationSent: boolean }> {
  checkNoticeVersion(body.noticeVersion);
  if (isAdultAt(body.birthYear, body.birthMonth, now))
    throw badRequest('Some fields need attention.', {
      birthYear: 'Someone who is 18 or older makes their own account',
    });
  const email = body.email.trim().toLowerCase();
  if (email === parent.email.toLowerCase())
    throw badRequest('Some fields need attention.', {
      email: "Use your child's own e-mail address, not yours",
    });
  const { firstName, lastName, username } = body;
  // A password nobody knows: verification removes it and the child chooses their own (accounts.service.ts).
  const password = randomBytes(24).toString('base64url');
  const result = await signUp(app, 'learners', { firstName, lastName, email, username, password });
  const [created] = await app.db
    .select()
    .from(user)
    .where(
      and(
        eq(sql`lower(${user.username})`, username.toLowerCase()),
        eq(user.email, email),
        gte(user.createdAt, new Date(now.getTime() - 1000)),
      ),
    );
  if (!created || (await repo.findConsent(app.db, created.id)))
    throw conflict('conflict', 'This account could not be created. Please check the details.');
  await app.db.transaction(async (tx) => {
    await repo.insertConsent(tx, {
      learnerId: created.id,
      birthYear: body.birthYear,
      birthMonth: body.birthMonth,
      status: 'granted',
      parentId: parent.id,
      noticeVersion: body.noticeVersion,
      method: 'parent_created',
      grantedAt: now,
    });
    await repo.verifyParentLink(tx, parent.id, created.id, now);
    await recordEvent(tx, created.id, parent, 'consent_given', now);
  });
  app.log.info({ learnerId: created.id, parentId: parent.id }, 'child account created with consent');
  return {
    learnerId: created.id,
    username: usernameOf(created),
    email,
    verificationSent: result.verificationSent,
  };
}

/** The consents a parent gave. */
export async function consentsGiven(app: FastifyInstance, parentId: string): Promise<ConsentRecord[]> {
  return (await repo.consentsGivenBy(app.db, parentId)).map(({ consent, learner }) =>
    presentRecord(consent, learner),
  );
}

/** Checks an account's password again before something that cannot be undone (403 when it is wrong). */
export async function checkPassword(
  app: FastifyInstance,
  accountId: string,
  password: string,
): Promise<void> {
  const [credential] = await app.db
    .select({ hash: account.password })
    .from(account)
    .where(and(eq(account.userId, accountId), eq(account.providerId, 'credential')));
  const context = await app.auth.$context;
  const isRight = credential?.hash
    ? await context.password.verify({ hash: credential.hash, password })
    : false;
  if (!isRight)
    throw new AppError(403, 'invalid_credentials', 'That password is not right.', {
      password: 'That password is not right',
    });
}

/**
 * The consenting parent withdraws (password typed again). Processing stops at once: every link, class place and
 * session of the child ends in one transaction, so nobody sees or uses the account from the next request on. The
 * data is kept WITHDRAWAL_EXPORT_DAYS for the parent to download, then the job deletes it.
 */
export async function withdraw(
  app: FastifyInstance,
  parent: Me,
  learnerId: string,
  password: string,
  now = new Date(),
): Promise<ConsentRecord> {
  const row = await assertConsentingParent(app, parent.id, learnerId);
  await checkPassword(app, parent.id, password);
  const learner = await findUser(app, learnerId);
  if (!learner) throw notFound('learner');
  if (row.status === 'withdrawn') return presentRecord(row, learner);
  const deleteAfter = new Date(now.getTime() + WITHDRAWAL_EXPORT_DAYS * DAY_MS);
  const withdrawn = await app.db.transaction(async (tx) => {
    const updated = await repo.updateConsent(tx, learnerId, 'granted', {
      status: 'withdrawn',
      withdrawnAt: now,
      expiresAt: deleteAfter,
      tokenHash: null,
    });
    if (!updated) return undefined;
    await repo.cutOffLearner(tx, learnerId);
    await recordEvent(tx, learnerId, parent, 'consent_withdrawn', now);
    await recordEvent(tx, learnerId, parent, 'deletion_requested', now);
    return updated;
  });
  if (!withdrawn) throw conflict('conflict', 'Consent has already been withdrawn.');
  await app.mailer.send(
    withdrawalMail(
      parent.email,
      { firstName: learner.firstName, username: usernameOf(learner) },
      deleteAfter,
    ),
  );
  app.log.info({ learnerId, parentId: parent.id }, 'parental consent withdrawn');
  return presentRecord(withdrawn, learner);
}
