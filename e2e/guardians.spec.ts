import { LINK_REQUEST_SENT } from '@vidya/contracts';
import { expect, test } from './support/fixtures.ts';
import { answerOneQuiz, signedUpInOwnBrowser } from './support/steps.ts';

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
  const kid = await signedUpInOwnBrowser({ browser, baseURL, mail }, 'learners', learner);
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

test('a parent asks for a child without learning whether they exist, and sees progress once the child accepts', async ({
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
  const kid = await signedUpInOwnBrowser({ browser, baseURL, mail }, 'learners', child);
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
  // The same answer for a username nobody has as for the child's: usernames of children cannot be probed.
  await expect(dialog.getByText(LINK_REQUEST_SENT)).toBeVisible();
  await dialog.getByLabel("Child's username").fill(child.username);
  await dialog
    .getByRole('checkbox', { name: "I confirm that I am this child's parent or legal guardian." })
    .check();
  await expectNoA11yViolations(page);
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog.getByText(LINK_REQUEST_SENT)).toBeVisible();
  await page.keyboard.press('Escape');
  // Until the child accepts, the parent's list shows nothing of them.
  await expect(page.getByText(/No child linked yet/)).toBeVisible();
  await expect(page.getByText(child.username)).toBeHidden();
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

test('a learner blocks a teacher’s request, and the teacher’s next request does not reach them', async ({
  page,
  browser,
  baseURL,
  mail,
  newPerson,
  signUpVerified,
  expectNoA11yViolations,
}) => {
  test.setTimeout(90_000);
  const { person: learner } = await signUpVerified('learners');
  const teacher = newPerson({ firstName: 'Ravi', lastName: 'Pillai' });
  const adult = await signedUpInOwnBrowser({ browser, baseURL, mail }, 'instructors', teacher);
  const ask = () => adult.page.request.post('/api/guardian/links', { data: { username: learner.username } });
  const first = await ask();
  expect(first.status()).toBe(202);

  await page.goto('/teachers');
  await expect(page.getByText('Ravi Pillai (teacher')).toBeVisible();
  await page.getByRole('button', { name: 'Block Ravi Pillai' }).click();
  await expect(page.getByText('No requests right now.')).toBeVisible();
  const blocked = page.getByRole('region', { name: 'Blocked' });
  await expect(blocked.getByText('Ravi Pillai (teacher')).toBeVisible();
  await expectNoA11yViolations(page);

  // The teacher is answered exactly as before, and nothing reaches the learner.
  const again = await ask();
  expect(again.status()).toBe(first.status());
  expect(await again.text()).toBe(await first.text());
  await page.reload();
  await expect(page.getByText('No requests right now.')).toBeVisible();

  await blocked.getByRole('button', { name: 'Unblock Ravi' }).click();
  await expect(page.getByRole('heading', { name: 'Blocked' })).toBeHidden();
  await ask();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Block Ravi Pillai' })).toBeVisible();
  await adult.context.close();
});
