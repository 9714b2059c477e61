import { randomInt } from 'node:crypto';
import {
  NO_SUCH_LEARNER,
  type Channel,
  type Class,
  type ClassView,
  type CreateLinkBody,
  type GuardianLearner,
  type LearnerProgress,
  type LinkRequest,
  type Me,
} from '@vidya/contracts';
import { and, asc, count, eq, gte, inArray, max, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  attempt,
  classMember,
  classroom,
  guardianLink,
  learnerChannel,
  quizSession,
  skill,
  skillState,
  user,
} from '#src/db/schema/index.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '#src/errors.ts';
import { recordEvent, recordEventBy, type Actor } from '../access/access.log.ts';
import { consentingParentId, mayBeLinked } from '../consent/consent.service.ts';
import { learnerProgress } from '../progress/progress.service.ts';
import { canDecide, exposesLearner, linkKindOf } from './guardians.policy.ts';

type LinkRow = typeof guardianLink.$inferSelect;
const DAY_MS = 24 * 60 * 60 * 1000;
// No 0/O, 1/I/L: codes are read aloud in classrooms and copied from boards.
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 6;
const HARDEST_SKILLS = 5;

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

/** A teacher or parent asks a learner, by username, to link; repeated requests return the existing link. */
export async function requestLink(
  app: FastifyInstance,
  guardian: Me,
  body: CreateLinkBody,
): Promise<GuardianLearner> {
  const kind = linkKindOf(guardian.role);
  if (!kind) throw forbidden();
  if (kind === 'parent' && body.confirmed !== true) {
    throw badRequest('Please confirm that you are this child’s parent or legal guardian.', {
      confirmed: 'Please tick the confirmation',
    });
  }
  if (body.classId) await ownClass(app, guardian.id, body.classId);
  const learner = await findLearnerByUsername(app, body.username);
  // A child waiting for a parent's consent cannot be linked: answered as if there were no such learner.
  if (!learner || !(await mayBeLinked(app, learner.id)))
    throw new AppError(404, 'not_found', NO_SUCH_LEARNER, { username: NO_SUCH_LEARNER });
  const [existing] = await app.db
    .select()
    .from(guardianLink)
    .where(and(eq(guardianLink.guardianId, guardian.id), eq(guardianLink.learnerId, learner.id)));
  if (existing?.status === 'declined') {
    throw conflict('conflict', 'This learner declined your earlier request.', {
      username: 'Request declined',
    });
  }
  if (existing) return presentGuardianLearner(app, existing);
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
  const link =
    created ??
    (
      await app.db
        .select()
        .from(guardianLink)
        .where(and(eq(guardianLink.guardianId, guardian.id), eq(guardianLink.learnerId, learner.id)))
    )[0]!;
  return presentGuardianLearner(app, link);
}

