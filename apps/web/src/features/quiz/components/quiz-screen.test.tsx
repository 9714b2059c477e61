import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { problem, renderApp, signedInAs, type FakeAnswer } from '#src/testing/render-app.tsx';

const enrolment = (key: string) => ({
  course: { key, title: key, subject: key },
  enrolledAt: '2026-01-05T10:00:00.000Z',
  mastery: 0,
  skillsPractised: 0,
  skillsTotal: 4,
});
const ok = (body: unknown): FakeAnswer => ({ status: 200, body });

/** A signed-in learner enrolled in the given courses only; `answer` handles the quiz's requests first. */
function signedInLearner(
  enrolledIn: string[],
  answer?: (url: string, method: string, body: unknown) => FakeAnswer | undefined,
) {
  return signedInAs('learners', (url, method, body) => {
    if (url.endsWith('/api/me/enrolments')) return ok(enrolledIn.map(enrolment));
    return answer?.(url, method, body);
  });
}

const QUIZ_ID = '00000000-0000-4000-8000-00000000000a';
const skill = { id: 'sci-cells', name: 'Cells and living things' };
const CHOICES = ['Nucleus', 'Cell wall', 'Cytoplasm', 'Vacuole'];

interface FakeQuizOptions {
  course?: string;
  /** How many requests of each call fail (with a 500 problem) before it succeeds. */
  failures?: Partial<Record<'next' | 'answer' | 'summary', number>>;
  /** The answer (as sent) that is right; any other is wrong. */
  right?: string;
}

/**
 * A signed-in learner enrolled in `course`, and a server that plays one quiz of five multiple-choice questions (or
 * free-text ones for mathematics) whose right answer is `right`. The learner's XP grows by 10 per right answer.
 */
