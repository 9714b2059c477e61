import {
  type BlockedGuardian,
  type CreateLinkBody,
  type GuardianLearner,
  type LearnerProgress,
  type LinkRequest,
  type Me,
} from '@vidya/contracts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { classMember, classroom, guardianBlock, guardianLink, user } from '#src/db/schema/index.ts';
import { badRequest, conflict, forbidden, notFound } from '#src/errors.ts';
import { recordEvent, recordEventBy, type Actor } from '../access/index.ts';
import { consentingParentId, mayBeLinked } from '../consent/index.ts';
import { learnerProgress } from '../progress/index.ts';
import { ownClass } from './guardians.classes.ts';
import { canDecide, exposesLearner, linkKindOf } from './guardians.policy.ts';
import { presentRequest } from './guardians.presenter.ts';

type LinkRow = typeof guardianLink.$inferSelect;

async function findLearnerByUsername(app: FastifyInstance, username: string) {
  const [row] = await app.db
    .select()
    .from(user)
    .where(and(eq(sql`lower(${user.username})`, username.toLowerCase()), eq(user.role, 'learners')));
  return row;
}

async function presentGuardianLearner(app: FastifyInstance, link: LinkRow): Promise<GuardianLearner> {
  const [learner] = await app.db.select().from(user).where(eq(user.id, link.learnerId));
  return {
    linkId: link.id,
    status: link.status as GuardianLearner['status'],
    username: learner?.displayUsername ?? learner?.username ?? '',
    requestedAt: link.createdAt.toISOString(),
    // Privacy: name, e-mail and progress only through a verified link.
    ...(learner && exposesLearner(link)
      ? {
          learner: {
            id: learner.id,
            firstName: learner.firstName,
            lastName: learner.lastName,
            email: learner.email,
          },
        }
      : {}),
  };
}

/**
 * A teacher or parent asks a learner, by username, to link. The request is recorded (unverified) only when the
 * username is a learner's who has not blocked this guardian and has no link with them yet; the caller learns none
 * of this, so usernames of children cannot be probed (issue 20).
 */
export async function requestLink(app: FastifyInstance, guardian: Me, body: CreateLinkBody): Promise<void> {
  const kind = linkKindOf(guardian.role);
  if (!kind) throw forbidden();
  if (kind === 'parent' && body.confirmed !== true) {
    throw badRequest('Please confirm that you are this child’s parent or legal guardian.', {
      confirmed: 'Please tick the confirmation',
    });
  }
  if (body.classId) await ownClass(app, guardian.id, body.classId);
  const learner = await findLearnerByUsername(app, body.username);
  // A child waiting for a parent's consent cannot be linked: answered like any other request.
  if (!learner || !(await mayBeLinked(app, learner.id))) return;
  const [blocked] = await app.db
    .select({ id: guardianBlock.id })
    .from(guardianBlock)
    .where(and(eq(guardianBlock.learnerId, learner.id), eq(guardianBlock.guardianId, guardian.id)));
  if (blocked) return;
  // An existing link (pending, verified or declined) stays as it is: a declined request is not asked again.
  const [created] = await app.db
    .insert(guardianLink)
    .values({
      guardianId: guardian.id,
      learnerId: learner.id,
      kind,
      status: 'unverified',
      classId: body.classId ?? null,
    })
    .onConflictDoNothing()
    .returning();
  if (created) await recordEvent(app.db, learner.id, guardian, 'link_requested');
}

/** The guardian's learners who accepted, oldest first; pending and declined requests stay the learner's to see. */
export async function guardianLearners(app: FastifyInstance, guardianId: string): Promise<GuardianLearner[]> {
  const links = await app.db
    .select()
    .from(guardianLink)
    .where(and(eq(guardianLink.guardianId, guardianId), eq(guardianLink.status, 'verified')))
    .orderBy(asc(guardianLink.createdAt));
  return Promise.all(links.map((link) => presentGuardianLearner(app, link)));
}

/** Ends a link and the class memberships it carried, in one transaction. */
async function deleteLink(app: FastifyInstance, link: LinkRow): Promise<void> {
  await app.db.transaction(async (tx) => {
    const classes = tx
      .select({ id: classroom.id })
      .from(classroom)
      .where(eq(classroom.instructorId, link.guardianId));
    await tx
      .delete(classMember)
      .where(and(eq(classMember.learnerId, link.learnerId), inArray(classMember.classId, classes)));
    await tx.delete(guardianLink).where(eq(guardianLink.id, link.id));
  });
}

/** The guardian removes one of their links. */
export async function removeLinkAsGuardian(
  app: FastifyInstance,
  guardianId: string,
  linkId: string,
): Promise<void> {
  const [link] = await app.db
    .select()
    .from(guardianLink)
    .where(and(eq(guardianLink.id, linkId), eq(guardianLink.guardianId, guardianId)));
  if (!link) throw notFound('link');
  await deleteLink(app, link);
  await recordEventBy(app, link.learnerId, guardianId, 'link_removed');
}

