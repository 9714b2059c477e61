import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, renderApp } from '#src/testing/render-app.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('choose your password, after the verification link', () => {
  it('saves the password with the token and sends the owner to their role’s login', async () => {
    const { calls } = fakeServer((url) =>
      url.endsWith('/api/password') ? { status: 200, body: { ok: true } } : undefined,
    );
    const user = userEvent.setup();
    renderApp('/reset-password?token=tok-123&verified=1&role=parents');
    // The page loads lazily: the first render of a test file waits for its chunk.
    expect(
      await screen.findByRole('heading', { name: 'Choose your password' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Your e-mail address is verified\./)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Your password'), 'my-own-password');
    await user.click(screen.getByRole('button', { name: 'Save my password' }));
    expect(await screen.findByText(/Your password is set\./)).toBeInTheDocument();
    expect(calls.find((c) => c.url.endsWith('/api/password'))?.body).toEqual({
      token: 'tok-123',
      password: 'my-own-password',
    });
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/guardian/parent-login');
  }, 30_000);

  it('explains a bad or expired verification link', async () => {
    fakeServer(() => undefined);
    renderApp('/reset-password?verified=1&error=invalid_token');
    expect(await screen.findByRole('alert', {}, { timeout: 10_000 })).toHaveTextContent(
      'This verification link is invalid or has expired. Log in with your e-mail address to get a new one.',
    );
  }, 30_000);

  it('keeps the reset form for a reset link', async () => {
    fakeServer(() => undefined);
    renderApp('/reset-password?token=tok-9');
    expect(
      await screen.findByRole('heading', { name: 'Choose a new password' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save new password' })).toBeInTheDocument();
  }, 30_000);
});