function quizServer({ course = 'science', failures = {}, right = '0' }: FakeQuizOptions = {}) {
  let position = 0;
  let score = 0;
  const failing = { next: 0, answer: 0, summary: 0, ...failures };
  const fail = (call: keyof typeof failing) =>
    failing[call]-- > 0 ? problem(500, 'internal_error', 'Something went wrong.') : undefined;
  const isMathematics = course === 'mathematics';
  return signedInLearner([course], (url, method, body) => {
    if (url.endsWith('/api/me/stats'))
      return ok({ xp: score * 10, correctAnswers: score, quizzesFinished: 0, streakDays: 0 });
    if (method === 'POST' && url.endsWith('/api/quizzes'))
      return {
        status: 201,
        body: { id: QUIZ_ID, course, total: 5, answered: 0, score: 0, finished: false },
      };
    if (method === 'POST' && url.endsWith(`/api/quizzes/${QUIZ_ID}/next`))
      return (
        fail('next') ??
        ok({
          quizId: QUIZ_ID,
          position,
          total: 5,
          score,
          itemId: `item-${position}`,
          kind: isMathematics ? 'free_text' : 'choice',
          prompt: isMathematics
            ? `What is ${position} + 2?`
            : `Question ${position}: which part controls the cell?`,
          ...(isMathematics ? {} : { choices: CHOICES }),
          skill,
        })
      );
    if (method === 'POST' && url.endsWith(`/api/quizzes/${QUIZ_ID}/answers`)) {
      if (failing.answer > 0) return fail('answer');
      const isRight = (body as { answer: string }).answer === right;
      if (isRight) score += 1;
      position += 1;
      return ok({
        correct: isRight,
        correctAnswer: isMathematics ? right : CHOICES[Number(right)],
        ...(isMathematics ? {} : { correctIndex: Number(right) }),
        explanation: 'The nucleus holds the cell’s instructions.',
        score,
        answered: position,
        finished: position === 5,
        mastery: { skill, before: null, after: 62, band: 'getting there' },
      });
    }
    if (method === 'GET' && url.endsWith(`/api/quizzes/${QUIZ_ID}`))
      return (
        fail('summary') ??
        ok({
          quiz: { id: QUIZ_ID, course, total: 5, answered: 5, score, finished: true },
          skills: [{ skill, before: null, after: 62, band: 'getting there' }],
          xpEarned: score * 10,
          badgesEarned: [{ id: 'science-whizz', name: 'Science Whizz' }],
        })
      );
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

// Each test renders the whole quiz page, whose route loads lazily: slow on a shared machine.
describe('the quiz screen of an enrolled learner', { timeout: 20_000 }, () => {
  it('takes the learner from the first question through feedback to the score', async () => {
    const { calls } = quizServer();
    const user = userEvent.setup();
    renderApp('/science');
    await user.click(await screen.findByRole('button', { name: 'Start the Quiz!!' }, { timeout: 5000 }));

    for (let n = 0; n < 5; n++) {
      expect(await screen.findByText(`Question ${n + 1} of 5 · Cells and living things`)).toBeInTheDocument();
      expect(screen.getByRole('heading', { level: 1, name: 'Science Quiz' })).toBeInTheDocument();
      expect(screen.getByRole('progressbar', { name: 'Quiz progress' })).toHaveAttribute(
        'aria-valuenow',
        String(n + 1),
      );
      expect(
        screen.getByRole('group', { name: `Question ${n}: which part controls the cell?` }),
      ).toBeInTheDocument();
      const submit = screen.getByRole('button', { name: 'Submit Answer' });
      expect(submit).toBeDisabled();
      expect(screen.queryByRole('button', { name: 'Next Question' })).not.toBeInTheDocument();
      expect(screen.getByRole('link', { name: /^Ask the tutor/ })).toHaveAttribute(
        'href',
        `/learner/askai?quiz=${QUIZ_ID}&item=item-${n}`,
      );

      const isRight = n % 2 === 0;
      await user.click(screen.getByRole('radio', { name: isRight ? 'Nucleus' : 'Cell wall' }));
      await user.click(submit);
      expect(
        await screen.findByText(
          isRight ? 'Correct! Well done.' : 'Incorrect. The correct answer is: Nucleus',
        ),
      ).toBeInTheDocument();
      expect(screen.getByText('The nucleus holds the cell’s instructions.')).toBeInTheDocument();
      expect(submit).toBeDisabled();
      for (const radio of screen.getAllByRole('radio')) expect(radio).toBeDisabled();
      // The header's experience points follow each answer.
      expect(
        await screen.findByRole('link', { name: `Exp: ${(Math.floor(n / 2) + 1) * 10}` }),
      ).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Next Question' }));
    }

    expect(await screen.findByRole('heading', { level: 1, name: 'Your Score: 3/5' })).toBeInTheDocument();
    expect(screen.getByText('You earned 30 experience points.')).toBeInTheDocument();
    expect(screen.getByText(/^New badge: Science Whizz!/)).toHaveTextContent(
      'New badge: Science Whizz! See your badges',
    );
    expect(screen.getByRole('link', { name: 'See your badges' })).toHaveAttribute('href', '/profile');
    const changes = screen.getByRole('table', { name: 'Mastery of each skill before and after this quiz' });
    expect(
      within(changes).getByRole('row', { name: 'Cells and living things new 62% Getting there' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Course Page' })).toHaveAttribute('href', '/courses');
    expect(calls.filter((c) => c.url.endsWith('/api/quizzes')).map((c) => c.body)).toEqual([
      { course: 'science', timeZone: expect.any(String) },
    ]);
    expect(calls.filter((c) => c.url.endsWith('/answers')).map((c) => c.body)).toEqual(
      [0, 1, 2, 3, 4].map((n) => ({ itemId: `item-${n}`, answer: n % 2 === 0 ? '0' : '1' })),
    );
  });

  it('sends a typed mathematics answer, with Submit disabled while the box is empty', async () => {
    const { calls } = quizServer({ course: 'mathematics', right: '2' });
    const user = userEvent.setup();
    renderApp('/mathematics');
    await user.click(await screen.findByRole('button', { name: 'Start the Quiz!!' }, { timeout: 5000 }));
    expect(await screen.findByText('What is 0 + 2?')).toBeInTheDocument();
    const submit = screen.getByRole('button', { name: 'Submit' });
    expect(submit).toBeDisabled();
    await user.type(screen.getByPlaceholderText('Type your answer here'), '2');
    await user.click(submit);
    expect(await screen.findByText('Correct! Well done.')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Type your answer here')).toBeDisabled();
    expect(calls.find((c) => c.url.endsWith('/answers'))?.body).toEqual({ itemId: 'item-0', answer: '2' });
  });

  it('offers Try again when a question does not load, and goes on with the same quiz', async () => {
    const { calls } = quizServer({ failures: { next: 1 } });
    const user = userEvent.setup();
    renderApp('/science');
    await user.click(await screen.findByRole('button', { name: 'Start the Quiz!!' }, { timeout: 5000 }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Something went wrong while loading. Your answers so far are saved.',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Science Quiz' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Question 1 of 5 · Cells and living things')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(calls.filter((c) => c.url.endsWith('/api/quizzes'))).toHaveLength(1);
    expect(calls.filter((c) => c.url.endsWith(`/api/quizzes/${QUIZ_ID}/next`))).toHaveLength(2);
  });

  it('keeps an answer that could not be saved, and sends it again on Try again', async () => {
    const { calls } = quizServer({ failures: { answer: 1 } });
    const user = userEvent.setup();
    renderApp('/science');
    await user.click(await screen.findByRole('button', { name: 'Start the Quiz!!' }, { timeout: 5000 }));
    await user.click(await screen.findByRole('radio', { name: 'Cytoplasm' }));
    await user.click(screen.getByRole('button', { name: 'Submit Answer' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We could not save your answer. Nothing is lost: try again.',
    );
    expect(screen.getByRole('button', { name: 'Submit Answer' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Incorrect. The correct answer is: Nucleus')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(calls.filter((c) => c.url.endsWith('/answers')).map((c) => c.body)).toEqual([
      { itemId: 'item-0', answer: '2' },
      { itemId: 'item-0', answer: '2' },
    ]);
  });

  it('offers Try again when the score does not load after the last answer', async () => {
    quizServer({ failures: { summary: 1 } });
    const user = userEvent.setup();
    renderApp('/science');
    await user.click(await screen.findByRole('button', { name: 'Start the Quiz!!' }, { timeout: 5000 }));
    for (let n = 0; n < 5; n++) {
      await user.click(await screen.findByRole('radio', { name: 'Nucleus' }));
      await user.click(screen.getByRole('button', { name: 'Submit Answer' }));
      await user.click(await screen.findByRole('button', { name: 'Next Question' }));
    }
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Something went wrong while loading. Your answers so far are saved.',
    );
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Your Score: 5/5' })).toBeInTheDocument();
  });

  it('invites the learner to register when the server says they are not enrolled', async () => {
    signedInLearner(['science'], (url, method) =>
      method === 'POST' && url.endsWith('/api/quizzes')
        ? problem(403, 'not_enrolled', 'You are not enrolled in this course.')
        : undefined,
    );
    const user = userEvent.setup();
    renderApp('/science');
    await user.click(await screen.findByRole('button', { name: 'Start the Quiz!!' }, { timeout: 5000 }));
    expect(await screen.findByText('Please register to take part in the quiz.')).toBeInTheDocument();
    expect(window.alert).toHaveBeenCalledWith('you are not registered in this course');
  });
});
