// Channels: the education channel URLs a learner saves on /teachers.
import { type Channel } from '@vidya/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { learnerChannel } from '#src/db/schema/index.ts';
import { notFound } from '#src/errors.ts';

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
