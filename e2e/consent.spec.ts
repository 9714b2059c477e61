import type { Page } from '@playwright/test';
import { CONSENT_NOTICE_VERSION } from '@vidya/contracts';
import { expect, test, type Person } from './support/fixtures.ts';
import { answerOneQuiz, signedUpInOwnBrowser } from './support/steps.ts';

/** A full-page screenshot of a new screen at desktop width and at 390 px (a phone), kept with the test results. */
async function shoot(page: Page, name: string) {
  const size = page.viewportSize() ?? { width: 1280, height: 800 };
  await page.screenshot({ path: test.info().outputPath(`${name}-desktop.png`), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath(`${name}-390.png`), fullPage: true });
  await page.setViewportSize(size);
}

/** Follows the verification link, chooses the password (issue 20) and logs in on the learner's login page. */
async function chooseThePasswordAndLogIn(page: Page, link: string, person: Person) {
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Choose your password' })).toBeVisible();
  await page.getByLabel('Your password', { exact: true }).fill(person.password);
  await page.getByRole('button', { name: 'Save my password' }).click();
  await page.getByRole('link', { name: 'Login', exact: true }).click();
  await page.getByPlaceholder('Email').fill(person.email);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/courses$/);
}

const twelveYearsAgo = () => String(new Date().getFullYear() - 12);

