import type { APIRequestContext } from '@playwright/test';
import { loadCatalogue } from '@vidya/content';
import type { Question } from '@vidya/contracts';
import { expect, test } from './support/fixtures.ts';

// The e2e suite knows the right answers from the public question bank, never from the server.
const authored = new Map(loadCatalogue().items.map((item) => [item.id, item]));

/** A choice of an authored multiple-choice question that is not its right answer. */
function wrongChoice(question: Question): string {
  const item = authored.get(question.itemId);
  if (!item) throw new Error(`unknown item ${question.itemId}`);
  return question.choices!.find((choice) => choice !== item.choices[item.answer])!;
}

/** A whole quiz through the API, every answer wrong (a finished quiz counts whatever the score). */
async function quizThroughApi(request: APIRequestContext, course: string) {
  const quiz = (await (await request.post('/api/quizzes', { data: { course } })).json()) as { id: string };
  for (let i = 0; i < 5; i++) {
    const question = (await (await request.post(`/api/quizzes/${quiz.id}/next`)).json()) as Question;
    const answer = question.kind === 'choice' ? wrongChoice(question) : 'not the answer';
    const result = await request.post(`/api/quizzes/${quiz.id}/answers`, {
      data: { itemId: question.itemId, answer },
    });
    expect(result.ok()).toBe(true);
  }
}

test('progress starts empty, then shows rows and charts; the third quiz earns Bronze on the profile', async ({
  page,
  signUpVerified,
  expectNoA11yViolations,
}) => {
  test.setTimeout(120_000);
  await signUpVerified('learners');
  await page.request.post('/api/me/enrolments', { data: { courses: ['science'] } });

  await page.goto('/progress');
  await expect(page.getByRole('heading', { name: 'Progress' })).toBeVisible();
  for (const period of ['Last 7 days', 'Last 30 days', 'All time'])
    await expect(page.getByRole('button', { name: period })).toBeVisible();
  await expect(page.getByText('No practice in this period yet.', { exact: false })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Take your first quiz' })).toHaveAttribute('href', '/courses');
  await expectNoA11yViolations(page);

  await page.goto('/profile');
  const bronze = page.getByRole('button', { name: /^Bronze: not earned yet/ });
  await expect(bronze).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Bronze progress' })).toHaveAttribute('value', '0');
  await expectNoA11yViolations(page);

  await quizThroughApi(page.request, 'science');
  await quizThroughApi(page.request, 'science');

  // The third quiz is taken on screen; its final screen announces the new badge.
  // Every answer is wrong, so no quiz counts towards Silver (3/5 or more) below.
  await page.goto('/science');
  let next = page.waitForResponse((r) => r.url().endsWith('/next'));
  await page.getByRole('button', { name: 'Start the Quiz!!' }).click();
  for (let n = 0; n < 5; n++) {
    const question = (await (await next).json()) as Question;
    await expect(page.getByText(`Question ${n + 1} of 5`)).toBeVisible();
    await page.getByRole('radio', { name: wrongChoice(question), exact: true }).check();
    await page.getByRole('button', { name: 'Submit Answer' }).click();
    await expect(page.getByRole('button', { name: 'Next Question' })).toBeVisible();
    if (n < 4) next = page.waitForResponse((r) => r.url().endsWith('/next'));
    await page.getByRole('button', { name: 'Next Question' }).click();
  }
  await expect(page.getByRole('heading', { name: 'Your Score: 0/5' })).toBeVisible();
  await expect(page.getByText('New badge: Bronze!', { exact: false })).toBeVisible();
  await page.getByRole('link', { name: 'See your badges' }).click();

  await expect(page).toHaveURL(/\/profile$/);
  const earned = page.getByRole('button', { name: /^Bronze: earned/ });
  await expect(earned).toContainText('Earned');
  await expect(page.getByRole('button', { name: /^Silver: not earned yet/ })).toContainText(
    '0 of 10 quizzes with 3/5 or more',
  );
  await earned.click();
  await expect(earned).toHaveAttribute('aria-pressed', 'true');
  await expect(earned).toContainText('How to earn it: Finish 3 quizzes');
  await expect(page.getByText('Daily streak')).toBeVisible();
  await expect(page.getByText('1-day streak')).toBeVisible();
  await expectNoA11yViolations(page);

  await page.getByRole('link', { name: 'Progress' }).click();
  const table = page.getByRole('table', { name: 'Skills practised in the period' });
  for (const column of ['ACTIVITY', 'LEVEL', 'CHANGE', 'CORRECT/TOTAL PROBLEMS', 'TIME (MIN)'])
    await expect(table.getByRole('columnheader', { name: column })).toBeVisible();
  const rows = table.locator('tbody tr');
  expect(await rows.count()).toBeGreaterThan(0);
  await expect(page.getByText(/answers correct in 3 quizzes/)).toBeVisible();
  await expect(page.getByText('Correct answers per day', { exact: true }).first()).toBeVisible();
  await expect(page.locator('.recharts-surface').first()).toBeVisible();
  const dailyLegend = page
    .locator('.chart', { hasText: 'Correct answers per day' })
    .locator('.recharts-legend-wrapper');
  await expect(dailyLegend).toContainText('Correct');
  await expect(dailyLegend).toContainText('Not correct');
  await expectNoA11yViolations(page);

  await page.getByRole('button', { name: 'All time' }).click();
  await expect(page.getByRole('button', { name: 'All time' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText(/answers correct in 3 quizzes/)).toBeVisible();
});
