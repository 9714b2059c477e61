import type { Page } from '@playwright/test';
import { expect, test, type Role } from './support/fixtures.ts';

// SPEC §2 route table (plus / and the spec's alias), each with the role that uses it; null is a signed-out visitor.
const ROUTES: { path: string; role: Role | null }[] = [
  { path: '/', role: null },
  { path: '/intro-page/intro', role: null },
  { path: '/aboutus', role: null },
  { path: '/access-account', role: null },
  { path: '/checkemail', role: null },
  { path: '/learner/login', role: null },
  { path: '/learner/signup', role: null },
  { path: '/guide/instructor-login', role: null },
  { path: '/guide/instructor-signup', role: null },
  { path: '/guardian/parent-login', role: null },
  { path: '/guardian/parent-signup', role: null },
  { path: '/reset-password?token=abc', role: null },
  { path: '/courses', role: null },
  { path: '/no/such/page', role: null },
  { path: '/courses', role: 'learners' },
  { path: '/progress', role: 'learners' },
  { path: '/profile', role: 'learners' },
  { path: '/teachers', role: 'learners' },
  { path: '/learner/who-can-see', role: 'learners' },
  { path: '/learner/askai', role: 'learners' },
  { path: '/mathematics', role: 'learners' },
  { path: '/science', role: 'learners' },
  { path: '/english', role: 'learners' },
  { path: '/social_science', role: 'learners' },
  { path: '/aboutus', role: 'learners' },
  { path: '/instructor', role: 'instructors' },
  { path: '/parent', role: 'parents' },
];

/** Waits until the page has its heading and no loading indicator (slow on two shared cores under the full run). */
async function settled(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('.spinner')).toHaveCount(0, { timeout: 15_000 });
}

test.describe('accessibility (axe, WCAG 2.2 AA)', () => {
  // One test per role, so a slow machine's retry repeats one role's routes, not all of them.
  for (const role of [null, 'learners', 'instructors', 'parents'] as const) {
    const routes = ROUTES.filter((route) => route.role === role);
    test(`every route of the route table has no violations, visited ${role ? `as ${role}` : 'signed out'}`, async ({
      page,
      signUpVerified,
      expectNoA11yViolations,
    }) => {
      // Per route: two visits and one axe run, 1–4 s each on two shared cores.
      test.setTimeout(30_000 + routes.length * 12_000);
      if (role) {
        await signUpVerified(role);
        if (role === 'learners') {
          const enrol = await page.request.post('/api/me/enrolments', {
            data: { courses: ['mathematics', 'science', 'english', 'social_science'] },
          });
          expect(enrol.status()).toBe(201);
        }
      }
      const failures: string[] = [];
      for (const route of routes) {
        await page.goto(route.path);
        await settled(page);
        // The page stays where it was asked: a redirect would mean the route was not checked as this role.
        expect(new URL(page.url()).pathname, `${route.path} as ${role ?? 'signed out'}`).toBe(
          route.path.split('?')[0],
        );
        try {
          await expectNoA11yViolations(page);
        } catch (error) {
          failures.push(`${route.path} as ${role ?? 'signed out'}:\n${(error as Error).message}`);
        }
      }
      expect(failures).toEqual([]);

      // The same routes 360 px wide (a small phone, or 200% zoom of a 720 px window) never scroll sideways.
      await page.setViewportSize({ width: 360, height: 740 });
      for (const route of routes) {
        await page.goto(route.path);
        await settled(page);
        const overflows = await page.evaluate(
          () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
        );
        expect(overflows, `${route.path} scrolls sideways at 360 px`).toBe(false);
      }
    });
  }

  test('open dialogs, quiz feedback and form errors have no violations', async ({
    page,
    signUpVerified,
    expectNoA11yViolations,
  }) => {
    // Sign-up, enrolment, a question and three axe runs: 17–33 s on two shared cores.
    test.setTimeout(90_000);
    await page.goto('/learner/signup');
    page.once('dialog', (d) => void d.accept());
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByText('*first name is required')).toBeVisible();
    await expectNoA11yViolations(page);

    await signUpVerified('learners');
    await page.goto('/courses');
    await settled(page);
    // Opened from the keyboard, the dialog keeps focus inside and gives it back when it closes.
    const enroll = page.getByRole('button', { name: 'Enroll' });
    await enroll.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog')).toBeVisible();
    const focusInDialog = () =>
      page.evaluate(() =>
        Boolean(document.querySelector('[role="dialog"]')?.contains(document.activeElement)),
      );
    for (let i = 0; i < 8; i += 1) {
      expect(await focusInDialog()).toBe(true);
      await page.keyboard.press('Tab');
    }
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(enroll).toBeFocused();
    await enroll.click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoA11yViolations(page);
    await page.getByRole('checkbox', { name: /Mathematics/ }).check();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /Enroll/ })
      .click();
    await expect(page.getByRole('dialog')).toBeHidden();

    await page.goto('/mathematics');
    await page.getByRole('button', { name: 'Start the Quiz!!' }).click();
    await page.getByPlaceholder('Type your answer here').fill('42');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText(/Correct! Well done\.|Incorrect\. The correct answer is: /)).toBeVisible();
    await expectNoA11yViolations(page);
  });

  test('the about-us accordion, opened, has no violations', async ({ page, expectNoA11yViolations }) => {
    await page.goto('/aboutus');
    for (const name of ['Mathematics', 'Science', 'English', 'Social Science']) {
      await page.getByRole('button', { name, exact: true }).click();
    }
    await expect(page.getByText('Reading', { exact: true })).toBeVisible();
    await expectNoA11yViolations(page);
  });
});
