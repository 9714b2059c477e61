import type { LinkRequest } from '@vidya/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { classroom, type guardianLink, user } from '#src/db/schema/index.ts';

type LinkRow = typeof guardianLink.$inferSelect;

/** A link request as the learner sees it: who asks, for which class. */
export async function presentRequest(app: FastifyInstance, link: LinkRow): Promise<LinkRequest> {
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
