import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp, signedInAs } from '#src/testing/render-app.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const overview = {
  learner: { id: '1', firstName: 'Meera', username: 'meera_t' },
  consent: 'not_needed',
  adults: [
    {
      linkId: '0b8f5b9e-6a53-4c1c-9a55-0f3f7d1f2a11',
      kind: 'instructor',
      name: 'Ravi Pillai',
      username: 'ravi_p',
      isConsentingParent: false,
      canSee: ['Your progress'],
      since: '2026-01-01T00:00:00.000Z',
      className: null,
      canRemove: true,
    },
  ],
  pending: [],
  events: [],
};

describe('the learner’s “Who can see my learning” page', () => {
  it('says its title once, as the one h1, with a section for each part below it', async () => {
    signedInAs('learners', (url) =>
      url.endsWith('/api/me/access') ? { status: 200, body: overview } : undefined,
    );
    renderApp('/learner/who-can-see');
    // The page loads lazily: the first render of a test file waits for its chunk.
    const adults = await screen.findByRole(
      'region',
      { name: 'Grown-ups who can see it' },
      { timeout: 10_000 },
    );
    expect(within(adults).getByRole('heading', { level: 3, name: 'Ravi Pillai' })).toBeInTheDocument();
    // The page's own headings (the footer has headings of its own).
    const page = within(screen.getByRole('main'));
    const headings = (level: number) => page.getAllByRole('heading', { level }).map((h) => h.textContent);
    expect(headings(1)).toEqual(['Who can see my learning']);
    expect(headings(2)).toEqual(['Grown-ups who can see it', 'Requests waiting for you', 'What happened']);
  }, 30_000);
});
