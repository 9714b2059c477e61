import type { Page } from '@playwright/test';
import { generateMathItem, loadCatalogue, parseMathItemId } from '@vidya/content';
import type { Question } from '@vidya/contracts';
import { expect, test } from './support/fixtures.ts';

// The e2e suite knows the right answers from the public question bank, never from the server.
const catalogue = loadCatalogue();
const authored = new Map(catalogue.items.map((item) => [item.id, item]));

function rightAnswer(question: Question): string {
  const math = parseMathItemId(question.itemId);
  if (math) return generateMathItem(math.skill, math.difficulty, math.seed).answer;
  const item = authored.get(question.itemId);
  if (!item) throw new Error(`unknown item ${question.itemId}`);
  return item.choices[item.answer]!;
}

const COURSES = [
  {
    key: 'mathematics',
    title: 'Mathematics',
    intro: 'Welcome to Mathematics World',
    header: 'Mathematics Quiz',
    done: 'Go Home',
  },
  {
    key: 'science',
    title: 'Science',
    intro: 'Welcome to Science',
    header: 'Science Quiz',
    done: 'Go to Course Page',
  },
  {
    key: 'english',
    title: 'English',
    intro: 'Welcome to English',
    header: 'English Quiz',
    done: 'Go to Course Page',
  },
  {
    key: 'social_science',
    title: 'Social Science',
    intro: 'Welcome to Social Science',
    header: 'Social Science Quiz',
    done: 'Go to Course Page',
  },
] as const;

/** Answers the question on screen right or wrong and checks the feedback; returns whether it was right. */
async function answer(page: Page, question: Question, isRight: boolean) {
  const right = rightAnswer(question);
  if (question.kind === 'free_text') {
    const box = page.getByPlaceholder('Type your answer here');
    const submit = page.getByRole('button', { name: 'Submit', exact: true });
    await expect(submit).toBeDisabled();
    await box.fill(isRight ? right : `${right}7`);
    await submit.click();
    await expect(submit).toBeDisabled();
  } else {
    const submit = page.getByRole('button', { name: 'Submit Answer' });
    await expect(submit).toBeDisabled();
    const choice = isRight ? right : question.choices!.find((c) => c !== right)!;
    await page.getByRole('radio', { name: choice, exact: true }).check();
    await submit.click();
    await expect(submit).toBeDisabled();
  }
  await expect(
    page.getByText(isRight ? 'Correct! Well done.' : `Incorrect. The correct answer is: ${right}`, {
      exact: true,
    }),
  ).toBeVisible();
}

