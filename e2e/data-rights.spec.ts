import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import {
  ADULT_EXPORT_FORMAT,
  CONSENT_NOTICE_VERSION,
  LEARNER_EXPORT_FORMAT,
  type AdultExport,
  type LearnerExport,
} from '@vidya/contracts';
import { expect, test, type Person } from './support/fixtures.ts';
import { answerOneQuiz, signedUpInOwnBrowser } from './support/steps.ts';

/** Fails the test on any Content-Security-Policy violation the page reports. */
function watchCsp(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

type Fixtures = Parameters<Parameters<typeof test>[2]>[0];

/** A child who signs up and verifies in their own browser, then finishes one quiz of `course`. */
async function childWhoPractised(
  { browser, baseURL, mail, newPerson }: Pick<Fixtures, 'browser' | 'baseURL' | 'mail' | 'newPerson'>,
  course: string,
  overrides: Partial<Person> = {},
) {
  const {
    person: child,
    context: kidContext,
    page: kid,
  } = await signedUpInOwnBrowser({ browser, baseURL, mail }, 'learners', newPerson(overrides));
  await answerOneQuiz(kid, course);
  return { child, kidContext, kid };
}

/** The adult signed in on `adult` asks to link with the child, who accepts. */
async function acceptedLink(adult: Page, kid: Page, username: string, confirmed?: boolean) {
  const link = await adult.request.post('/api/guardian/links', {
    data: confirmed === undefined ? { username } : { username, confirmed },
  });
  expect(link.status()).toBe(202);
  // The adult is not told whether the request arrived; the child sees it.
  const requests = (await (await kid.request.get('/api/me/link-requests')).json()) as { id: string }[];
  const linkId = requests.at(-1)!.id;
  expect((await kid.request.post(`/api/me/link-requests/${linkId}/accept`)).status()).toBe(200);
}

async function downloadedExport<T extends LearnerExport | AdultExport = LearnerExport>(
  page: Page,
  click: () => Promise<void>,
): Promise<T> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  expect(download.suggestedFilename()).toMatch(/^vidya-data-.+\.json$/);
  return JSON.parse(await readFile(await download.path(), 'utf8')) as T;
}

test('a learner downloads all their data and deletes their account', async ({
  page,
  signUpVerified,
  expectNoA11yViolations,
}) => {
  test.setTimeout(60_000);
  const csp = watchCsp(page);
  const { person, me } = await signUpVerified('learners');
  await answerOneQuiz(page, 'science');

  await page.goto('/profile');
  const section = page.getByRole('region', { name: 'Your data' });
  await expect(section).toBeVisible();
  await expectNoA11yViolations(page);

  const data = await downloadedExport(page, () =>
    section.getByRole('link', { name: 'Download my data' }).click(),
  );
  expect(data.format).toBe(LEARNER_EXPORT_FORMAT);
  expect(data.learner).toMatchObject({ id: me.id, email: person.email, username: person.username });
  expect(data.records.attempts).toHaveLength(5);
  expect(data.records.enrolments).toHaveLength(1);

  await section.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog).toContainText('It cannot be undone.');
  await expectNoA11yViolations(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  expect((await page.request.get('/api/me')).status()).toBe(200);

  await section.getByRole('button', { name: 'Delete my account' }).click();
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect((await page.request.get('/api/me')).status()).toBe(401);
  const login = await page.request.post('/api/session', {
    data: { email: person.email, password: person.password },
  });
  expect(login.status()).toBe(401);
  expect(csp).toEqual([]);
});

test('the consenting parent downloads a child’s data and deletes the child’s account', async ({
  page,
  browser,
  baseURL,
  mail,
  newPerson,
  signUpVerified,
  expectNoA11yViolations,
}) => {
  test.setTimeout(90_000);
  const csp = watchCsp(page);
  const { person: parent } = await signUpVerified('parents');

  // The child, 12, in their own browser: signs up giving the parent's address, and practises while pending.
  const { child, kidContext, kid } = await childWhoPractised(
    { browser, baseURL, mail, newPerson },
    'mathematics',
    { birthYear: new Date().getFullYear() - 12, birthMonth: 1, parentEmail: parent.email },
  );
  // The parent consents by the mailed link (the consent page itself is in consent.spec.ts).
  const token = new URL(
    mail.linkIn(await mail.latest(parent.email, { subject: /approve/ })),
  ).searchParams.get('token');
  const granted = await page.request.post(`/api/consent-requests/${token}/grant`, {
    data: { isParent: true, isAdult: true, noticeVersion: CONSENT_NOTICE_VERSION },
  });
  expect(granted.status()).toBe(201);

  await page.goto('/parent');
  const name = `${child.firstName} ${child.lastName}`;
  const card = page.getByRole('article', { name });
  await expect(card).toBeVisible();
  await expectNoA11yViolations(page);

  const data = await downloadedExport(page, () =>
    card.getByRole('link', { name: `Download data of ${name}` }).click(),
  );
  expect(data.learner).toMatchObject({ email: child.email, username: child.username });
  expect(data.records.attempts).toHaveLength(5);

  await card.getByRole('button', { name: `Delete ${name}’s account` }).click();
  const dialog = page.getByRole('dialog', { name: `Delete ${name}’s account?` });
  await expect(dialog).toContainText('It cannot be undone.');
  // Deleting a child's account asks for the parent's password again.
  await dialog.getByLabel('Your password', { exact: true }).fill('not-my-password');
  await dialog.getByRole('button', { name: `Delete ${name}’s account` }).click();
  await expect(dialog.getByRole('alert')).toHaveText('That password is not right.');
  await dialog.getByLabel('Your password', { exact: true }).fill(parent.password);
  await dialog.getByRole('button', { name: `Delete ${name}’s account` }).click();
  await expect(card).toBeHidden();
  await expect(page.getByText('No child linked yet.')).toBeVisible();
  expect((await kid.request.get('/api/me')).status()).toBe(401);
  expect(csp).toEqual([]);
  await kidContext.close();
});

