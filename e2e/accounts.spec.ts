import type { Dialog, Page } from '@playwright/test';
import { expect, test, verifyAndSignIn, type Role } from './support/fixtures.ts';

const SIGNUP: Record<Role, string> = {
  learners: '/learner/signup',
  instructors: '/guide/instructor-signup',
  parents: '/guardian/parent-signup',
};
const LOGIN: Record<Role, string> = {
  learners: '/learner/login',
  instructors: '/guide/instructor-login',
  parents: '/guardian/parent-login',
};
const HOME: Record<Role, string> = { learners: '/courses', instructors: '/instructor', parents: '/parent' };

/** Answers the next dialog (alert or prompt) and resolves with its message. */
function nextDialog(page: Page, promptAnswer?: string): Promise<string> {
  return dialogs(page, [promptAnswer]).then(([message]) => message!);
}

/** Answers the next dialogs in order (an answer for each prompt; undefined for alerts) and resolves with their messages. */
function dialogs(page: Page, answers: (string | undefined)[]): Promise<string[]> {
  const messages: string[] = [];
  return new Promise((resolve) => {
    const handle = (dialog: Dialog) => {
      const answer = answers[messages.length];
      messages.push(dialog.message());
      void (answer === undefined ? dialog.accept() : dialog.accept(answer));
      if (messages.length === answers.length) {
        page.off('dialog', handle);
        resolve(messages);
      }
    };
    page.on('dialog', handle);
  });
}

