import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';

/**
 * No page loads anything from another origin: no third-party script, font, style, image, analytics or tracker
 * (DPDP Act s.9(3): no tracking or behavioural monitoring of children). Every request a page makes, including
 * those its scripts and styles start, must go to the app's own origin.
 */
function watchOrigins(page: Page, origin: string): string[] {
  const foreign: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.protocol === 'data:' || url.protocol === 'blob:') return;
    if (url.origin !== origin) foreign.push(`${request.resourceType()} ${request.url()} (on ${page.url()})`);
  });
  return foreign;
}

async function visit(page: Page, paths: string[]) {
  for (const path of paths) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
}

const PUBLIC_PAGES = [
  '/',
  '/aboutus',
  '/access-account',
  '/learner/login',
  '/learner/signup',
  '/guide/instructor-login',
  '/guide/instructor-signup',
  '/guardian/parent-login',
  '/guardian/parent-signup',
  '/checkemail',
  '/reset-password?verified=1&error=invalid_token',
  '/guardian/consent?token=not-a-real-token-0000000000',
  '/no-such-page',
  '/api/docs/',
];
const LEARNER_PAGES = [
  '/courses',
  '/progress',
  '/profile',
  '/teachers',
  '/learner/who-can-see',
  '/learner/askai',
  '/mathematics',
  '/science',
  '/english',
  '/social_science',
];

test('no page loads anything from another origin, signed out or signed in as any role', async ({
  page,
  baseURL,
  signUpVerified,
}) => {
  test.setTimeout(120_000);
  const origin = new URL(baseURL!).origin;
  const foreign = watchOrigins(page, origin);
  await visit(page, PUBLIC_PAGES);
  await signUpVerified('learners');
  await visit(page, LEARNER_PAGES);
  await page.context().clearCookies();
  await signUpVerified('parents');
  await visit(page, ['/parent', '/parent/account']);
  await page.context().clearCookies();
  await signUpVerified('instructors');
  await visit(page, ['/instructor', '/instructor/account']);
  expect(foreign).toEqual([]);
});