/** A learner's progress for a guardian with a verified link (403 for everyone else). */
export async function progressForGuardian(
  app: FastifyInstance,
  guardianId: string,
  learnerId: string,
): Promise<LearnerProgress> {
  const [link] = await app.db
    .select()
    .from(guardianLink)
    .where(and(eq(guardianLink.guardianId, guardianId), eq(guardianLink.learnerId, learnerId)));
  if (!exposesLearner(link))
    throw forbidden('You can see a learner’s progress only after they accept your request.');
  return learnerProgress(app, learnerId);
}

/** The learner's pending requests and verified links (declined ones are hidden). */
export async function learnerRequests(app: FastifyInstance, learnerId: string): Promise<LinkRequest[]> {
  const links = await app.db
    .select()
    .from(guardianLink)
    .where(
      and(eq(guardianLink.learnerId, learnerId), inArray(guardianLink.status, ['unverified', 'verified'])),
    )
    .orderBy(asc(guardianLink.createdAt));
  return Promise.all(links.map((link) => presentRequest(app, link)));
}

async function ownLink(app: FastifyInstance, learnerId: string, linkId: string): Promise<LinkRow> {
  const [link] = await app.db
    .select()
    .from(guardianLink)
    .where(and(eq(guardianLink.id, linkId), eq(guardianLink.learnerId, learnerId)));
  if (!link) throw notFound('request');
  return link;
}

/** The learner accepts (verified) or declines a pending request; accepting joins the class it named. */
export async function decide(
  app: FastifyInstance,
  learnerId: string,
  linkId: string,
  accept: boolean,
): Promise<LinkRequest> {
  const link = await ownLink(app, learnerId, linkId);
  if (!canDecide(link)) throw conflict('conflict', 'This request has already been answered.');
  const decided = await app.db.transaction(async (tx) => {
    const [row] = await tx
      .update(guardianLink)
      .set({ status: accept ? 'verified' : 'declined', decidedAt: new Date() })
      .where(and(eq(guardianLink.id, linkId), eq(guardianLink.status, 'unverified')))
      .returning();
    if (accept && row?.classId) {
      await tx.insert(classMember).values({ classId: row.classId, learnerId }).onConflictDoNothing();
    }
    return row;
  });
  if (!decided) throw conflict('conflict', 'This request has already been answered.');
  await recordEventBy(app, learnerId, learnerId, accept ? 'link_accepted' : 'link_declined');
  return presentRequest(app, decided);
}

/**
 * The learner (or, as `actor`, their consenting parent) removes a link, pending or verified; the guardian loses
 * access at once. The consenting parent's own link stays while consent stands: consent is withdrawn instead.
 */
export async function removeLinkAsLearner(
  app: FastifyInstance,
  learnerId: string,
  linkId: string,
  actor?: Actor,
): Promise<void> {
  const link = await ownLink(app, learnerId, linkId);
  if (link.guardianId === (await consentingParentId(app, learnerId)))
    throw conflict('conflict', 'Your parent gave consent for your account, so they stay on this list.');
  await deleteLink(app, link);
  if (actor) await recordEvent(app.db, learnerId, actor, 'link_removed');
  else await recordEventBy(app, learnerId, learnerId, 'link_removed');
}

/**
 * The learner blocks the link's teacher or parent: the link ends and their later requests never arrive. The parent
 * who gave consent stays, as with removing: consent is withdrawn instead.
 */
export async function blockGuardian(app: FastifyInstance, learnerId: string, linkId: string): Promise<void> {
  const link = await ownLink(app, learnerId, linkId);
  if (link.guardianId === (await consentingParentId(app, learnerId)))
    throw conflict('conflict', 'Your parent gave consent for your account, so they stay on this list.');
  await app.db
    .insert(guardianBlock)
    .values({ learnerId, guardianId: link.guardianId })
    .onConflictDoNothing();
  await deleteLink(app, link);
  await recordEventBy(app, learnerId, learnerId, 'guardian_blocked');
}

/** The teachers and parents the learner blocked, oldest first. */
export async function blockedGuardians(app: FastifyInstance, learnerId: string): Promise<BlockedGuardian[]> {
  const rows = await app.db
    .select({ block: guardianBlock, guardian: user })
    .from(guardianBlock)
    .innerJoin(user, eq(user.id, guardianBlock.guardianId))
    .where(eq(guardianBlock.learnerId, learnerId))
    .orderBy(asc(guardianBlock.createdAt));
  return rows.map(({ block, guardian }) => ({
    id: block.id,
    kind: guardian.role === 'instructors' ? 'instructor' : 'parent',
    guardian: {
      firstName: guardian.firstName,
      lastName: guardian.lastName,
      username: guardian.displayUsername ?? guardian.username ?? '',
    },
    blockedAt: block.createdAt.toISOString(),
  }));
}

/** The learner unblocks a teacher or parent; their new requests reach the learner again. */
export async function unblockGuardian(
  app: FastifyInstance,
  learnerId: string,
  blockId: string,
): Promise<void> {
  const removed = await app.db
    .delete(guardianBlock)
    .where(and(eq(guardianBlock.id, blockId), eq(guardianBlock.learnerId, learnerId)))
    .returning({ id: guardianBlock.id });
  if (removed.length === 0) throw notFound('blocked account');
  await recordEventBy(app, learnerId, learnerId, 'guardian_unblocked');
}
