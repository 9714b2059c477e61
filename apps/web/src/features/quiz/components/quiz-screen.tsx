import { MASTERY_BAND_LABELS, QUESTIONS_PER_QUIZ, type CourseKey, type QuizSummary } from '@vidya/contracts';
import { Link } from 'react-router';
import { paths } from '#src/config/paths.ts';
import { useQuiz } from '../hooks/use-quiz.ts';
import { ChoiceAnswer, FreeTextAnswer } from './answer-forms.tsx';
import { QUIZ_TEXTS } from './quiz-texts.ts';

/** Not enrolled: the invitation to register (SPEC §2). */
function RegisterInvite() {
  return (
    <div className="quiz-card">
      <p className="warning">Please register to take part in the quiz.</p>
      <Link className="button" to={paths.courses}>
        Register here
      </Link>
    </div>
  );
}

function QuizIntro({
  course,
  onStart,
  starting,
}: {
  course: CourseKey;
  onStart: () => void;
  starting: boolean;
}) {
  const texts = QUIZ_TEXTS[course];
  return (
    <div className="quiz-card">
      <h1>{texts.intro}</h1>
      <h2>Rules</h2>
      <ul>
        <li>The quiz has {QUESTIONS_PER_QUIZ} questions, chosen for you.</li>
        <li>Each question is worth 1 point: a correct answer gives you 1 point.</li>
        <li>Refreshing the page resets the quiz (your answers so far are still saved).</li>
      </ul>
      <button type="button" className="button" onClick={onStart} disabled={starting}>
        Start the Quiz!!
      </button>
    </div>
  );
}

function ProgressBar({ position }: { position: number }) {
  // SPEC §4: the bar's width is (current number + 1) / 5.
  const percent = ((position + 1) / QUESTIONS_PER_QUIZ) * 100;
  return (
    <div
      className="progress"
      role="progressbar"
      aria-label="Quiz progress"
      aria-valuemin={0}
      aria-valuemax={QUESTIONS_PER_QUIZ}
      aria-valuenow={position + 1}
    >
      <div className="progress-fill" style={{ width: `${percent}%` }} />
    </div>
  );
}

function ScoreScreen({ course, summary }: { course: CourseKey; summary: QuizSummary }) {
  return (
    <div className="quiz-card">
      <h1>
        Your Score: {summary.quiz.score}/{summary.quiz.total}
      </h1>
      <p>You earned {summary.xpEarned} experience points.</p>
      {summary.badgesEarned.length > 0 && (
        <p role="status" className="success">
          New badge{summary.badgesEarned.length > 1 ? 's' : ''}:{' '}
          {summary.badgesEarned.map((b) => b.name).join(', ')}!{' '}
          <Link to={paths.profile}>See your badges</Link>
        </p>
      )}
      {summary.skills.length > 0 && (
        <>
          <h2>What changed</h2>
          <table className="table">
            <caption className="visually-hidden">Mastery of each skill before and after this quiz</caption>
            <thead>
              <tr>
                <th scope="col">Skill</th>
                <th scope="col">Before</th>
                <th scope="col">After</th>
                <th scope="col">Level</th>
              </tr>
            </thead>
            <tbody>
              {summary.skills.map((change) => (
                <tr key={change.skill.id}>
                  <th scope="row">{change.skill.name}</th>
                  <td>{change.before === null ? 'new' : `${change.before}%`}</td>
                  <td>{change.after}%</td>
                  <td>{MASTERY_BAND_LABELS[change.band]}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
      <Link className="button" to={paths.courses}>
        {QUIZ_TEXTS[course].done}
      </Link>
    </div>
  );
}

/** One quiz from intro to score (SPEC §2, §4). State lives in memory: refreshing resets it, answers stay saved. */
export function QuizScreen({ course, isEnrolled }: { course: CourseKey; isEnrolled: boolean }) {
  const quiz = useQuiz({ course, isEnrolled });
  const { phase } = quiz.state;

  switch (phase.name) {
    case 'not-registered':
      // SPEC §4: science, english and social_science show the register invitation instead of the intro.
      return (
        <>
          <h1>{QUIZ_TEXTS[course].header}</h1>
          <RegisterInvite />
        </>
      );
    case 'intro':
      return <QuizIntro course={course} onStart={quiz.start} starting={phase.isStarting} />;
    case 'loading':
      return (
        <div className="quiz-card" role="status">
          <h1>{QUIZ_TEXTS[course].header}</h1>
          <p>Loading questions...</p>
        </div>
      );
    case 'failed':
      return (
        <div className="quiz-card">
          <h1>{QUIZ_TEXTS[course].header}</h1>
          <div role="alert" className="form-error">
            <p>{phase.message} Your answers so far are saved.</p>
            <button type="button" className="button button-small" onClick={quiz.retry}>
              Try again
            </button>
          </div>
        </div>
      );
    case 'finished':
      return <ScoreScreen course={course} summary={phase.summary} />;
    case 'question': {
      const { question, result, pending, failed } = phase;
      const isLocked = pending !== null;
      return (
        <div className="quiz-card">
          <h1>{QUIZ_TEXTS[course].header}</h1>
          <ProgressBar position={question.position} />
          <p className="question-number">
            Question {question.position + 1} of {question.total} · {question.skill.name}
          </p>
          {question.passage && (
            <section className="passage" aria-labelledby="passage-heading">
              <h2 id="passage-heading">Reading Paragraph:</h2>
              <h3>{question.passage.title}</h3>
              {question.passage.text.split(/\n\n+/).map((paragraph) => (
                <p key={paragraph.slice(0, 40)}>{paragraph}</p>
              ))}
            </section>
          )}
          <p className="question-text" id="question-text">
            {question.prompt}
          </p>
          {question.kind === 'choice' && question.choices ? (
            <ChoiceAnswer
              key={question.itemId}
              prompt={question.prompt}
              choices={question.choices}
              disabled={isLocked}
              correctIndex={result?.correctIndex}
              onSubmit={(index) => quiz.answer(String(index))}
            />
          ) : (
            <FreeTextAnswer key={question.itemId} disabled={isLocked} onSubmit={quiz.answer} />
          )}
          <div className="feedback" role="status" aria-live="polite">
            {result && (
              <>
                <p className={result.correct ? 'feedback-correct' : 'feedback-wrong'}>
                  {result.correct
                    ? 'Correct! Well done.'
                    : `Incorrect. The correct answer is: ${result.correctAnswer}`}
                </p>
                <p className="explanation">{result.explanation}</p>
              </>
            )}
          </div>
          {failed && pending !== null && (
            <div role="alert" className="form-error">
              <p>We could not save your answer. Nothing is lost: try again.</p>
              <button type="button" className="button button-small" onClick={() => quiz.answer(pending)}>
                Try again
              </button>
            </div>
          )}
          <Link
            className="button button-secondary"
            to={`${paths.askAi}?quiz=${question.quizId}&item=${encodeURIComponent(question.itemId)}`}
            target="_blank"
            rel="noopener"
          >
            Ask the tutor<span className="visually-hidden"> (opens in a new tab)</span>
          </Link>
          {result && (
            <button type="button" className="button" onClick={quiz.next}>
              Next Question
            </button>
          )}
        </div>
      );
    }
  }
}
