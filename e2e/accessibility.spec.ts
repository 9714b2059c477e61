import { expect, test } from './support/fixtures.ts';

const PUBLIC_PAGES = [
  '/',
  '/intro-page/intro',
  '/aboutus',
  '/access-account',
  '/learner/login',
  '/learner/signup',
  '/guide/instructor-login',
  '/guide/instructor-signup',
  '/guardian/parent-login',
  '/guardian/parent-signup',
  '/checkemail',
  '/reset-password?token=abc',
  '/reset-password',
  '/courses',
  '/no/such/page',
];

test.describe('accessibility (axe, WCAG 2.2 AA)', () => {
  for (const path of PUBLIC_PAGES) {
    test(`${path} has no violations when signed out`, async ({ page, expectNoA11yViolations }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await expectNoA11yViolations(page);
    });
  }

  test('a form with its error messages shown has no violations', async ({ page, expectNoA11yViolations }) => {
    await page.goto('/learner/signup');
    page.once('dialog', (d) => void d.accept());
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByText('*first name is required')).toBeVisible();
    await expectNoA11yViolations(page);
  });

  for (const [role, path] of [
    ['learners', '/courses'],
    ['learners', '/progress'],
    ['instructors', '/instructor'],
    ['parents', '/parent'],
  ] as const) {
    test(`${path} has no violations for signed-in ${role}`, async ({
      page,
      signUpVerified,
      expectNoA11yViolations,
    }) => {
      await signUpVerified(role);
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await expectNoA11yViolations(page);
    });
  }
});
