import { Spinner } from '#src/components/ui/spinner.tsx';
import { useClassView } from '../api/guardians.ts';

const dateFormat = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium' });

/** Mastery as a heat-map cell: darker means stronger; the number is always written, colour is never the only cue. */
function heatClass(value: number | undefined): string {
  if (value === undefined) return 'heat heat-none';
  if (value >= 80) return 'heat heat-4';
  if (value >= 60) return 'heat heat-3';
  if (value >= 40) return 'heat heat-2';
  return 'heat heat-1';
}

/** A class: each student's mastery per skill (a heat map), activity, and the skills the class finds hardest. */
export function ClassViewPanel({ classId }: { classId: string }) {
  const view = useClassView(classId);
  if (view.isPending) return <Spinner label="Loading the class" />;
  if (view.isError) return <p role="alert">We could not load this class. Please try again later.</p>;
  const { students, skills, hardestSkills } = view.data;
  if (students.length === 0) {
    return (
      <p>No student has joined yet. Share the class code {view.data.class.joinCode} with your students.</p>
    );
  }
  return (
    <div className="class-view">
      {hardestSkills.length > 0 && (
        <section aria-labelledby={`hardest-${classId}`}>
          <h4 id={`hardest-${classId}`}>Skills the class finds hardest</h4>
          <ol className="plain-list">
            {hardestSkills.map((s) => (
              <li key={s.key}>
                {s.name} ({s.course.replace('_', ' ')}): {s.averageMastery}% average over {s.learners}{' '}
                {s.learners === 1 ? 'student' : 'students'}
              </li>
            ))}
          </ol>
        </section>
      )}
      {/* A wide table scrolls sideways; keyboard users must be able to focus it to scroll (WCAG 2.1.1). */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
      <div className="table-scroll" tabIndex={0} role="region" aria-label="Mastery per student and skill">
        <table className="table heat-table">
          <caption>Mastery per student and skill (percent; blank: not started)</caption>
          <thead>
            <tr>
              <th scope="col">Student</th>
              <th scope="col">Last active</th>
              <th scope="col">Quizzes this week</th>
              {skills.map((s) => (
                <th key={s.key} scope="col">
                  {s.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {students.map((student) => (
              <tr key={student.id}>
                <th scope="row">
                  {student.firstName} {student.lastName}
                </th>
                <td>
                  {student.lastActiveAt ? dateFormat.format(new Date(student.lastActiveAt)) : 'Not yet'}
                </td>
                <td>{student.quizzesThisWeek}</td>
                {skills.map((s) => {
                  const value = student.mastery[s.key];
                  return (
                    <td key={s.key} className={heatClass(value)}>
                      {value === undefined ? '' : `${value}%`}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
