import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';

/** Waits until the offline-support worker is active and controls the page. */
async function workerInControl(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise<void>((done) =>
        navigator.serviceWorker.addEventListener('controllerchange', () => done(), { once: true }),
      );
    }
  });
}

test.describe('offline support', () => {
  test('registers the worker; offline, the app shell and static pages still work', async ({
    page,
    context,
  }) => {
    await page.goto('/');
    await workerInControl(page);
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.scope);
    expect(new URL(scope!).pathname).toBe('/');

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Empowering Every Mind, Everywhere' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'About Vidya' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'You are offline' })).toBeVisible();

    // In-app navigation and a fresh load of another page both come from the worker's cache.
    await page.getByRole('link', { name: 'About us' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Vidya' })).toBeVisible();
    await page.goto('/access-account');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign up or log in' })).toBeVisible();
    await page.goto('/learner/login');
    await expect(page.getByPlaceholder('Email')).toBeVisible();

    await context.setOffline(false);
    await page.reload();
    await expect(page.getByRole('status').filter({ hasText: 'You are offline' })).toHaveCount(0);
  });

  test('pages that need the server show an offline notice, then load when the connection returns', async ({
    page,
    context,
    signUpVerified,
  }) => {
    await signUpVerified('learners');
    await page.goto('/courses');
    await expect(page.getByRole('heading', { name: /^Welcome, / })).toBeVisible();
    await workerInControl(page);

    await context.setOffline(true);
    for (const path of ['/courses', '/progress', '/mathematics']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: 'You are offline' })).toBeVisible();
    }
    await context.setOffline(false);
    // The app asks again every 5 s while the server is unreachable.
    await expect(page.getByRole('heading', { name: 'Welcome to Mathematics World' })).toBeVisible({
      timeout: 10_000,
    });
  });

  test('a browser without service workers logs the spec message', async ({ page }) => {
    await page.addInitScript(() => {
      Reflect.deleteProperty(Navigator.prototype, 'serviceWorker');
    });
    const message = page.waitForEvent('console', {
      predicate: (m) => m.text() === 'Service workers are disabled or not supported by this browser',
    });
    await page.goto('/');
    await message;
    await expect(page.getByRole('heading', { name: 'Empowering Every Mind, Everywhere' })).toBeVisible();
  });

  test('the web app manifest makes the site installable', async ({ page, request }) => {
    await page.goto('/');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    const response = await request.get(href!);
    expect(response.ok()).toBe(true);
    const manifest = (await response.json()) as {
      name: string;
      short_name: string;
      start_url: string;
      display: string;
      icons: { src: string; sizes: string; type: string; purpose?: string }[];
    };
    expect(manifest).toMatchObject({ short_name: 'Vidya', start_url: '/', display: 'standalone' });
    for (const size of ['192x192', '512x512']) {
      const icon = manifest.icons.find((i) => i.sizes === size && i.type === 'image/png');
      expect(icon, size).toBeDefined();
      const image = await request.get(icon!.src);
      expect(image.headers()['content-type']).toBe('image/png');
    }
    expect(manifest.icons.some((i) => i.purpose === 'maskable')).toBe(true);
  });
});
