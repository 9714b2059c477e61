import { createHash, randomBytes } from 'node:crypto';
import { CONSENT_NOTICE_VERSION, type Role } from '@vidya/contracts';
import { eq, inArray, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  classMember,
  classroom,
  enrolment,
  guardianBlock,
  guardianLink,
  learnerChannel,
  parentalConsent,
  quizSession,
  tutorConversation,
  user,
} from '#src/db/schema/index.ts';
import { as } from '#src/testing/learning.ts';
import { cookieHeader } from '#src/testing/test-app.ts';
import { createAccount, type TestAccount } from './fixtures.ts';

/** Who calls: signed out, the learner whose data it is, and everyone around them. */
export const ACTORS = [
  'signedOut',
  'learner',
  'otherLearner',
  'instructorVerified',
  'instructorUnverified',
  'instructorUnlinked',
  'parentVerified',
  'parentUnverified',
  'parentUnlinked',
] as const;
export type Actor = (typeof ACTORS)[number];
type SignedIn = Exclude<Actor, 'signedOut'>;

const ROLE_OF: Record<SignedIn, Role> = {
  learner: 'learners',
  otherLearner: 'learners',
  instructorVerified: 'instructors',
  instructorUnverified: 'instructors',
  instructorUnlinked: 'instructors',
  parentVerified: 'parents',
  parentUnverified: 'parents',
  parentUnlinked: 'parents',
};

/**
 * The learner `learner` (a 12-year-old whose parent, `parentVerified`, consented: their link is verified by the
 * consent) and the resources every rule's path points at: their quiz, channel and tutor conversation, the verified
 * teacher's class, and one link per guardian (verified or pending) to the learner.
 */
export interface World {
  accounts: Record<SignedIn, TestAccount>;
  quizId: string;
  itemId: string;
  classId: string;
  joinCode: string;
  channelId: string;
  conversationId: string;
  /** The learner's block of the unlinked parent. */
  blockId: string;
  /** The token of the consent link the parent followed (the request now answered). */
  consentToken: string;
  linkOf: Record<
    'instructorVerified' | 'instructorUnverified' | 'parentVerified' | 'parentUnverified',
    string
  >;
}

async function stillSignedIn(app: FastifyInstance, account: TestAccount): Promise<boolean> {
  const [row] = await app.db.select({ id: user.id }).from(user).where(eq(user.id, account.id));
  if (!row) return false;
  return (await account.client.get('/api/me')).statusCode === 200;
}

async function signInAgain(app: FastifyInstance, account: TestAccount): Promise<TestAccount> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/session',
    payload: { email: account.person.email, password: account.person.password },
  });
  if (response.statusCode !== 200) return account;
  const cookie = cookieHeader(response);
  return { ...account, cookie, client: as(app, cookie) };
}

/** Makes the accounts that are missing (first run, or deleted by a rule) and signs in the signed-out ones. */
async function ensureAccounts(
  app: FastifyInstance,
  previous?: World,
): Promise<Record<SignedIn, TestAccount>> {
  const accounts = {} as Record<SignedIn, TestAccount>;
  for (const actor of Object.keys(ROLE_OF) as SignedIn[]) {
    let account = previous?.accounts[actor];
    if (account && !(await stillSignedIn(app, account))) account = await signInAgain(app, account);
    if (!account || !(await stillSignedIn(app, account))) account = await createAccount(app, ROLE_OF[actor]);
    accounts[actor] = account;
  }
  return accounts;
}

async function ok(what: string, response: { statusCode: number; body: string }) {
  if (response.statusCode >= 300)
    throw new Error(`world: ${what} gave ${response.statusCode} ${response.body}`);
  return JSON.parse(response.body) as Record<string, string>;
}

/**
 * Builds the world afresh (links, classes, quizzes of these accounts are replaced). Links and classes are written
 * directly: their API is rate-limited per account per hour, and the matrix rebuilds the world often.
 */