async function logIn(page: Page, role: Role, email: string, password: string) {
  await page.goto(LOGIN[role]);
  await page.getByPlaceholder('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

for (const role of ['learners', 'instructors', 'parents'] as const) {
  test(`a new ${role} account signs up, verifies by mail, chooses the password, logs in and out`, async ({
    page,
    newPerson,
    mail,
  }) => {
    const person = newPerson();
    await page.goto(SIGNUP[role]);
    await page.getByLabel('First name').fill(person.firstName);
    await page.getByLabel('Last name').fill(person.lastName);
    await page.getByLabel('Email').fill(person.email);
    await page.getByLabel('Username').fill(person.username);
    await page.getByLabel('Password', { exact: true }).fill(person.password);
    if (role === 'learners') {
      // A learner gives a month and year of birth (an adult here: no parent is asked).
      await page.getByLabel('Month').selectOption('June');
      await page.getByLabel('Year').selectOption('1990');
    }
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page).toHaveURL(/\/checkemail$/);
    await expect(page.getByRole('heading', { name: 'Verify your e-mail' })).toBeVisible();

    // Logging in before verifying is refused, with a way to get the mail again.
    await logIn(page, role, person.email, person.password);
    await expect(page.getByText('Please verify your e-mail address first.')).toBeVisible();
    const resent = nextDialog(page);
    await page.getByRole('button', { name: 'Resend verification email' }).click();
    expect(await resent).toBe('Verification email resent. Please check your inbox.');

    const verification = await mail.latest(person.email, { subject: 'Verify your e-mail for Vidya' });
    await page.goto(mail.linkIn(verification));
    // Verification signs nobody in: the mailbox owner chooses the password first (issue 20).
    await expect(page).toHaveURL(/\/reset-password\?/);
    await expect(page.getByRole('heading', { name: 'Choose your password' })).toBeVisible();
    await expect(page.getByText('Your e-mail address is verified.')).toBeVisible();
    await page.getByLabel('Your password', { exact: true }).fill(person.password);
    await page.getByRole('button', { name: 'Save my password' }).click();
    await expect(page.getByText('Your password is set.')).toBeVisible();
    await page.getByRole('link', { name: 'Login', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${LOGIN[role]}$`));
    await logIn(page, role, person.email, person.password);
    await expect(page).toHaveURL(new RegExp(`${HOME[role]}$`));
    await expect(page.getByRole('heading', { name: `Welcome, ${person.firstName}` })).toBeVisible();

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('link', { name: 'Sign Up / Login' })).toBeVisible();

    await logIn(page, role, person.email, person.password);
    await expect(page).toHaveURL(new RegExp(`${HOME[role]}$`));
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Courses' }),
    ).toBeVisible();
  });
}

test('logging in on another role’s page goes to the account’s own area', async ({
  page,
  signUpViaApi,
  mail,
  context,
}) => {
  const person = await signUpViaApi('instructors');
  await verifyAndSignIn(context.request, mail.linkIn(await mail.latest(person.email)), person);
  await context.clearCookies();
  await logIn(page, 'parents', person.email, person.password);
  await expect(page).toHaveURL(/\/instructor$/);
  await expect(page.getByText('Best Teacher')).toBeVisible();
});

test('wrong credentials are answered in an alert', async ({ page }) => {
  const alert = nextDialog(page);
  await logIn(page, 'learners', 'nobody@example.com', 'not-a-real-password');
  expect(await alert).toBe('Wrong e-mail or password.');
  await expect(page).toHaveURL(/\/learner\/login$/);
});

test('sign-up shows every required message once touched, and alerts on an invalid submit', async ({
  page,
}) => {
  await page.goto('/learner/signup');
  await page.getByLabel('First name').focus();
  await page.getByLabel('Last name').focus();
  await expect(page.getByText('*first name is required')).toBeVisible();
  await expect(page.getByText('*last name is required')).toBeHidden();
  const alert = nextDialog(page);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  expect(await alert).toBe('Your form is invalid');
  for (const message of [
    '*first name is required',
    '*last name is required',
    '*Email is required',
    '*username is required',
    '*password is required',
  ]) {
    await expect(page.getByText(message)).toBeVisible();
  }
  await expect(page).toHaveURL(/\/learner\/signup$/);
});

test('sign-up tells the user when the username is taken', async ({ page, signUpViaApi, newPerson }) => {
  const existing = await signUpViaApi('learners');
  const person = newPerson({ username: existing.username.toUpperCase() });
  await page.goto('/guardian/parent-signup');
  await page.getByLabel('First name').fill(person.firstName);
  await page.getByLabel('Last name').fill(person.lastName);
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Username').fill(person.username);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByRole('alert')).toHaveText('This username is taken. Please choose another.');
  await expect(page.getByLabel('Username')).toHaveAttribute('aria-invalid', 'true');
});

test('login validates its fields and keeps Login disabled until they are filled', async ({ page }) => {
  await page.goto('/learner/login');
  const login = page.getByRole('button', { name: 'Login' });
  await expect(login).toBeDisabled();
  await page.getByPlaceholder('Email').focus();
  await page.getByLabel('Password', { exact: true }).focus();
  await page.getByRole('button', { name: 'Forget Password' }).focus();
  await expect(page.getByText('*Username is required')).toBeVisible();
  await expect(page.getByText('*Password is required')).toBeVisible();
  await page.getByPlaceholder('Email').fill('someone@example.com');
  await page.getByLabel('Password', { exact: true }).fill('secret');
  await expect(login).toBeEnabled();
});

test('the eye toggle shows and hides the password, and its icon follows', async ({ page }) => {
  await page.goto('/guide/instructor-login');
  const password = page.getByLabel('Password', { exact: true });
  await password.fill('my-secret');
  await expect(password).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(password).toHaveAttribute('type', 'text');
  await expect(
    page.getByRole('button', { name: 'Hide password' }).locator('[data-icon="eye-off"]'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Hide password' }).click();
  await expect(password).toHaveAttribute('type', 'password');
});

test('signing up with a registered address looks the same and mails the owner; the owner’s account is unchanged', async ({
  page,
  signUpVerified,
  newPerson,
  mail,
  context,
}) => {
  const { person: owner } = await signUpVerified('parents');
  await context.clearCookies();
  const intruder = newPerson({ email: owner.email });
  await page.goto(SIGNUP.learners);
  await page.getByLabel('First name').fill(intruder.firstName);
  await page.getByLabel('Last name').fill(intruder.lastName);
  await page.getByLabel('Email').fill(intruder.email);
  await page.getByLabel('Username').fill(intruder.username);
  await page.getByLabel('Password', { exact: true }).fill(intruder.password);
  // A learner gives a month and year of birth (an adult here: no parent is asked).
  await page.getByLabel('Month').selectOption('June');
  await page.getByLabel('Year').selectOption('1990');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL(/\/checkemail$/);
  await expect(page.getByRole('heading', { name: 'Verify your e-mail' })).toBeVisible();
  const notice = await mail.latest(owner.email, {
    subject: 'Someone tried to sign up to Vidya with your address',
  });
  expect(mail.linkIn(notice)).toMatch(/\/guardian\/parent-login$/);

  const refused = nextDialog(page);
  await logIn(page, 'learners', owner.email, intruder.password);
  expect(await refused).toBe('Wrong e-mail or password.');
  await logIn(page, 'parents', owner.email, owner.password);
  await expect(page).toHaveURL(/\/parent$/);
});

test('a forgotten password is reset through the mailed link', async ({
  page,
  signUpVerified,
  mail,
  context,
}) => {
  const { person } = await signUpVerified('learners');
  await context.clearCookies();
  await page.goto('/learner/login');

  const empty = dialogs(page, ['', undefined]);
  await page.getByRole('button', { name: 'Forget Password' }).click();
  expect(await empty).toEqual(['Enter the e-mail address of your account', 'Email address is required.']);

  const sent = dialogs(page, [person.email, undefined]);
  await page.getByRole('button', { name: 'Forget Password' }).click();
  expect((await sent)[1]).toBe('Password reset email sent. Check your inbox.');

  const reset = await mail.latest(person.email, { subject: 'Reset your Vidya password' });
  await page.goto(mail.linkIn(reset));
  await expect(page).toHaveURL(/\/reset-password\?token=/);
  await page.getByLabel('New password').fill('a-brand-new-password');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByText('Your password has been changed.')).toBeVisible();

  await logIn(page, 'learners', person.email, 'a-brand-new-password');
  await expect(page).toHaveURL(/\/courses$/);
});

test('social sign-in from the parent login page makes a parent account', async ({ page, oidc }) => {
  const identity = await oidc.use({ givenName: 'Kavya', familyName: 'Nair' });
  await page.goto('/guardian/parent-login');
  await page.getByRole('button', { name: oidc.providerName }).click();
  await expect(page).toHaveURL(/\/parent$/);
  await expect(page.getByRole('heading', { name: 'Welcome, Kavya' })).toBeVisible();
  const me = await (await page.request.get('/api/me')).json();
  expect(me).toMatchObject({ role: 'parents', email: identity.email });
});

test.describe('guards', () => {
  test('signed-out visitors are sent to the right login or home', async ({ page }) => {
    await page.goto('/instructor');
    await expect(page).toHaveURL(/\/guide\/instructor-login$/);
    await page.goto('/guardian/instructor-login');
    await expect(page).toHaveURL(/\/guide\/instructor-login$/);
    await page.goto('/parent');
    await expect(page).toHaveURL(/\/guardian\/parent-login$/);
    await page.goto('/science');
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/courses');
    await expect(page.getByText('Please login or register to access the courses')).toBeVisible();
  });

  test('a learner cannot open the teacher or parent areas, and the API agrees', async ({
    page,
    signUpVerified,
  }) => {
    await signUpVerified('learners');
    await page.goto('/instructor');
    await expect(page).toHaveURL(/\/courses$/);
    await page.goto('/parent');
    await expect(page).toHaveURL(/\/courses$/);
    await page.goto('/learner/login');
    await expect(page).toHaveURL(/\/courses$/);
    // In-app navigation is guarded too, not only full page loads.
    await page.getByRole('link', { name: 'About us' }).click();
    await page.evaluate(() => {
      window.history.pushState({}, '', '/parent');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(page).toHaveURL(/\/courses$/);
  });

  test('a parent opening learner pages goes to the parent area', async ({ page, signUpVerified }) => {
    await signUpVerified('parents');
    await page.goto('/courses');
    await expect(page).toHaveURL(/\/parent$/);
    await page.goto('/');
    await expect(page).toHaveURL(/\/parent$/);
  });

  test('an unknown path shows the not-found page', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  });
});
