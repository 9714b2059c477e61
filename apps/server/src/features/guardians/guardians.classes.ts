// Classes: an instructor's classes, join codes and the class view.
import { randomInt } from 'node:crypto';
import { toPercent, type Class, type ClassView, type LinkRequest } from '@vidya/contracts';
import { and, asc, count, eq, gte, inArray, max } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  attempt,
  classMember,
  classroom,
  guardianLink,
  quizSession,
  skill,
  skillState,
  user,
} from '#src/db/schema/index.ts';
import { AppError, notFound } from '#src/errors.ts';
import { recordEventBy } from '../access/index.ts';
import { presentRequest } from './guardians.presenter.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
// No 0/O, 1/I/L: codes are read aloud in classrooms and copied from boards.
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 6;
const HARDEST_SKILLS = 5;

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

export async function ownClass(app: FastifyInstance, instructorId: string, classId: string) {
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
        averageMastery: toPercent(values.reduce((a, b) => a + b, 0) / values.length),
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
            .map((st) => [`${st.courseKey}:${st.skillId}`, toPercent(st.mastery)]),
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