test('a 12-year-old signs up, takes a quiz while pending, the parent consents by the mailed link, and the child accepts a teacher', async ({
  page,
  browser,
  baseURL,
  mail,
  newPerson,
  signUpVerified,
  expectNoA11yViolations,
}) => {
  test.setTimeout(180_000);
  const child = newPerson({ firstName: 'Anaya', lastName: 'Sen' });
  const parent = newPerson({ firstName: 'Kavita', lastName: 'Sen' });

  // The child signs up in their own browser, giving a month and year of birth and a parent's address.
  const kidContext = await browser.newContext({ baseURL });
  const kid = await kidContext.newPage();
  await kid.goto('/learner/signup');
  await kid.getByLabel('First name').fill(child.firstName);
  await kid.getByLabel('Last name').fill(child.lastName);
  await kid.getByLabel('Email').fill(child.email);
  await kid.getByLabel('Username').fill(child.username);
  await kid.getByLabel('Password', { exact: true }).fill(child.password);
  await kid.getByLabel('Month').selectOption('March');
  await kid.getByLabel('Year').selectOption(twelveYearsAgo());
  await kid.getByLabel("Your parent's e-mail").fill(parent.email);
  await expectNoA11yViolations(kid);
  await shoot(kid, 'learner-signup-child');
  await kid.getByRole('button', { name: 'Sign Up' }).click();
  await expect(kid).toHaveURL(/\/checkemail$/);
  await chooseThePasswordAndLogIn(
    kid,
    mail.linkIn(await mail.latest(child.email, { subject: /Verify/ })),
    child,
  );

  // From the first day the child is told what waits and how long is left.
  const banner = kid.getByRole('region', { name: 'Your parent needs to say yes' });
  await expect(banner).toContainText(parent.email);
  await expect(banner).toContainText('7 days left.');
  await expect(banner).toContainText('your account and everything in it will be deleted');
  await expectNoA11yViolations(kid);
  await shoot(kid, 'learner-pending-banner');

  // Quizzes work while pending; the tutor does not.
  await answerOneQuiz(kid, 'science');
  await kid.goto('/learner/askai');
  await kid.getByPlaceholder('Type your message here...').fill('What is photosynthesis?');
  await kid.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(kid.getByRole('alert')).toContainText('Your parent needs to say yes');

  // A teacher's request to a child who waits for consent is answered as any other, and never reaches the child.
  const teacherPerson = newPerson({ firstName: 'Ravi', lastName: 'Iyer' });
  const teacher = await signedUpInOwnBrowser({ browser, baseURL, mail }, 'instructors', teacherPerson);
  const unheard = await teacher.page.request.post('/api/guardian/links', {
    data: { username: child.username },
  });
  expect(unheard.status()).toBe(202);
  expect(await (await kid.request.get('/api/me/link-requests')).json()).toEqual([]);

  // The parent opens the mailed link signed out: the notice, and a way to sign in or create an account.
  const request = await mail.latest(parent.email, {
    subject: `Please approve ${child.firstName}'s Vidya account`,
  });
  expect(request.text).toContain(`Notice version ${CONSENT_NOTICE_VERSION}`);
  await page.goto(mail.linkIn(request));
  await expect(page.getByRole('heading', { name: `Consent for ${child.firstName}’s account` })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'What we collect' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create a parent account' })).toBeVisible();
  await expectNoA11yViolations(page);
  await shoot(page, 'parent-consent-signed-out');

  // The parent creates a verified parent account; the dashboard brings them back to the request.
  await signUpVerified('parents', parent);
  await page.goto('/parent');
  await page.getByRole('link', { name: 'Read the notice and decide' }).click();
  await page.getByRole('button', { name: 'I give my consent' }).click();
  await expect(page.getByText('Please confirm that you are the parent or lawful guardian.')).toBeVisible();
  await page.getByRole('checkbox', { name: `I am ${child.firstName}’s parent or lawful guardian.` }).check();
  await page.getByRole('checkbox', { name: 'I am 18 or older.' }).check();
  await expectNoA11yViolations(page);
  await shoot(page, 'parent-consent-form');
  await page.getByRole('button', { name: 'I give my consent' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you' })).toBeVisible();
  await expectNoA11yViolations(page);

  // The child: no banner any more; the teacher's request can now be made and accepted on "Who can see my learning".
  await kid.goto('/courses');
  await expect(kid.getByRole('heading', { name: /Welcome/ })).toBeVisible();
  await expect(kid.getByRole('region', { name: 'Your parent needs to say yes' })).toBeHidden();
  const asked = await teacher.page.request.post('/api/guardian/links', {
    data: { username: child.username },
  });
  expect(asked.status()).toBe(202);
  await kid.getByRole('link', { name: 'Who can see my learning' }).click();
  await expect(kid.getByRole('heading', { name: 'Who can see my learning', level: 1 })).toBeVisible();
  await expect(kid.getByText('Parent who gave consent')).toBeVisible();
  await expectNoA11yViolations(kid);
  await kid
    .getByRole('button', { name: `Accept ${teacherPerson.firstName} ${teacherPerson.lastName}` })
    .click();
  const adults = kid.getByRole('region', { name: 'Grown-ups who can see it' });
  await expect(
    adults.getByRole('heading', { name: `${teacherPerson.firstName} ${teacherPerson.lastName}` }),
  ).toBeVisible();
  await expect(
    adults.getByRole('button', { name: `Remove ${teacherPerson.firstName} ${teacherPerson.lastName}` }),
  ).toBeVisible();
  const log = kid.getByRole('table');
  await expect(log).toContainText('accepted a request');
  await expect(log).toContainText(`${parent.firstName} ${parent.lastName} (parent)`);
  await expect(log).toContainText('gave consent');
  await expectNoA11yViolations(kid);
  await shoot(kid, 'learner-who-can-see');
  expect(
    (
      await teacher.page.request.get(
        `/api/guardian/learners/${(await (await kid.request.get('/api/me')).json()).id}/progress`,
      )
    ).status(),
  ).toBe(200);

  // The consenting parent sees the same, and reads the tutor conversations.
  await page.goto('/parent');
  const card = page.getByRole('article', { name: `${child.firstName} ${child.lastName}` });
  await expect(card.getByText('You gave consent')).toBeVisible();
  await card.getByRole('button', { name: `Who can see ${child.firstName}’s learning` }).click();
  await expect(card.getByText(`${teacherPerson.firstName} ${teacherPerson.lastName}`).first()).toBeVisible();
  await expect(card.getByRole('button', { name: 'Tutor conversations' })).toBeVisible();
  await expectNoA11yViolations(page);
  await shoot(page, 'parent-dashboard-consented');
  await kidContext.close();
  await teacher.context.close();
});

test('a withdrawal and an unanswered request: the job deletes both accounts once their time has run out', async ({
  page,
  browser,
  baseURL,
  mail,
  newPerson,
  signUpVerified,
  expectNoA11yViolations,
}) => {
  test.setTimeout(180_000);
  const { person: parent } = await signUpVerified('parents');

  // The parent creates the child's account from the dashboard, consenting at once.
  const child = newPerson({ firstName: 'Dev', lastName: 'Rao' });
  await page.goto('/parent');
  await page.getByRole('button', { name: 'Create a child’s account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create your child’s account' });
  await dialog.getByLabel("Child's first name").fill(child.firstName);
  await dialog.getByLabel("Child's last name").fill(child.lastName);
  await dialog.getByLabel("Child's e-mail").fill(child.email);
  await dialog.getByLabel('Username').fill(child.username);
  await dialog.getByLabel('Month of birth').selectOption('August');
  await dialog.getByLabel('Year of birth').selectOption(String(new Date().getFullYear() - 10));
  await dialog.getByRole('checkbox', { name: 'I am this child’s parent or lawful guardian.' }).check();
  await dialog.getByRole('checkbox', { name: 'I am 18 or older, and I give my consent.' }).check();
  await expectNoA11yViolations(page);
  await shoot(page, 'parent-create-child');
  await dialog.getByRole('button', { name: 'Create account' }).click();
  await expect(dialog.getByRole('status')).toContainText(child.username);
  await page.keyboard.press('Escape');

  // The child confirms their address and practises.
  const kidContext = await browser.newContext({ baseURL });
  const kid = await kidContext.newPage();
  await chooseThePasswordAndLogIn(
    kid,
    mail.linkIn(await mail.latest(child.email, { subject: /Verify/ })),
    child,
  );
  await answerOneQuiz(kid, 'english');
  const childId = ((await (await kid.request.get('/api/me')).json()) as { id: string }).id;

  // The parent withdraws: the download is offered first, then the password.
  const name = `${child.firstName} ${child.lastName}`;
  const card = page.getByRole('article', { name });
  await card.getByRole('button', { name: 'Withdraw consent' }).click();
  const withdraw = page.getByRole('dialog', { name: `Withdraw consent for ${child.firstName}?` });
  await expect(withdraw.getByRole('link', { name: `Download ${child.firstName}’s data` })).toBeVisible();
  await withdraw.getByLabel('Your password', { exact: true }).fill(parent.password);
  await expectNoA11yViolations(page);
  await shoot(page, 'parent-withdraw');
  await withdraw.getByRole('button', { name: 'Withdraw consent' }).click();
  await expect(card).toContainText('You withdrew consent');
  await expectNoA11yViolations(page);
  // Processing stopped at once: the child is signed out and cannot sign in.
  expect((await kid.request.get('/api/me')).status()).toBe(401);
  expect(
    (
      await kid.request.post('/api/session', { data: { email: child.email, password: child.password } })
    ).status(),
  ).toBe(401);
  expect((await page.request.get(`/api/guardian/learners/${childId}/data-export`)).status()).toBe(200);

  // Another child signs up and nobody answers.
  const lonely = newPerson({
    firstName: 'Ira',
    birthYear: new Date().getFullYear() - 12,
    birthMonth: 1,
    parentEmail: newPerson().email,
  });
  const { context: other } = await signedUpInOwnBrowser({ browser, baseURL, mail }, 'learners', lonely);
  const pending = (await (await other.request.get('/api/me/consent')).json()) as { expiresAt: string };

  // The clock moves 7 days on (the jobs take the time to run at): day 5 brought a reminder; now both are gone.
  const run = async (at: Date) =>
    expect((await page.request.post('/dev/jobs/run', { data: { at: at.toISOString() } })).status()).toBe(200);
  await run(new Date(Date.now() + 5.5 * 24 * 60 * 60 * 1000));
  await mail.latest(lonely.parentEmail!, { subject: /^Reminder/ });
  await run(new Date(new Date(pending.expiresAt).getTime() + 60_000));
  expect((await other.request.get('/api/me')).status()).toBe(401);
  expect(
    (
      await other.request.post('/api/session', { data: { email: lonely.email, password: lonely.password } })
    ).status(),
  ).toBe(401);
  expect((await page.request.get(`/api/guardian/learners/${childId}/data-export`)).status()).toBe(403);
  await page.reload();
  await expect(page.getByRole('article', { name })).toBeHidden();
  await kidContext.close();
  await other.close();
});

test('a parent and a teacher see a tutor safety alert with the flagged message only', async ({
  page,
  browser,
  baseURL,
  mail,
  newPerson,
  signUpVerified,
  expectNoA11yViolations,
}) => {
  test.setTimeout(120_000);
  const { person: parent } = await signUpVerified('parents');
  const child = newPerson({
    birthYear: new Date().getFullYear() - 11,
    birthMonth: 2,
    parentEmail: parent.email,
  });
  const kid = await signedUpInOwnBrowser({ browser, baseURL, mail }, 'learners', child);
  const token = new URL(
    mail.linkIn(await mail.latest(parent.email, { subject: /approve/ })),
  ).searchParams.get('token');
  await page.goto(`/guardian/consent?token=${token}`);
  await page.getByRole('checkbox', { name: /parent or lawful guardian/ }).check();
  await page.getByRole('checkbox', { name: 'I am 18 or older.' }).check();
  await page.getByRole('button', { name: 'I give my consent' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you' })).toBeVisible();

  await kid.page.goto('/learner/askai');
  const input = kid.page.getByPlaceholder('Type your message here...');
  await input.fill('how do plants die in winter');
  await input.press('Enter');
  // The reply has come when the tutor has two messages (the greeting and it) and Send is free again.
  await expect(kid.page.locator('.tutor-message-left')).toHaveCount(2);
  await expect(kid.page.getByRole('button', { name: 'Send', exact: true })).toBeEnabled();
  await expect(kid.page.getByRole('log', { name: 'Messages' })).not.toContainText('1098');
  await input.fill('everyone at school hates me and i want to die');
  await input.press('Enter');
  await expect(kid.page.getByRole('log', { name: 'Messages' })).toContainText('CHILDLINE on 1098');
  await expect(kid.page.getByRole('log', { name: 'Messages' })).toContainText('Tele-MANAS on 14416');

  const alertMail = await mail.latest(parent.email, { subject: /^Urgent: / });
  expect(alertMail.text).toContain('"everyone at school hates me and i want to die"');
  expect(alertMail.text).not.toContain('plants');
  await page.goto('/parent');
  const alerts = page.getByRole('region', { name: 'Safety alerts' });
  await expect(alerts).toContainText('everyone at school hates me and i want to die');
  await expect(alerts).toContainText('Urgent');
  await expect(alerts).not.toContainText('plants');
  await expectNoA11yViolations(page);
  await shoot(page, 'parent-safety-alert');
  await kid.context.close();
});
