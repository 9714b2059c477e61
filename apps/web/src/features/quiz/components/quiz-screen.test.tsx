import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, renderApp } from '#src/testing/render-app.tsx';

const learner = {
  id: '1',
  role: 'learners',
  email: 'asha@example.com',
  username: 'asha',
  firstName: 'Asha',
  lastName: 'Rao',
  emailVerified: true,
};

/** A signed-in learner enrolled in the given courses only. */
function signedInLearner(enrolledIn: string[]) {
  return fakeServer((url) => {
    if (url.endsWith('/api/session')) return { status: 200, body: { account: learner } };
    if (url.endsWith('/api/me/enrolments'))
      return {
        status: 200,
        body: enrolledIn.map((key) => ({
          course: { key, title: key, subject: key },
          enrolledAt: '2026-01-05T10:00:00.000Z',
          mastery: 0,
          skillsPractised: 0,
          skillsTotal: 4,
        })),
      };
    return undefined;
  });
}

beforeEach(() => {
  vi.spyOn(window, 'alert').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('quiz page of a course the learner is not enrolled in', () => {
  it.each([
    ['/science', 'Science Quiz', 'Welcome to Science'],
    ['/english', 'English Quiz', 'Welcome to English'],
    ['/social_science', 'Social Science Quiz', 'Welcome to Social Science'],
  ])('%s shows the register invitation instead of the intro', async (path, header, intro) => {
    signedInLearner(['mathematics']);
    renderApp(path);
    expect(await screen.findByText('Please register to take part in the quiz.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Register here' })).toHaveAttribute('href', '/courses');
    expect(screen.getByRole('heading', { level: 1, name: header })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: intro })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Rules' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Start the Quiz!!' })).not.toBeInTheDocument();
  });

  it('shows the intro to an enrolled learner', async () => {
    signedInLearner(['science']);
    renderApp('/science');
    expect(await screen.findByRole('heading', { name: 'Welcome to Science' })).toBeInTheDocument();
    expect(screen.queryByText('Please register to take part in the quiz.')).not.toBeInTheDocument();
  });

  it('/mathematics keeps its intro and alerts on start, then invites to register', async () => {
    const { calls } = signedInLearner(['science']);
    const user = userEvent.setup();
    renderApp('/mathematics');
    expect(await screen.findByRole('heading', { name: 'Welcome to Mathematics World' })).toBeInTheDocument();
    expect(screen.queryByText('Please register to take part in the quiz.')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Start the Quiz!!' }));
    expect(window.alert).toHaveBeenCalledWith('you are not registered in this course');
    expect(await screen.findByText('Please register to take part in the quiz.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Welcome to Mathematics World' })).not.toBeInTheDocument();
    expect(calls.some((c) => c.url.endsWith('/api/quizzes'))).toBe(false);
  });
});
