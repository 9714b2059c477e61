import type { AccessAdult, AccessEvent, AccessEventKind, AccessOverview, Me } from '@vidya/contracts';
import type { FastifyInstance } from 'fastify';
import { conflict, notFound } from '#src/errors.ts';
import { assertConsentingParent, consentStatusOf, consentingParentId } from '../consent/index.ts';
import { learnerRequests, removeLinkAsLearner } from '../guardians/index.ts';
import * as repo from './access.repository.ts';

const EVENTS_SHOWN = 200;

const presentEvent = (row: repo.AccessEventRow): AccessEvent => ({
  id: row.id,
  kind: row.kind as AccessEventKind,
  actor: { role: row.actorRole as AccessEvent['actor']['role'], name: row.actorName },
  at: row.createdAt.toISOString(),
});

/** What each kind of adult can see, in words a child understands (the same list for the learner and the parent). */
function canSee(kind: 'instructor' | 'parent', isConsenting: boolean): string[] {
  const common = ['Name and e-mail address', 'Progress and mastery in every course'];
  if (kind === 'instructor') return [...common, 'A tutor message that sounded worrying, for a class member'];
  if (!isConsenting) return common;
  return [
    ...common,
    'Conversations with the tutor',
    'A tutor message that sounded worrying',
    'All the data, to download or delete',
  ];
}

/**
 * Everyone who can see the learner's data, what they see and since when, plus the access log. `viewer` is the learner
 * or the consenting parent; neither may remove the consenting parent (consent is withdrawn instead).
 */
async function overview(
  app: FastifyInstance,
  learnerId: string,
  consentingParentId: string | null,
  consent: AccessOverview['consent'],
  pending: AccessOverview['pending'],
): Promise<AccessOverview> {
  const learner = await repo.findUser(app.db, learnerId);
  const links = await repo.verifiedLinksOf(app.db, learnerId);
  const adults: AccessAdult[] = links.map(({ link, guardian, className }) => {
    const kind = link.kind === 'parent' ? 'parent' : 'instructor';
    const isConsentingParent = kind === 'parent' && link.guardianId === consentingParentId;
    return {
      linkId: link.id,
      kind,
      name: `${guardian.firstName} ${guardian.lastName}`.trim(),
      username: guardian.displayUsername ?? guardian.username ?? '',
      isConsentingParent,
      canSee: canSee(kind, isConsentingParent),
      since: (link.decidedAt ?? link.createdAt).toISOString(),
      className: className ?? null,
      canRemove: !isConsentingParent,
    };
  });
  return {
    learner: {
      id: learnerId,
      firstName: learner?.firstName ?? '',
      username: learner?.displayUsername ?? learner?.username ?? '',
    },
    consent,
    adults,
    pending,
    events: (await repo.eventsOf(app.db, learnerId, EVENTS_SHOWN)).map(presentEvent),
  };
}

/** The learner's own page: everyone who can see their data, pending requests, and the log. */
export async function learnerOverview(app: FastifyInstance, learnerId: string): Promise<AccessOverview> {
  const [consent, parentId, requests] = await Promise.all([
    consentStatusOf(app, learnerId),
    consentingParentId(app, learnerId),
    learnerRequests(app, learnerId),
  ]);
  return overview(
    app,
    learnerId,
    parentId,
    consent,
    requests.filter((r) => r.status === 'unverified'),
  );
}

/** The same page for the parent who consented (403 for anyone else). */
export async function parentOverview(
  app: FastifyInstance,
  parentId: string,
  learnerId: string,
): Promise<AccessOverview> {
  await assertConsentingParent(app, parentId, learnerId);
  return learnerOverview(app, learnerId);
}

/** The consenting parent removes another adult's access to their child; it ends on the adult's next request. */
export async function removeForChild(
  app: FastifyInstance,
  parent: Me,
  learnerId: string,
  linkId: string,
): Promise<void> {
  const consent = await assertConsentingParent(app, parent.id, learnerId);
  const link = await repo.findLink(app.db, learnerId, linkId);
  if (!link) throw notFound('link');
  if (link.guardianId === consent.parentId)
    throw conflict('conflict', 'You gave consent for this child: withdraw consent instead.');
  await removeLinkAsLearner(app, learnerId, linkId, parent);
}
