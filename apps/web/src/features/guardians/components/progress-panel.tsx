import { MASTERY_BAND_LABELS, type LearnerProgress } from '@vidya/contracts';

const dateFormat = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium' });

/** A learner's progress as a verified parent or teacher sees it. */
export function ProgressPanel({ progress }: { progress: LearnerProgress }) {
  return (
    <div className="progress-panel">
      <dl className="figures">
        <div>
          <dt>Time spent</dt>
          <dd>{progress.minutesSpent} min</dd>
        </div>
        <div>
          <dt>Quizzes this week</dt>
          <dd>{progress.quizzesThisWeek}</dd>
        </div>
        <div>
          <dt>Streak</dt>
          <dd>
            {progress.streakDays} {progress.streakDays === 1 ? 'day' : 'days'}
          </dd>
        </div>
        <div>
          <dt>Last active</dt>
          <dd>{progress.lastActiveAt ? dateFormat.format(new Date(progress.lastActiveAt)) : 'Not yet'}</dd>
        </div>
      </dl>
      {progress.courses.length === 0 && <p>Not enrolled in any course yet.</p>}
      {progress.courses.map(({ course, mastery, skills }) => (
        <section key={course.key} aria-labelledby={`progress-${progress.learner.id}-${course.key}`}>
          <h4 id={`progress-${progress.learner.id}-${course.key}`}>
            {course.title}: {mastery}% mastery
          </h4>
          <table className="table">
            <caption className="visually-hidden">Mastery of each {course.title} skill</caption>
            <thead>
              <tr>
                <th scope="col">Skill</th>
                <th scope="col">Mastery</th>
                <th scope="col">Level</th>
                <th scope="col">Answers</th>
              </tr>
            </thead>
            <tbody>
              {skills
                .filter((s) => s.attempts > 0)
                .map((s) => (
                  <tr key={s.id}>
                    <th scope="row">{s.name}</th>
                    <td>{s.mastery}%</td>
                    <td>{MASTERY_BAND_LABELS[s.band]}</td>
                    <td>{s.attempts}</td>
                  </tr>
                ))}
            </tbody>
          </table>
          {skills.every((s) => s.attempts === 0) && <p className="muted">No skill practised yet.</p>}
        </section>
      ))}
      <h4>Recent quizzes</h4>
      {progress.recentQuizzes.length === 0 ? (
        <p className="muted">No quiz finished yet.</p>
      ) : (
        <ul className="plain-list">
          {progress.recentQuizzes.map((q) => (
            <li key={q.id}>
              {q.course.title}: {q.score}/{q.total} on {dateFormat.format(new Date(q.finishedAt))}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
