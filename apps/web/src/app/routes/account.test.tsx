import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp, signedInAs } from '#src/testing/render-app.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

// Each test renders whole pages, whose routes load lazily: slow on a shared machine.
describe('the adult account page', { timeout: 20_000 }, () => {
  it.each([
    ['instructors', '/instructor', '/instructor/account'],
    ['parents', '/parent', '/parent/account'],
  ] as const)(
    'is linked from the top navigation of a signed-in %s and holds their data rights',
    async (role, home, accountPath) => {
      signedInAs(role);
      const user = userEvent.setup();
      const { router } = renderApp(home);
      expect(
        await screen.findByRole('heading', { name: 'Welcome, Meera' }, { timeout: 5000 }),
      ).toBeInTheDocument();
      expect(screen.queryByRole('region', { name: 'Your data' })).not.toBeInTheDocument();

      await user.click(
        within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Account' }),
      );
      await waitFor(() => expect(router.state.location.pathname).toBe(accountPath));
      expect(await screen.findByRole('heading', { level: 1, name: 'Your account' })).toBeInTheDocument();
      // Part of the adult's area: no landing hero, as on the dashboards.
      expect(
        screen.queryByRole('heading', { name: 'Empowering Every Mind, Everywhere' }),
      ).not.toBeInTheDocument();
      expect(screen.getByText('meera@example.com')).toBeInTheDocument();
      const section = screen.getByRole('region', { name: 'Your data' });
      expect(within(section).getByRole('link', { name: 'Download my data' })).toHaveAttribute(
        'href',
        '/api/me/data-export',
      );
      expect(within(section).getByRole('button', { name: 'Delete my account' })).toBeInTheDocument();
    },
  );

  it('is not offered to a learner, whose data rights are on /profile', async () => {
    signedInAs('learners');
    renderApp('/courses');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    await within(nav).findByRole('link', { name: 'Courses' });
    expect(within(nav).queryByRole('link', { name: 'Account' })).not.toBeInTheDocument();
  });

  it('sends a learner who opens a teacher’s account page to their own area', async () => {
    signedInAs('learners');
    const { router } = renderApp('/instructor/account');
    await waitFor(() => expect(router.state.location.pathname).toBe('/courses'));
  });
});