test('a parent and a teacher download their own data and delete their accounts; the child keeps theirs', async ({
  page,
  browser,
  baseURL,
  mail,
  newPerson,
  signUpVerified,
  expectNoA11yViolations,
}) => {
  test.setTimeout(90_000);
  const csp = watchCsp(page);

  // The child, in their own browser, practises.
  const { child, kidContext, kid } = await childWhoPractised(
    { browser, baseURL, mail, newPerson },
    'science',
  );

  // A teacher, in another browser, reaches their account page from a dashboard tab, then downloads and deletes
  // their own account there.
  const {
    person: teacherPerson,
    context: teacherContext,
    page: teacher,
  } = await signedUpInOwnBrowser({ browser, baseURL, mail }, 'instructors', newPerson());
  await acceptedLink(teacher, kid, child.username);
  await teacher.goto('/instructor');
  await teacher.getByRole('tab', { name: 'Resources' }).click();
  await expect(teacher.getByRole('region', { name: 'Your data' })).toBeHidden();
  await teacher.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Account' }).click();
  await expect(teacher).toHaveURL(/\/instructor\/account$/);
  await expect(teacher.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();
  const teacherSection = teacher.getByRole('region', { name: 'Your data' });
  await expect(teacherSection).toContainText('the learners keep their own records');
  await expectNoA11yViolations(teacher);
  const teacherData = await downloadedExport<AdultExport>(teacher, () =>
    teacherSection.getByRole('link', { name: 'Download my data' }).click(),
  );
  expect(teacherData.format).toBe(ADULT_EXPORT_FORMAT);
  expect(teacherData.account).toMatchObject({ email: teacherPerson.email, role: 'instructors' });
  expect(teacherData.records.links).toEqual([
    expect.objectContaining({ learnerUsername: child.username, status: 'verified' }),
  ]);
  await teacherSection.getByRole('button', { name: 'Delete my account' }).click();
  await teacher
    .getByRole('dialog', { name: 'Delete your account?' })
    .getByRole('button', { name: 'Delete my account' })
    .click();
  await expect(teacher).toHaveURL(/\/$/);
  expect((await teacher.request.get('/api/me')).status()).toBe(401);
  await teacherContext.close();

  // The parent, linked to the child.
  const { person } = await signUpVerified('parents');
  await acceptedLink(page, kid, child.username, true);

  await page.goto('/parent');
  await expect(page.getByRole('heading', { name: 'Your children' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Account' }).click();
  await expect(page).toHaveURL(/\/parent\/account$/);
  const section = page.getByRole('region', { name: 'Your data' });
  await expect(section).toBeVisible();
  await expectNoA11yViolations(page);

  const data = await downloadedExport<AdultExport>(page, () =>
    section.getByRole('link', { name: 'Download my data' }).click(),
  );
  expect(data.format).toBe(ADULT_EXPORT_FORMAT);
  expect(data.account).toMatchObject({ email: person.email, username: person.username, role: 'parents' });
  expect(data.records.links).toEqual([
    expect.objectContaining({ learnerUsername: child.username, status: 'verified' }),
  ]);
  expect(JSON.stringify(data)).not.toContain(person.password);

  await section.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog).toContainText('The learners keep their own');
  await expect(dialog).toContainText('It cannot be undone.');
  await expectNoA11yViolations(page);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect((await page.request.get('/api/me')).status()).toBe(401);
  const login = await page.request.post('/api/session', {
    data: { email: person.email, password: person.password },
  });
  expect(login.status()).toBe(401);

  // The child is still signed in with every record, and no longer linked to either adult.
  const childData = (await (await kid.request.get('/api/me/data-export')).json()) as LearnerExport;
  expect(childData.records.attempts).toHaveLength(5);
  expect(childData.records.links).toEqual([]);
  expect(csp).toEqual([]);
  await kidContext.close();
});
