import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, renderApp } from '#src/testing/render-app.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const learner = {
  id: 'l1',
  role: 'learners',
  email: 'asha@example.com',
  username: 'asha',
  firstName: 'Asha',
  lastName: 'Verma',
  emailVerified: true,
};
const teacher = { firstName: 'Ravi', lastName: 'Pillai', username: 'ravi_p' };
const LINK_ID = '0b8f5b9e-6a53-4c1c-9a55-0f3f7d1f2a11';
const BLOCK_ID = '5e3c1d2a-8b7f-4f7e-9c1b-2a3d4e5f6a7b';

describe('the learner’s teachers page', () => {
  it('blocks the adult of a pending request, lists them as blocked, and unblocks them', async () => {
    let isBlocked = false;
    const { calls } = fakeServer((url, init) => {
      const method = init?.method ?? 'GET';
      if (url.endsWith('/api/session')) return { status: 200, body: { account: learner } };
      if (url.endsWith('/api/me/link-requests'))
        return {
          status: 200,
          body: isBlocked
            ? []
            : [
                {
                  id: LINK_ID,
                  kind: 'instructor',
                  status: 'unverified',
                  guardian: teacher,
                  requestedAt: '2026-01-01T00:00:00.000Z',
                },
              ],
        };
      if (url.endsWith(`/api/me/link-requests/${LINK_ID}/block`) && method === 'POST') {
        isBlocked = true;
        return { status: 200, body: { ok: true } };
      }
      if (url.endsWith('/api/me/blocked-guardians'))
        return {
          status: 200,
          body: isBlocked
            ? [{ id: BLOCK_ID, kind: 'instructor', guardian: teacher, blockedAt: '2026-01-02T00:00:00.000Z' }]
            : [],
        };
      if (url.endsWith(`/api/me/blocked-guardians/${BLOCK_ID}`) && method === 'DELETE') {
        isBlocked = false;
        return { status: 200, body: { ok: true } };
      }
      if (url.endsWith('/api/me/channels')) return { status: 200, body: [] };
      return undefined;
    });
    const user = userEvent.setup();
    renderApp('/teachers');
    // The page loads lazily: the first render of a test file waits for its chunk.
    expect(
      await screen.findByText(/Ravi Pillai \(teacher, @ravi_p\)/, {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Blocked' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Block Ravi Pillai' }));
    const blocked = await screen.findByRole('region', { name: 'Blocked' });
    expect(within(blocked).getByText(/Ravi Pillai \(teacher, @ravi_p\)/)).toBeInTheDocument();
    expect(within(blocked).getByText(/They are not told that you blocked them\./)).toBeInTheDocument();
    expect(await screen.findByText('No requests right now.')).toBeInTheDocument();

    await user.click(within(blocked).getByRole('button', { name: 'Unblock Ravi' }));
    expect(
      calls.some((c) => c.method === 'DELETE' && c.url.endsWith(`/api/me/blocked-guardians/${BLOCK_ID}`)),
    ).toBe(true);
    await vi.waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'Blocked' })).not.toBeInTheDocument(),
    );
  }, 30_000);

  it('says why the parent who gave consent cannot be removed', async () => {
    const parent = { firstName: 'Kavita', lastName: 'Sen', username: 'kavita_s' };
    const detail = 'Your parent gave consent for your account, so they stay on this list.';
    fakeServer((url, init) => {
      const method = init?.method ?? 'GET';
      if (url.endsWith('/api/session')) return { status: 200, body: { account: learner } };
      if (url.endsWith('/api/me/link-requests'))
        return {
          status: 200,
          body: [
            {
              id: LINK_ID,
              kind: 'parent',
              status: 'verified',
              guardian: parent,
              requestedAt: '2026-01-01T00:00:00.000Z',
            },
          ],
        };
      if (url.endsWith(`/api/me/links/${LINK_ID}`) && method === 'DELETE')
        return {
          status: 409,
          body: { type: 'about:blank', title: 'Conflict', status: 409, code: 'conflict', detail },
        };
      if (url.endsWith('/api/me/blocked-guardians')) return { status: 200, body: [] };
      if (url.endsWith('/api/me/channels')) return { status: 200, body: [] };
      return undefined;
    });
    const user = userEvent.setup();
    renderApp('/teachers');
    await user.click(await screen.findByRole('button', { name: 'Remove Kavita' }, { timeout: 10_000 }));
    expect(await screen.findByRole('alert')).toHaveTextContent(detail);
  }, 30_000);
});
