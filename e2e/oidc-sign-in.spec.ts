import { expect, test } from './support/fixtures.ts';

// The server's OpenID flow in a real browser against the mock provider (the login page buttons come separately).
test.describe('social sign-in with the mock OpenID provider', () => {
  test('a new parent signs in through the provider and lands on /parent', async ({ page, oidc }) => {
    const identity = await oidc.use({ givenName: 'Lakshmi', familyName: 'Nair' });

    const start = await page.request.post('/api/session/social', {
      data: { provider: oidc.providerId, role: 'parents' },
    });
    expect(start.status()).toBe(200);
    const { url } = (await start.json()) as { url: string };
    expect(url.startsWith(`${oidc.issuer}/authorize`)).toBe(true);

    const callbacks: string[] = [];
    page.on('request', (request) => {
      if (request.isNavigationRequest()) callbacks.push(new URL(request.url()).pathname);
    });
    await page.goto(url);
    await expect(page).toHaveURL(/\/parent$/);
    expect(callbacks).toContain(`/api/auth/callback/${oidc.providerId}`);

    const me = await page.request.get('/api/me');
    expect(me.status()).toBe(200);
    expect(await me.json()).toMatchObject({
      role: 'parents',
      email: identity.email,
      firstName: 'Lakshmi',
      lastName: 'Nair',
      emailVerified: true,
    });
  });
});