/** The guardian's links, newest first. */
export async function guardianLearners(app: FastifyInstance, guardianId: string): Promise<GuardianLearner[]> {
  const links = await app.db
    .select()
    .from(guardianLink)
    .where(eq(guardianLink.guardianId, guardianId))
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

async function presentRequest(app: FastifyInstance, link: LinkRow): Promise<LinkRequest> {
  const [guardian] = await app.db.select().from(user).where(eq(user.id, link.guardianId));
  const [cls] = link.classId
    ? await app.db.select().from(classroom).where(eq(classroom.id, link.classId))
    : [];
  return {
    id: link.id,
    kind: link.kind as LinkRequest['kind'],
    status: link.status as LinkRequest['status'],
    guardian: {
      firstName: guardian?.firstName ?? '',
      lastName: guardian?.lastName ?? '',
      username: guardian?.displayUsername ?? guardian?.username ?? '',
    },
    ...(cls ? { className: cls.name } : {}),
    requestedAt: link.createdAt.toISOString(),
  };
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

function newJoinCode(): string {
  return Array.from({ length: CODE_LENGTH }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
}

async function presentClass(app: FastifyInstance, row: typeof classroom.$inferSelect): Promise<Class> {
  const [members] = await app.db
    .select({ n: count() })
    .from(classMember)
    .where(eq(classMember.classId, row.id));
  return {
    id: row.id,
    name: row.name,
    joinCode: row.joinCode,
    students: members?.n ?? 0,
    createdAt: row.createdAt.toISOString(),
  };
}

async function ownClass(app: FastifyInstance, instructorId: string, classId: string) {
  const [row] = await app.db
    .select()
    .from(classroom)
    .where(and(eq(classroom.id, classId), eq(classroom.instructorId, instructorId)));
  if (!row) throw notFound('class');
  return row;
}

/** Creates a class with a fresh join code. */
export async function createClass(app: FastifyInstance, instructorId: string, name: string): Promise<Class> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const [row] = await app.db
      .insert(classroom)
      .values({ instructorId, name, joinCode: newJoinCode() })
      .onConflictDoNothing()
      .returning();
    if (row) return presentClass(app, row);
  }
  throw new Error('could not find a free class code');
}

/** The teacher's classes. */
export async function listClasses(app: FastifyInstance, instructorId: string): Promise<Class[]> {
  const rows = await app.db
    .select()
    .from(classroom)
    .where(eq(classroom.instructorId, instructorId))
    .orderBy(asc(classroom.createdAt));
  return Promise.all(rows.map((row) => presentClass(app, row)));
}

/** A learner joins a class by code: the link to its teacher is verified by construction. */
export async function joinClass(app: FastifyInstance, learnerId: string, code: string): Promise<LinkRequest> {
  const [cls] = await app.db.select().from(classroom).where(eq(classroom.joinCode, code));
  if (!cls)
    throw new AppError(404, 'not_found', 'No class with that code. Check it with your teacher.', {
      code: 'Unknown code',
    });
  const link = await app.db.transaction(async (tx) => {
    await tx.insert(classMember).values({ classId: cls.id, learnerId }).onConflictDoNothing();
    const [row] = await tx
      .insert(guardianLink)
      .values({
        guardianId: cls.instructorId,
        learnerId,
        kind: 'instructor',
        status: 'verified',
        classId: cls.id,
        decidedAt: new Date(),
      })
      .onConflictDoUpdate({
        target: [guardianLink.guardianId, guardianLink.learnerId],
        set: { status: 'verified', decidedAt: new Date(), classId: cls.id },
      })
      .returning();
    return row!;
  });
  await recordEventBy(app, learnerId, learnerId, 'class_joined');
  return presentRequest(app, link);
}

/** A class's verified students with mastery per skill, recent activity and the skills the class finds hardest. */
export async function classView(
  app: FastifyInstance,
  instructorId: string,
  classId: string,
  now = new Date(),
): Promise<ClassView> {
  const cls = await ownClass(app, instructorId, classId);
  const students = await app.db
    .select({
      id: user.id,
      firstName: user.firstName,
      lastName: user.lastName,
      username: user.displayUsername,
    })
    .from(classMember)
    .innerJoin(user, eq(user.id, classMember.learnerId))
    .innerJoin(
      guardianLink,
      and(
        eq(guardianLink.learnerId, classMember.learnerId),
        eq(guardianLink.guardianId, instructorId),
        eq(guardianLink.status, 'verified'),
      ),
    )
    .where(eq(classMember.classId, classId))
    .orderBy(asc(user.firstName));
  const ids = students.map((s) => s.id);
  const states = ids.length
    ? await app.db.select().from(skillState).where(inArray(skillState.learnerId, ids))
    : [];
  const lastActive = ids.length
    ? await app.db
        .select({ learnerId: attempt.learnerId, last: max(attempt.createdAt) })
        .from(attempt)
        .where(inArray(attempt.learnerId, ids))
        .groupBy(attempt.learnerId)
    : [];
  const weekly = ids.length
    ? await app.db
        .select({ learnerId: quizSession.learnerId, n: count() })
        .from(quizSession)
        .where(
          and(
            inArray(quizSession.learnerId, ids),
            gte(quizSession.finishedAt, new Date(now.getTime() - 7 * DAY_MS)),
          ),
        )
        .groupBy(quizSession.learnerId)
    : [];
  const practisedKeys = [...new Set(states.map((s) => `${s.courseKey}:${s.skillId}`))];
  const skillRows = practisedKeys.length
    ? await app.db.select().from(skill).orderBy(asc(skill.courseKey), asc(skill.sortOrder))
    : [];
  const skills = skillRows
    .filter((s) => practisedKeys.includes(`${s.courseKey}:${s.id}`))
    .map((s) => ({ key: `${s.courseKey}:${s.id}`, course: s.courseKey, name: s.name }));
  const hardest = skills
    .map((s) => {
      const values = states.filter((st) => `${st.courseKey}:${st.skillId}` === s.key).map((st) => st.mastery);
      return {
        ...s,
        averageMastery: Math.round((values.reduce((a, b) => a + b, 0) / values.length) * 100),
        learners: values.length,
      };
    })
    .sort((a, b) => a.averageMastery - b.averageMastery)
    .slice(0, HARDEST_SKILLS);
  return {
    class: await presentClass(app, cls),
    students: students.map((s) => {
      const last = lastActive.find((l) => l.learnerId === s.id)?.last;
      return {
        id: s.id,
        firstName: s.firstName,
        lastName: s.lastName,
        username: s.username ?? '',
        lastActiveAt: last ? new Date(last).toISOString() : null,
        quizzesThisWeek: weekly.find((w) => w.learnerId === s.id)?.n ?? 0,
        mastery: Object.fromEntries(
          states
            .filter((st) => st.learnerId === s.id)
            .map((st) => [`${st.courseKey}:${st.skillId}`, Math.round(st.mastery * 100)]),
        ),
      };
    }),
    skills,
    hardestSkills: hardest.map((h) => ({
      key: h.key,
      name: h.name,
      course: h.course,
      averageMastery: h.averageMastery,
      learners: h.learners,
    })),
  };
}

const presentChannel = (row: typeof learnerChannel.$inferSelect): Channel => ({
  id: row.id,
  url: row.url,
  createdAt: row.createdAt.toISOString(),
});

export async function listChannels(app: FastifyInstance, learnerId: string): Promise<Channel[]> {
  const rows = await app.db
    .select()
    .from(learnerChannel)
    .where(eq(learnerChannel.learnerId, learnerId))
    .orderBy(asc(learnerChannel.createdAt));
  return rows.map(presentChannel);
}

export async function addChannel(app: FastifyInstance, learnerId: string, url: string): Promise<Channel> {
  const [row] = await app.db
    .insert(learnerChannel)
    .values({ learnerId, url })
    .onConflictDoNothing()
    .returning();
  if (row) return presentChannel(row);
  const [existing] = await app.db
    .select()
    .from(learnerChannel)
    .where(and(eq(learnerChannel.learnerId, learnerId), eq(learnerChannel.url, url)));
  return presentChannel(existing!);
}

export async function removeChannel(
  app: FastifyInstance,
  learnerId: string,
  channelId: string,
): Promise<void> {
  const removed = await app.db
    .delete(learnerChannel)
    .where(and(eq(learnerChannel.id, channelId), eq(learnerChannel.learnerId, learnerId)))
    .returning();
  if (removed.length === 0) throw notFound('channel');
}
