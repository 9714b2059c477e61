import { expect, test } from './support/fixtures.ts';

// Proves the harness: one server for the run, Chromium, and sign-up through the real API.
test.describe('harness smoke', () => {
  test('GET /healthz answers ok', async ({ request }) => {
    const response = await request.get('/healthz');
    expect(response.status()).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  test('the home page loads in Chromium', async ({ page }) => {
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(/Vidya/);
    await expect(page.locator('#root')).toBeAttached();
  });

  test('axe runs in the browser (on the server-rendered development outbox)', async ({
    page,
    expectNoA11yViolations,
  }) => {
    await page.goto('/dev/mail');
    await expect(page.getByRole('heading', { level: 1, name: 'Development outbox' })).toBeVisible();
    await expectNoA11yViolations(page);
  });

  test('a learner signed up and verified through the API has a session', async ({ page, signUpVerified }) => {
    const { person, me, home } = await signUpVerified('learners');
    expect(home).toBe('/courses');
    expect(me).toMatchObject({ role: 'learners', email: person.email, emailVerified: true });

    const response = await page.request.get('/api/me');
    expect(response.status()).toBe(200);
    expect(await response.json()).toMatchObject({ role: 'learners', username: person.username });
  });
});
