import type { Browser, Page } from '@playwright/test';
import { expect, verifyAndSignIn, type MailBox, type Person, type Role } from './fixtures.ts';

/** Someone else (a child, a second adult) signed up, verified and signed in through the API in a browser of their own. */
export async function signedUpInOwnBrowser(
  { browser, baseURL, mail }: { browser: Browser; baseURL: string | undefined; mail: MailBox },
  role: Role,
  person: Person,
) {
  const context = await browser.newContext({ baseURL });
  expect((await context.request.post(`/api/accounts/${role}`, { data: person })).status()).toBe(201);
  const verification = await mail.latest(person.email, { subject: /verify/i });
  await verifyAndSignIn(context.request, mail.linkIn(verification), person);
  return { person, context, page: await context.newPage() };
}

/**
 * The learner signed in on `page` enrols in `course` and answers a whole quiz through the API (the first choice each
 * time); every answer must be accepted.
 */
export async function answerOneQuiz(page: Page, course: string) {
  expect((await page.request.post('/api/me/enrolments', { data: { courses: [course] } })).status()).toBe(201);
  const quiz = await (await page.request.post('/api/quizzes', { data: { course } })).json();
  for (let i = 0; i < 5; i++) {
    const question = await (await page.request.post(`/api/quizzes/${quiz.id}/next`)).json();
    const answer = await page.request.post(`/api/quizzes/${quiz.id}/answers`, {
      data: { itemId: question.itemId, answer: '0' },
    });
    expect(answer.ok()).toBe(true);
  }
}
