import { describe, expect, it } from 'vitest';
import {
  consentedChild,
  createAccount,
  joinedClass,
  requestLink,
  verifiedLink,
} from '#src/security/fixtures.ts';
import { app, useTestApp } from '#src/testing/test-server.ts';

useTestApp();

interface Overview {
  adults: {
    linkId: string;
    kind: string;
    name: string;
    isConsentingParent: boolean;
    canRemove: boolean;
    canSee: string[];
    className: string | null;
  }[];
  pending: { id: string }[];
  events: { kind: string; actor: { role: string; name: string } }[];
}

async function scene() {
  const parent = await createAccount(app, 'parents');
  const child = await consentedChild(app, parent);
  const teacher = await createAccount(app, 'instructors');
  await joinedClass(teacher, child);
  const asking = await createAccount(app, 'instructors');
  const pendingId = await requestLink(asking, child);
  return { parent, child, teacher, asking, pendingId };
}

const nameOf = (a: { person: { firstName: string; lastName: string } }) =>
  `${a.person.firstName} ${a.person.lastName}`;

describe('who can see my learning', () => {
  it('shows the learner every adult who can see their data, what and since when, with pending requests and the log', async () => {
    const { parent, child, teacher, asking, pendingId } = await scene();
    const response = await child.client.get('/api/me/access');
    expect(response.statusCode).toBe(200);
    const view = response.json<Overview>();
    expect(view.adults).toEqual([
      expect.objectContaining({
        kind: 'parent',
        name: nameOf(parent),
        isConsentingParent: true,
        canRemove: false,
      }),
      expect.objectContaining({
        kind: 'instructor',
        name: nameOf(teacher),
        className: 'Grade 5 A',
        canRemove: true,
      }),
    ]);
    expect(view.adults[0]!.canSee).toContain('Conversations with the tutor');
    expect(view.adults[1]!.canSee).not.toContain('Conversations with the tutor');
    expect(view.pending.map((p) => p.id)).toEqual([pendingId]);
    expect(view.events.map((e) => [e.kind, e.actor.name])).toEqual([
      ['link_requested', nameOf(asking)],
      ['class_joined', nameOf(child)],
      ['consent_given', nameOf(parent)],
      ['consent_requested', nameOf(child)],
    ]);
  });

  it('gives the consenting parent the same view, and nobody else', async () => {
    const { parent, child, teacher } = await scene();
    const url = `/api/guardian/learners/${child.id}/access`;
    const seen = await parent.client.get(url);
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toEqual((await child.client.get('/api/me/access')).json());
    const byUsername = await createAccount(app, 'parents');
    await verifiedLink(byUsername, child);
    for (const other of [byUsername, teacher]) expect((await other.client.get(url)).statusCode).toBe(403);
  });

  it('removes an adult effective on their next request; the consenting parent stays', async () => {
    const { parent, child, teacher } = await scene();
    const view = (await child.client.get('/api/me/access')).json<Overview>();
    const progress = `/api/guardian/learners/${child.id}/progress`;
    expect((await teacher.client.get(progress)).statusCode).toBe(200);
    const teacherLink = view.adults.find((a) => a.kind === 'instructor')!.linkId;
    expect((await child.client.delete(`/api/me/links/${teacherLink}`)).statusCode).toBe(200);
    expect((await teacher.client.get(progress)).statusCode).toBe(403);
    const parentLink = view.adults.find((a) => a.isConsentingParent)!.linkId;
    expect((await child.client.delete(`/api/me/links/${parentLink}`)).statusCode).toBe(409);
    expect((await parent.client.get(progress)).statusCode).toBe(200);
    const log = (await child.client.get('/api/me/access')).json<Overview>().events;
    expect(log[0]).toMatchObject({ kind: 'link_removed', actor: { role: 'learner' } });
  });

  it('lets the consenting parent remove a teacher, logged with the parent as the actor', async () => {
    const { parent, child, teacher } = await scene();
    const view = (await parent.client.get(`/api/guardian/learners/${child.id}/access`)).json<Overview>();
    const teacherLink = view.adults.find((a) => a.kind === 'instructor')!.linkId;
    const parentLink = view.adults.find((a) => a.isConsentingParent)!.linkId;
    const base = `/api/guardian/learners/${child.id}/links`;
    expect((await teacher.client.delete(`${base}/${teacherLink}`)).statusCode).toBe(403);
    expect((await parent.client.delete(`${base}/${parentLink}`)).statusCode).toBe(409);
    expect((await parent.client.delete(`${base}/${teacherLink}`)).statusCode).toBe(200);
    expect((await teacher.client.get(`/api/guardian/learners/${child.id}/progress`)).statusCode).toBe(403);
    const log = (await child.client.get('/api/me/access')).json<Overview>().events;
    expect(log[0]).toMatchObject({ kind: 'link_removed', actor: { role: 'parent', name: nameOf(parent) } });
  });

  it('blocks a teacher, logged as the learner blocking and unblocking; the consenting parent cannot be blocked', async () => {
    const { parent, child, asking, pendingId } = await scene();
    const parentLink = (await child.client.get('/api/me/access'))
      .json<Overview>()
      .adults.find((a) => a.isConsentingParent)!.linkId;
    expect((await child.client.post(`/api/me/link-requests/${parentLink}/block`)).statusCode).toBe(409);
    expect((await parent.client.get(`/api/guardian/learners/${child.id}/progress`)).statusCode).toBe(200);
    expect((await child.client.get('/api/me/blocked-guardians')).json()).toEqual([]);

    expect((await child.client.post(`/api/me/link-requests/${pendingId}/block`)).statusCode).toBe(200);
    const [block] = (await child.client.get('/api/me/blocked-guardians')).json<{ id: string }[]>();
    expect((await child.client.delete(`/api/me/blocked-guardians/${block!.id}`)).statusCode).toBe(200);
    const events = (await child.client.get('/api/me/access')).json<Overview>().events;
    expect(events.slice(0, 2).map((e) => [e.kind, e.actor.role])).toEqual([
      ['guardian_unblocked', 'learner'],
      ['guardian_blocked', 'learner'],
    ]);
    expect((await asking.client.get('/api/guardian/learners')).json()).toEqual([]);
  });

  it('logs exports, accepted and declined requests', async () => {
    const { parent, child, pendingId } = await scene();
    await child.client.post(`/api/me/link-requests/${pendingId}/decline`);
    const other = await createAccount(app, 'instructors');
    await verifiedLink(other, child);
    await child.client.get('/api/me/data-export');
    await parent.client.get(`/api/guardian/learners/${child.id}/data-export`);
    const kinds = (await child.client.get('/api/me/access'))
      .json<Overview>()
      .events.map((e) => [e.kind, e.actor.role]);
    expect(kinds.slice(0, 5)).toEqual([
      ['data_exported', 'parent'],
      ['data_exported', 'learner'],
      ['link_accepted', 'learner'],
      ['link_requested', 'instructor'],
      ['link_declined', 'learner'],
    ]);
  });
});
