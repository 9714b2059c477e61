import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LINK_REQUEST_SENT } from '@vidya/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { problem, renderApp, signedInAs } from '#src/testing/render-app.tsx';

// Each test renders a whole page, whose route loads lazily: slow on a shared machine.
const PAGE_TEST = { timeout: 20_000 };

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("the parent's Connect with your kids dialog", PAGE_TEST, () => {
  it('asks for the username and the confirmation before sending, then sends them', async () => {
    const { calls } = signedInAs('parents', (url, method) =>
      method === 'POST' && url.endsWith('/api/guardian/links')
        ? {
            status: 201,
            body: {
              linkId: '00000000-0000-4000-8000-000000000001',
              status: 'unverified',
              username: 'ishaan',
              requestedAt: '2026-01-05T10:00:00.000Z',
            },
          }
        : undefined,
    );
    const user = userEvent.setup();
    renderApp('/parent');
    await user.click(await screen.findByRole('button', { name: 'Add a child' }, { timeout: 5000 }));
    const dialog = screen.getByRole('dialog', { name: 'Connect with your kids' });
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await within(dialog).findByText("*Child's username is required")).toBeInTheDocument();
    expect(within(dialog).getByText('Please tick the confirmation to continue.')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText("Child's username"), '  ishaan ');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await within(dialog).findByText('Please tick the confirmation to continue.')).toBeInTheDocument();
    expect(within(dialog).queryByText("*Child's username is required")).not.toBeInTheDocument();
    expect(calls.some((c) => c.url.endsWith('/api/guardian/links'))).toBe(false);

    await user.click(
      within(dialog).getByRole('checkbox', {
        name: "I confirm that I am this child's parent or legal guardian.",
      }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await within(dialog).findByText(LINK_REQUEST_SENT)).toBeInTheDocument();
    expect(calls.find((c) => c.url.endsWith('/api/guardian/links'))?.body).toEqual({
      username: 'ishaan',
      confirmed: true,
    });
    expect(within(dialog).getByLabelText("Child's username")).toHaveValue('');
  });

  it("shows the server's refusal", async () => {
    signedInAs('parents', (url, method) =>
      method === 'POST' && url.endsWith('/api/guardian/links')
        ? problem(404, 'not_found', 'No learner with that username')
        : undefined,
    );
    const user = userEvent.setup();
    renderApp('/parent');
    await user.click(await screen.findByRole('button', { name: 'Add a child' }, { timeout: 5000 }));
    const dialog = screen.getByRole('dialog', { name: 'Connect with your kids' });
    await user.type(within(dialog).getByLabelText("Child's username"), 'nobody');
    await user.click(within(dialog).getByRole('checkbox'));
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('No learner with that username');
  });
});

describe("the teacher's dialogs", PAGE_TEST, () => {
  it('Add new class asks for a name, then shows the class code', async () => {
    const { calls } = signedInAs('instructors', (url, method) =>
      method === 'POST' && url.endsWith('/api/classes')
        ? {
            status: 201,
            body: {
              id: '00000000-0000-4000-8000-000000000002',
              name: 'Class 6B',
              joinCode: 'K7Q2MX',
              students: 0,
              createdAt: '2026-01-05T10:00:00.000Z',
            },
          }
        : undefined,
    );
    const user = userEvent.setup();
    renderApp('/instructor');
    await user.click(await screen.findByRole('button', { name: 'Add new class' }, { timeout: 5000 }));
    const dialog = screen.getByRole('dialog', { name: 'How would you like to add your students?' });
    await user.click(within(dialog).getByRole('button', { name: 'Create class' }));
    expect(await within(dialog).findByText('*Class name is required')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Class name'), ' Class 6B ');
    await user.click(within(dialog).getByRole('button', { name: 'Create class' }));
    expect(await within(dialog).findByText('K7Q2MX')).toBeInTheDocument();
    expect(calls.find((c) => c.url.endsWith('/api/classes') && c.method === 'POST')?.body).toEqual({
      name: 'Class 6B',
    });
  });

  it('Connect with your Students asks for the Student Name and sends no confirmation', async () => {
    const classId = '00000000-0000-4000-8000-000000000004';
    const { calls } = signedInAs('instructors', (url, method) => {
      if (method === 'GET' && url.endsWith('/api/classes'))
        return {
          status: 200,
          body: [
            {
              id: classId,
              name: 'Class 6B',
              joinCode: 'K7Q2MX',
              students: 0,
              createdAt: '2026-01-05T10:00:00.000Z',
            },
          ],
        };
      if (method === 'POST' && url.endsWith('/api/guardian/links'))
        return {
          status: 201,
          body: {
            linkId: '00000000-0000-4000-8000-000000000003',
            status: 'unverified',
            username: 'ravi',
            requestedAt: '2026-01-05T10:00:00.000Z',
          },
        };
      return undefined;
    });
    const user = userEvent.setup();
    renderApp('/instructor');
    await user.click(await screen.findByRole('button', { name: 'Add students' }, { timeout: 5000 }));
    const dialog = screen.getByRole('dialog', { name: 'Connect with your Students' });
    expect(within(dialog).queryByRole('checkbox')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await within(dialog).findByText('*Student Name is required')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Student Name'), 'ravi');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await within(dialog).findByText(LINK_REQUEST_SENT)).toBeInTheDocument();
    await waitFor(() =>
      expect(calls.find((c) => c.url.endsWith('/api/guardian/links'))?.body).toEqual({
        username: 'ravi',
        classId,
      }),
    );
  });
});

describe("the learner's Class Code dialog", PAGE_TEST, () => {
  it('asks for the code, then joins with it in capitals', async () => {
    const { calls } = signedInAs('learners', (url, method) =>
      method === 'POST' && url.endsWith('/api/classes/join')
        ? {
            status: 200,
            body: {
              id: '00000000-0000-4000-8000-000000000005',
              kind: 'instructor',
              status: 'verified',
              guardian: { firstName: 'Meera', lastName: 'Iyer', username: 'meera_t' },
              className: 'Class 6B',
              requestedAt: '2026-01-05T10:00:00.000Z',
            },
          }
        : undefined,
    );
    const user = userEvent.setup();
    renderApp('/teachers');
    await user.click(await screen.findByRole('button', { name: 'Class Code' }, { timeout: 5000 }));
    const dialog = screen.getByRole('dialog', { name: 'Join a class' });
    await user.click(within(dialog).getByRole('button', { name: 'Join' }));
    expect(await within(dialog).findByText('*Class code is required')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Class code'), 'k7q2mx');
    await user.click(within(dialog).getByRole('button', { name: 'Join' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent('You joined Class 6B.');
    expect(calls.find((c) => c.url.endsWith('/api/classes/join'))?.body).toEqual({ code: 'K7Q2MX' });
  });
});
