import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, renderApp, testAccount } from '#src/testing/render-app.tsx';

beforeEach(() => {
  vi.spyOn(window, 'alert').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const pia = testAccount('parents', { email: 'p@x.co', username: 'p', firstName: 'Pia', lastName: 'X' });

/** Fills the sign-up form as Ravi Kumar and sends it. */
async function signUpAsRavi(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText('First name'), 'Ravi');
  await user.type(screen.getByLabelText('Last name'), 'Kumar');
  await user.type(screen.getByLabelText('Email'), 'ravi@example.com');
  await user.type(screen.getByLabelText('Username'), 'ravi_k');
  await user.type(screen.getByLabelText('Password'), 'a-good-password');
  await user.click(screen.getByRole('button', { name: 'Sign Up' }));
}

describe('sign-up page', () => {
  it('shows each required message once its field is touched and left empty', async () => {
    fakeServer(() => undefined);
    const user = userEvent.setup();
    renderApp('/learner/signup');
    // The first page of the file loads lazily on a cold transform: allow it more than the default second.
    await user.click(await screen.findByLabelText('First name', {}, { timeout: 5000 }));
    await user.click(screen.getByLabelText('Last name'));
    expect(await screen.findByText('*first name is required')).toBeInTheDocument();
    expect(screen.queryByText('*last name is required')).not.toBeInTheDocument();
    await user.click(screen.getByLabelText('Email'));
    expect(await screen.findByText('*last name is required')).toBeInTheDocument();
  }, 15_000);

  it('marks every field and alerts "Your form is invalid" on an invalid submit', async () => {
    const { calls } = fakeServer(() => undefined);
    const user = userEvent.setup();
    renderApp('/guide/instructor-signup');
    await user.click(await screen.findByRole('button', { name: 'Sign Up' }));
    expect(window.alert).toHaveBeenCalledWith('Your form is invalid');
    for (const text of [
      '*first name is required',
      '*last name is required',
      '*Email is required',
      '*username is required',
      '*password is required',
    ]) {
      expect(await screen.findByText(text)).toBeInTheDocument();
    }
    expect(calls.some((c) => c.url.includes('/api/accounts'))).toBe(false);
  });

  it('sends the form to the page role and goes to /checkemail', async () => {
    const { calls } = fakeServer((url) =>
      url.endsWith('/api/accounts/parents')
        ? { status: 201, body: { email: 'ravi@example.com', verificationSent: true } }
        : undefined,
    );
    const user = userEvent.setup();
    const { router } = renderApp('/guardian/parent-signup');
    await signUpAsRavi(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkemail'));
    expect(calls.find((c) => c.url.endsWith('/api/accounts/parents'))?.body).toEqual({
      firstName: 'Ravi',
      lastName: 'Kumar',
      email: 'ravi@example.com',
      username: 'ravi_k',
      password: 'a-good-password',
    });
  });

  it('asks a learner for a month and year of birth, and a child for a parent’s e-mail', async () => {
    const { calls } = fakeServer((url) =>
      url.endsWith('/api/accounts/learners')
        ? { status: 201, body: { email: 'asha@example.com', verificationSent: true } }
        : undefined,
    );
    const user = userEvent.setup();
    const { router } = renderApp('/learner/signup');
    await user.type(await screen.findByLabelText('First name', {}, { timeout: 5000 }), 'Asha');
    await user.type(screen.getByLabelText('Last name'), 'Rao');
    await user.type(screen.getByLabelText('Email'), 'asha@example.com');
    await user.type(screen.getByLabelText('Username'), 'asha_r');
    await user.type(screen.getByLabelText('Password'), 'a-good-password');
    expect(screen.queryByLabelText("Your parent's e-mail")).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText('*month of birth is required')).toBeInTheDocument();
    expect(screen.getByText('*year of birth is required')).toBeInTheDocument();

    const twelve = String(new Date().getFullYear() - 12);
    await user.selectOptions(screen.getByLabelText('Month'), 'March');
    await user.selectOptions(screen.getByLabelText('Year'), twelve);
    const parent = await screen.findByLabelText("Your parent's e-mail");
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText("*your parent's e-mail is required")).toBeInTheDocument();
    await user.type(parent, 'asha@example.com');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText("Use your parent's e-mail address, not your own")).toBeInTheDocument();
    await user.clear(parent);
    await user.type(parent, 'amma@example.com');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkemail'));
    expect(calls.find((c) => c.url.endsWith('/api/accounts/learners'))?.body).toMatchObject({
      birthMonth: 3,
      birthYear: Number(twelve),
      parentEmail: 'amma@example.com',
    });
  }, 30_000);

  it('puts a taken username message on the username field', async () => {
    fakeServer((url) =>
      url.endsWith('/api/accounts/learners')
        ? {
            status: 409,
            body: {
              type: 'x',
              title: 'Username already taken',
              status: 409,
              detail: 'This username is taken. Please choose another.',
              code: 'username_taken',
              fields: { username: 'This username is taken. Please choose another.' },
            },
          }
        : undefined,
    );
    const user = userEvent.setup();
    renderApp('/learner/signup');
    await user.type(await screen.findByLabelText('First name'), 'Ravi');
    await user.type(screen.getByLabelText('Last name'), 'Kumar');
    await user.type(screen.getByLabelText('Email'), 'ravi@example.com');
    await user.type(screen.getByLabelText('Username'), 'ravi_k');
    await user.type(screen.getByLabelText('Password'), 'a-good-password');
    await user.selectOptions(screen.getByLabelText('Month'), 'June');
    await user.selectOptions(screen.getByLabelText('Year'), '1990');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findAllByText('This username is taken. Please choose another.')).toHaveLength(2);
    expect(screen.getByLabelText('Username')).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('login page', () => {
  it('keeps Login disabled until both fields are filled, with the spec messages', async () => {
    fakeServer(() => undefined);
    const user = userEvent.setup();
    renderApp('/learner/login');
    const login = await screen.findByRole('button', { name: 'Login' });
    expect(login).toBeDisabled();
    await user.click(screen.getByPlaceholderText('Email'));
    await user.click(screen.getByLabelText('Password'));
    expect(await screen.findByText('*Username is required')).toBeInTheDocument();
    await user.type(screen.getByPlaceholderText('Email'), 'a@b.co');
    await user.type(screen.getByLabelText('Password'), 'pw');
    await waitFor(() => expect(login).toBeEnabled());
  });

  it('toggles the password between masked and plain, and the icon follows', async () => {
    fakeServer(() => undefined);
    const user = userEvent.setup();
    renderApp('/learner/login');
    const password = await screen.findByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    expect(
      screen.getByRole('button', { name: 'Hide password' }).querySelector('[data-icon="eye-off"]'),
    ).not.toBeNull();
  });

  it('goes to the account area of its role, whatever login page was used', async () => {
    let signedIn = false;
    fakeServer((url, init) => {
      if (url.endsWith('/api/session') && init?.method === 'POST') {
        signedIn = true;
        return {
          status: 200,
          body: pia,
        };
      }
      if (url.endsWith('/api/guardian/learners')) return { status: 200, body: [] };
      if (url.endsWith('/api/session') && signedIn) {
        return {
          status: 200,
          body: { account: pia },
        };
      }
      return undefined;
    });
    const user = userEvent.setup();
    const { router } = renderApp('/learner/login');
    await user.type(await screen.findByPlaceholderText('Email'), 'p@x.co');
    await user.type(screen.getByLabelText('Password'), 'secret-pass');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/parent'));
    // The parent dashboard loads lazily, with its dialogs: allow a slow, shared machine more than a second.
    expect(
      await screen.findByRole('heading', { name: 'Welcome, Pia' }, { timeout: 5000 }),
    ).toBeInTheDocument();
  }, 15_000);

  it('alerts the server message on wrong credentials', async () => {
    fakeServer((url, init) =>
      url.endsWith('/api/session') && init?.method === 'POST'
        ? {
            status: 401,
            body: {
              type: 'x',
              title: 't',
              status: 401,
              detail: 'Wrong e-mail or password.',
              code: 'invalid_credentials',
            },
          }
        : undefined,
    );
    const user = userEvent.setup();
    renderApp('/learner/login');
    await user.type(await screen.findByPlaceholderText('Email'), 'p@x.co');
    await user.type(screen.getByLabelText('Password'), 'secret-pass');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(window.alert).toHaveBeenCalledWith('Wrong e-mail or password.'));
  });

  it('alerts "Email address is required." when the reset prompt is left empty', async () => {
    fakeServer(() => undefined);
    vi.spyOn(window, 'prompt').mockReturnValue('  ');
    const user = userEvent.setup();
    renderApp('/learner/login');
    await user.click(await screen.findByRole('button', { name: 'Forget Password' }));
    expect(window.alert).toHaveBeenCalledWith('Email address is required.');
  });
});

describe('shell', () => {
  it('shows the intro block on the home page but not on a login page', async () => {
    fakeServer(() => undefined);
    renderApp('/');
    expect(
      await screen.findByRole('heading', { name: 'Empowering Every Mind, Everywhere' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Accessible Education for a Better World')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign Up / Login' })).toHaveAttribute('href', '/access-account');
  });

  it('shows the signed-out warning on /courses', async () => {
    fakeServer(() => undefined);
    renderApp('/courses');
    expect(await screen.findByText('Please login or register to access the courses')).toBeInTheDocument();
    expect(
      screen.queryByRole('heading', { name: 'Empowering Every Mind, Everywhere' }),
    ).not.toBeInTheDocument();
  });
});
