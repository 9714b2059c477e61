import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';

const PUBLIC_PAGES = [
  '/',
  '/intro-page/intro',
  '/aboutus',
  '/access-account',
  '/learner/login',
  '/learner/signup',
];

/** Whether the page scrolls sideways (content wider than the viewport). */
const overflowsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

test.describe('home / intro', () => {
  for (const path of ['/', '/intro-page/intro']) {
    test(`${path} shows the landing text, the goal, the three entry buttons and the about block`, async ({
      page,
    }) => {
      await page.goto(path);
      await expect(
        page.getByRole('heading', { level: 1, name: 'Empowering Every Mind, Everywhere' }),
      ).toBeVisible();
      await expect(page.getByText('Accessible Education for a Better World')).toBeVisible();
      await expect(page.getByRole('heading', { name: 'About Vidya' })).toBeVisible();
      await expect(page.getByText(/student developer club hackathon/)).toBeVisible();
      for (const [name, target] of [
        ['Learners', '/learner/login'],
        ['Teacher', '/guide/instructor-login'],
        ['Parent', '/guardian/parent-login'],
      ] as const) {
        await expect(page.getByRole('link', { name, exact: true })).toHaveAttribute('href', target);
      }
      await page.getByRole('link', { name: 'Teacher', exact: true }).click();
      await expect(page).toHaveURL(/\/guide\/instructor-login$/);
    });
  }

  test('a signed-in learner opening / goes to /courses', async ({ page, signUpVerified }) => {
    await signUpVerified('learners');
    await page.goto('/');
    await expect(page).toHaveURL(/\/courses$/);
  });
});

test.describe('about us', () => {
  test('shows the welcome, vision, technology and revolution sections', async ({ page }) => {
    await page.goto('/aboutus');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Vidya' })).toBeVisible();
    for (const name of ['Our Vision', 'Technology and Innovation', 'Join Our Learning Revolution']) {
      await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
    }
    // The intro block is not shown on /aboutus (SPEC §2 exclusion list).
    await expect(page.getByText('Empowering Every Mind, Everywhere')).toHaveCount(0);
  });

  test('the accordion opens each course by keyboard, English lists Reading and Tense, each links to /courses', async ({
    page,
  }) => {
    await page.goto('/aboutus');
    const courses = ['Mathematics', 'Science', 'English', 'Social Science'];
    for (const name of courses) {
      const trigger = page.getByRole('button', { name, exact: true });
      await expect(trigger).toHaveAttribute('aria-expanded', 'false');
      await trigger.focus();
      await page.keyboard.press('Enter');
      await expect(trigger).toHaveAttribute('aria-expanded', 'true');
      await expect(page.getByRole('link', { name: `Go to ${name} on the courses page` })).toHaveAttribute(
        'href',
        '/courses',
      );
    }
    const topics = page.getByRole('list', { name: 'English topics' });
    await expect(topics.getByRole('listitem')).toHaveText(['Reading', 'Tense']);
    await page.getByRole('button', { name: 'Mathematics', exact: true }).press('Space');
    await expect(page.getByRole('link', { name: 'Go to Mathematics on the courses page' })).toBeHidden();
    await page.getByRole('link', { name: 'Go to Science on the courses page' }).click();
    await expect(page).toHaveURL(/\/courses$/);
    await expect(page.getByText('Please login or register to access the courses')).toBeVisible();
  });

  test('embeds the learners marketing page with its banner, both buttons going to /learner/signup', async ({
    page,
  }) => {
    await page.goto('/aboutus');
    await expect(page.getByRole('heading', { name: 'Learners and student' })).toBeVisible();
    await expect(page.getByText('Discover the Joy of Learning')).toBeVisible();
    await expect(page.getByText('Building Strong Foundations for Lifelong Learning.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Learning Without Limits' })).toBeVisible();
    await expect(page.getByText('Because Every Child Deserves to Dream.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Start here' })).toHaveAttribute('href', '/learner/signup');
    await page.getByRole('link', { name: 'Give them the chance' }).click();
    await expect(page).toHaveURL(/\/learner\/signup$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
});

test.describe('the public pages', () => {
  test('fetch nothing from a third party', async ({ page, baseURL }) => {
    const foreign: string[] = [];
    page.on('request', (request) => {
      const url = request.url();
      if (!url.startsWith(baseURL!) && !url.startsWith('data:')) foreign.push(url);
    });
    for (const path of PUBLIC_PAGES) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    }
    expect(foreign).toEqual([]);
  });

  for (const [label, viewport] of [
    ['360 px wide', { width: 360, height: 740 }],
    ['200% zoom of a 1280 px window', { width: 640, height: 400 }],
  ] as const) {
    test(`fit ${label} without sideways scrolling`, async ({ page }) => {
      await page.setViewportSize(viewport);
      for (const path of PUBLIC_PAGES) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
        expect(await overflowsSideways(page), path).toBe(false);
      }
    });
  }

  test('every control is reachable by keyboard with a visible focus ring', async ({ page }) => {
    await page.goto('/');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
    const seen: string[] = [];
    for (let i = 0; i < 10; i += 1) {
      await page.keyboard.press('Tab');
      const focus = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement;
        const style = getComputedStyle(el);
        return { text: el.textContent?.trim() ?? '', outline: style.outlineStyle, width: style.outlineWidth };
      });
      expect(focus.outline, `focus ring on "${focus.text}"`).toBe('solid');
      expect(focus.width).toBe('3px');
      seen.push(focus.text);
    }
    for (const name of ['About us', 'Sign Up / Login', 'Learners', 'Teacher', 'Parent']) {
      expect(seen).toContain(name);
    }
  });
});
