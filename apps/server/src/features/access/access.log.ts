import type { AccessEventKind, Me } from '@vidya/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '#src/db/client.ts';
import * as repo from './access.repository.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Who did something: a signed-in account, or Vidya itself (a job, the tutor's safety check). */
export type Actor = Pick<Me, 'id' | 'role' | 'firstName' | 'lastName'> | 'system';

const ACTOR_ROLE = { learners: 'learner', instructors: 'instructor', parents: 'parent' } as const;

/** Writes one event of the learner's access log (in the caller's transaction when given). */
export async function recordEvent(
  db: Db | Tx,
  learnerId: string,
  actor: Actor,
  kind: AccessEventKind,
  at?: Date,
): Promise<void> {
  await repo.insertEvent(db, {
    learnerId,
    kind,
    ...(actor === 'system'
      ? { actorId: null, actorRole: 'system', actorName: 'Vidya' }
      : {
          actorId: actor.id,
          actorRole: ACTOR_ROLE[actor.role],
          actorName: `${actor.firstName} ${actor.lastName}`.trim(),
        }),
    ...(at ? { createdAt: at } : {}),
  });
}

/** Records an event for an account known by id only (its name and role read now). */
export async function recordEventBy(
  app: FastifyInstance,
  learnerId: string,
  actorId: string,
  kind: AccessEventKind,
): Promise<void> {
  const actor = await repo.findUser(app.db, actorId);
  if (!actor) return;
  await recordEvent(app.db, learnerId, { ...actor, role: actor.role as Me['role'] }, kind);
}