export async function buildWorld(app: FastifyInstance, previous?: World): Promise<World> {
  const accounts = await ensureAccounts(app, previous);
  const ids = Object.values(accounts).map((a) => a.id);
  const { learner } = accounts;
  await app.db
    .delete(guardianLink)
    .where(or(inArray(guardianLink.learnerId, ids), inArray(guardianLink.guardianId, ids)));
  await app.db
    .delete(guardianBlock)
    .where(or(inArray(guardianBlock.learnerId, ids), inArray(guardianBlock.guardianId, ids)));
  await app.db.delete(classroom).where(inArray(classroom.instructorId, ids));
  await app.db.delete(classMember).where(inArray(classMember.learnerId, ids));
  await app.db.delete(quizSession).where(inArray(quizSession.learnerId, ids));
  await app.db.delete(enrolment).where(inArray(enrolment.learnerId, ids));
  await app.db.delete(learnerChannel).where(inArray(learnerChannel.learnerId, ids));
  await app.db.delete(tutorConversation).where(inArray(tutorConversation.learnerId, ids));

  // The learner is a child whose parent consented by the mailed link (written directly, like the links below).
  const consentToken = randomBytes(32).toString('base64url');
  const consent = {
    birthYear: new Date().getUTCFullYear() - 12,
    birthMonth: 1,
    status: 'granted',
    parentId: accounts.parentVerified.id,
    method: 'email_link',
    noticeVersion: CONSENT_NOTICE_VERSION,
    grantedAt: new Date(),
    tokenHash: createHash('sha256').update(consentToken).digest('hex'),
  };
  await app.db
    .insert(parentalConsent)
    .values({ learnerId: learner.id, ...consent })
    .onConflictDoUpdate({ target: parentalConsent.learnerId, set: consent });

  const joinCode = randomBytes(4).toString('hex').toUpperCase().slice(0, 6);
  const [cls] = await app.db
    .insert(classroom)
    .values({ instructorId: accounts.instructorVerified.id, name: 'Grade 5 A', joinCode })
    .returning();
  await app.db.insert(classMember).values({ classId: cls!.id, learnerId: learner.id });
  const link = async (guardian: SignedIn, verified: boolean) => {
    const [row] = await app.db
      .insert(guardianLink)
      .values({
        guardianId: accounts[guardian].id,
        learnerId: learner.id,
        kind: ROLE_OF[guardian] === 'parents' ? 'parent' : 'instructor',
        status: verified ? 'verified' : 'unverified',
        classId: guardian === 'instructorVerified' ? cls!.id : null,
        decidedAt: verified ? new Date() : null,
      })
      .returning();
    return row!.id;
  };
  const linkOf = {
    instructorVerified: await link('instructorVerified', true),
    instructorUnverified: await link('instructorUnverified', false),
    parentVerified: await link('parentVerified', true),
    parentUnverified: await link('parentUnverified', false),
  };

  const [block] = await app.db
    .insert(guardianBlock)
    .values({ learnerId: learner.id, guardianId: accounts.parentUnlinked.id })
    .returning();

  await ok('enrol', await learner.client.post('/api/me/enrolments', { courses: ['science'] }));
  const quiz = await ok('start', await learner.client.post('/api/quizzes', { course: 'science' }));
  const question = await ok('next', await learner.client.post(`/api/quizzes/${quiz.id}/next`));
  const channel = await ok(
    'channel',
    await learner.client.post('/api/me/channels', { url: 'https://example.com/c' }),
  );
  const [conversation] = await app.db
    .insert(tutorConversation)
    .values({ learnerId: learner.id, title: 'Photosynthesis' })
    .returning();
  return {
    accounts,
    quizId: quiz.id!,
    itemId: question.itemId!,
    classId: cls!.id,
    joinCode,
    channelId: channel.id!,
    conversationId: conversation!.id,
    blockId: block!.id,
    consentToken,
    linkOf,
  };
}