test('a learner enrols in all four courses, takes a quiz in each, and unenrols from one', async ({
  page,
  signUpVerified,
  expectNoA11yViolations,
}) => {
  test.setTimeout(180_000);
  const { person } = await signUpVerified('learners');
  await page.goto('/courses');
  await expect(page.getByRole('heading', { name: `Welcome, ${person.firstName}` })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Exp: 0' })).toBeVisible();

  await page.getByRole('button', { name: 'Enroll' }).click();
  const dialog = page.getByRole('dialog');
  for (const course of COURSES)
    await dialog.getByRole('checkbox', { name: course.title, exact: true }).check();
  await expectNoA11yViolations(page);
  await dialog.getByRole('button', { name: 'Enroll' }).click();
  for (const course of COURSES)
    await expect(page.getByRole('heading', { name: course.title, exact: true })).toBeVisible();
  await expectNoA11yViolations(page);

  let xp = 0;
  for (const [index, course] of COURSES.entries()) {
    await page.getByRole('link', { name: `Proceed to ${course.title}` }).click();
    await expect(page).toHaveURL(new RegExp(`/${course.key}$`));
    await expect(page.getByRole('heading', { name: course.intro })).toBeVisible();
    if (index < 2) await expectNoA11yViolations(page);

    const first = page.waitForResponse((r) => r.url().endsWith('/next'));
    await page.getByRole('button', { name: 'Start the Quiz!!' }).click();
    let question = (await (await first).json()) as Question;
    let score = 0;
    for (let n = 0; n < 5; n++) {
      await expect(page.getByRole('heading', { name: course.header })).toBeVisible();
      await expect(page.getByText(`Question ${n + 1} of 5`)).toBeVisible();
      await expect(page.getByRole('progressbar', { name: 'Quiz progress' })).toHaveAttribute(
        'aria-valuenow',
        String(n + 1),
      );
      if (question.passage)
        await expect(page.getByRole('heading', { name: 'Reading Paragraph:' })).toBeVisible();
      const isRight = n !== 1 && n !== 3;
      await answer(page, question, isRight);
      if (isRight) score += 1;
      if (n === 0 && index < 2) await expectNoA11yViolations(page);
      if (n < 4) {
        const next = page.waitForResponse((r) => r.url().endsWith('/next'));
        await page.getByRole('button', { name: 'Next Question' }).click();
        question = (await (await next).json()) as Question;
      } else await page.getByRole('button', { name: 'Next Question' }).click();
    }
    await expect(page.getByRole('heading', { name: `Your Score: ${score}/5` })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'What changed' })).toBeVisible();
    if (index < 2) await expectNoA11yViolations(page);
    xp += score * 10;
    await expect(page.getByRole('link', { name: `Exp: ${xp}` })).toBeVisible();
    await page.getByRole('link', { name: course.done }).click();
    await expect(page).toHaveURL(/\/courses$/);
  }

  await page.getByRole('button', { name: 'Unenroll from Science' }).click();
  await expect(page.getByRole('dialog')).toContainText(
    'Are you sure you want to Unenroll? You will lose all your data.',
  );
  await expectNoA11yViolations(page);
  await page.getByRole('dialog').getByRole('button', { name: 'Unenroll' }).click();
  await expect(page.getByRole('heading', { name: 'Science', exact: true })).toBeHidden();
  await expect(page.getByRole('link', { name: `Exp: ${xp - 30}` })).toBeVisible();

  await page.goto('/science');
  await expect(page.getByText('Please register to take part in the quiz.')).toBeVisible();
  // SPEC §4: the invitation shows instead of the intro.
  await expect(page.getByRole('heading', { level: 1, name: 'Science Quiz' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Welcome to Science' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Start the Quiz!!' })).toBeHidden();
  await expectNoA11yViolations(page);
  await page.getByRole('link', { name: 'Register here' }).click();
  await expect(page).toHaveURL(/\/courses$/);
});

test('mathematics tells a learner who is not registered, and offers the way to enrol', async ({
  page,
  signUpVerified,
}) => {
  await signUpVerified('learners');
  await page.goto('/mathematics');
  await expect(page.getByRole('heading', { name: 'Welcome to Mathematics World' })).toBeVisible();
  const alert = new Promise<string>((resolve) =>
    page.once('dialog', (d) => {
      resolve(d.message());
      void d.accept();
    }),
  );
  await page.getByRole('button', { name: 'Start the Quiz!!' }).click();
  expect(await alert).toBe('you are not registered in this course');
  await expect(page.getByText('Please register to take part in the quiz.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Welcome to Mathematics World' })).toBeHidden();
  await expect(page.getByRole('link', { name: 'Register here' })).toHaveAttribute('href', '/courses');
});

test('a failed question load shows a retry, and the retry goes on with the same quiz', async ({
  page,
  signUpVerified,
}) => {
  await signUpVerified('learners');
  await page.request.post('/api/me/enrolments', { data: { courses: ['science'] } });
  await page.goto('/science');
  let failures = 1;
  await page.route('**/api/quizzes/*/next', async (route) => {
    if (failures-- > 0) await route.abort('failed');
    else await route.continue();
  });
  await page.getByRole('button', { name: 'Start the Quiz!!' }).click();
  await expect(page.getByText('We could not reach Vidya. Check your connection.')).toBeVisible();
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('button', { name: 'Submit Answer' })).toBeVisible();
  await expect(page.getByText('Question 1 of 5')).toBeVisible();
});

test('signed-out visitors of a quiz are sent home', async ({ page }) => {
  await page.goto('/english');
  await expect(page).toHaveURL(/\/$/);
});
