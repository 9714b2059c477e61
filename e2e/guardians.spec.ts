import type { Browser, BrowserContext, Page } from '@playwright/test';
import { expect, test, type MailBox, type Person, type Role } from './support/fixtures.ts';

/** A second (or third) person in their own browser, signed up and verified through the API. */
async function otherUser(browser: Browser, baseURL: string, mail: MailBox, role: Role, person: Person) {
  const context: BrowserContext = await browser.newContext({ baseURL });
  const signUp = await context.request.post(`/api/accounts/${role}`, { data: person });
  expect(signUp.status()).toBe(201);
  await context.request.get(mail.linkIn(await mail.latest(person.email)), { maxRedirects: 0 });
  const page: Page = await context.newPage();
  return { context, page };
}

async function answerOneQuiz(page: Page, course: string) {
  await page.request.post('/api/me/enrolments', { data: { courses: [course] } });
  const quiz = await (await page.request.post('/api/quizzes', { data: { course } })).json();
  for (let i = 0; i < 5; i++) {
    const question = await (await page.request.post(`/api/quizzes/${quiz.id}/next`)).json();
    await page.request.post(`/api/quizzes/${quiz.id}/answers`, {
      data: { itemId: question.itemId, answer: '0' },
    });
  }
}

test('a teacher creates a class, a learner joins by code and appears with progress', async ({
  page,
  browser,
  baseURL,
  mail,
  newPerson,
  signUpVerified,
  expectNoA11yViolations,
}) => {
  test.setTimeout(90_000);
  const { person: teacher } = await signUpVerified('instructors');
  await page.goto('/instructor');
  await expect(page.getByRole('heading', { name: `Welcome, ${teacher.firstName}` })).toBeVisible();
  await expect(page.getByText('Best Teacher')).toBeVisible();
  await expectNoA11yViolations(page);

  await page.getByRole('button', { name: 'Add new class' }).click();
  const dialog = page.getByRole('dialog', { name: 'How would you like to add your students?' });
  await dialog.getByLabel('Class name').fill('Grade 6 Sunflowers');
  await dialog.getByRole('button', { name: 'Create class' }).click();
  const code = (await dialog.locator('.join-code').textContent())!.trim();
  expect(code).toMatch(/^[A-Z2-9]{6}$/);
  await expect(dialog.getByRole('link', { name: 'invite from Google Classroom' })).toBeVisible();
  await expectNoA11yViolations(page);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByText('Students: 0 students')).toBeVisible();

  const learner = newPerson();
  const kid = await otherUser(browser, baseURL!, mail, 'learners', learner);
  await answerOneQuiz(kid.page, 'science');
  await kid.page.goto('/teachers');
  await expect(kid.page.getByRole('heading', { name: 'My teachers' })).toBeVisible();
  await kid.page.getByRole('button', { name: 'Class Code' }).click();
  await kid.page.getByLabel('Class code').fill(code.toLowerCase());
  await kid.page.getByRole('button', { name: 'Join' }).click();
  await expect(kid.page.getByText('You joined Grade 6 Sunflowers.')).toBeVisible();
  await kid.page.keyboard.press('Escape');
  await expect(kid.page.getByText(`${teacher.firstName} ${teacher.lastName} (teacher`)).toBeVisible();
  await expectNoA11yViolations(kid.page);

  await page.reload();
  await expect(page.getByText('Students: 1 student')).toBeVisible();
  await page.getByRole('button', { name: 'View class' }).click();
  const heat = page.getByRole('table', { name: /Mastery per student and skill/ });
  await expect(
    heat.getByRole('rowheader', { name: `${learner.firstName} ${learner.lastName}` }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Skills the class finds hardest' })).toBeVisible();
  await expectNoA11yViolations(page);

  await page.getByRole('tab', { name: 'Students' }).click();
  await expect(page.getByRole('cell', { name: learner.email })).toBeVisible();
  await page.getByRole('tab', { name: 'Resources' }).click();
  await expect(page.getByRole('heading', { name: 'Recommended videos' })).toBeVisible();
  await expect(page.locator('.video-card')).toHaveCount(4);
  await expectNoA11yViolations(page);
  await kid.context.close();
});

test('a teacher with no students sees the empty state', async ({ page, signUpVerified }) => {
  await signUpVerified('instructors');
  await page.goto('/instructor');
  await page.getByRole('tab', { name: 'Students' }).click();
  await expect(page.getByText("You don't have any students.")).toBeVisible();
});

test('a parent adds a child, sees it pending, and sees progress once the child accepts', async ({
  page,
  browser,
  baseURL,
  mail,
  newPerson,
  signUpVerified,
  expectNoA11yViolations,
}) => {
  test.setTimeout(90_000);
  const child = newPerson({ firstName: 'Ishaan', lastName: 'Menon' });
  const kid = await otherUser(browser, baseURL!, mail, 'learners', child);
  const { person: parent } = await signUpVerified('parents');
  await page.goto('/parent');
  await expect(page.getByRole('heading', { name: `Welcome, ${parent.firstName}` })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Parent resources' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your children' })).toBeVisible();
  await expectNoA11yViolations(page);

  await page.getByRole('button', { name: 'Add a child' }).click();
  const dialog = page.getByRole('dialog', { name: 'Connect with your kids' });
  await dialog.getByLabel("Child's username").fill('nobody_by_this_name');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog.getByText('Please tick the confirmation to continue.')).toBeVisible();
  await dialog
    .getByRole('checkbox', { name: "I confirm that I am this child's parent or legal guardian." })
    .check();
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog.getByText('No learner with that username')).toBeVisible();
  await dialog.getByLabel("Child's username").fill(child.username);
  await dialog
    .getByRole('checkbox', { name: "I confirm that I am this child's parent or legal guardian." })
    .check();
  await expectNoA11yViolations(page);
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog.getByText(`Request sent to ${child.username}.`)).toBeVisible();
  await page.keyboard.press('Escape');
  const card = page.getByRole('article', { name: child.username });
  await expect(card.getByText('Pending')).toBeVisible();
  // Pending: the username only, never the child's name.
  await expect(page.getByText(child.lastName)).toBeHidden();

  await kid.page.goto('/courses');
  await expect(kid.page.getByRole('link', { name: /Teachers\s*1\s*request waiting/ })).toBeVisible();
  await kid.page.goto('/teachers');
  await expect(kid.page.getByText(`${parent.firstName} ${parent.lastName} (parent`)).toBeVisible();
  await expectNoA11yViolations(kid.page);
  await kid.page.getByRole('button', { name: 'Accept' }).click();
  await expect(kid.page.getByRole('heading', { name: 'Who can see your progress' })).toBeVisible();
  await expect(kid.page.getByRole('button', { name: `Remove ${parent.firstName}` })).toBeVisible();
  await answerOneQuiz(kid.page, 'english');

  await page.reload();
  const verified = page.getByRole('article', { name: `${child.firstName} ${child.lastName}` });
  await verified.getByRole('button', { name: 'View progress' }).click();
  await expect(verified.getByRole('heading', { name: /English: \d+% mastery/ })).toBeVisible();
  await expect(verified.getByText(/English: \d\/5 on/)).toBeVisible();
  await expectNoA11yViolations(page);

  // A link made by a username request shows progress only: the tutor conversations and the data rights are the
  // consenting parent's (e2e/consent.spec.ts).
  await expect(verified.getByRole('button', { name: 'Tutor conversations' })).toBeHidden();
  await expect(verified.getByRole('link', { name: /Download data/ })).toBeHidden();
  await kid.context.close();
});

test('a learner saves an education channel URL, and a bad one is refused', async ({
  page,
  signUpVerified,
}) => {
  await signUpVerified('learners');
  await page.goto('/teachers');
  const input = page.getByLabel('Education channel URL');
  await input.fill('ftp://example.org/files');
  await page.getByRole('button', { name: 'Add channel' }).click();
  await expect(page.getByText('Enter a web address starting with http:// or https://')).toBeVisible();
  await input.fill('https://example.org/channel/science');
  await page.getByRole('button', { name: 'Add channel' }).click();
  await expect(page.getByRole('link', { name: 'https://example.org/channel/science' })).toBeVisible();
});
