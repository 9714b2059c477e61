import { Link } from 'react-router';
import { LearnerLayout } from '#src/app/layout/learner-layout.tsx';
import { Spinner } from '#src/components/ui/spinner.tsx';
import { paths } from '#src/config/paths.ts';
import { useMe } from '#src/features/auth/api/get-me.ts';
import { useCourses, useEnrolments } from '#src/features/courses/api/courses.ts';
import { CourseCard } from '#src/features/courses/components/course-card.tsx';
import { EnrollDialog } from '#src/features/courses/components/enroll-dialog.tsx';
import { useTitle } from '#src/lib/use-title.ts';

function Dashboard({ firstName }: { firstName: string }) {
  const courses = useCourses();
  const enrolments = useEnrolments();
  if (courses.isPending || enrolments.isPending) return <Spinner label="Loading your courses" />;
  if (courses.isError || enrolments.isError) {
    return (
      <div role="alert" className="form-error">
        <p>We could not load your courses.</p>
        <button
          type="button"
          className="button button-small"
          onClick={() => void Promise.all([courses.refetch(), enrolments.refetch()])}
        >
          Try again
        </button>
      </div>
    );
  }
  const enrolled = new Set(enrolments.data.map((e) => e.course.key));
  const available = courses.data.filter((c) => !enrolled.has(c.key));
  return (
    <>
      <h1>Welcome, {firstName || 'Anonymous'}</h1>
      <div className="section-head">
        <h2>My Courses</h2>
        <EnrollDialog available={available} />
      </div>
      {enrolments.data.length === 0 ? (
        <p>You have not enrolled in any course yet. Press Enroll to choose your first courses.</p>
      ) : (
        <div className="card-grid">
          {enrolments.data.map((enrolment) => (
            <CourseCard key={enrolment.course.key} enrolment={enrolment} />
          ))}
        </div>
      )}
      <aside className="tutor-callout" aria-labelledby="tutor-callout-title">
        <h2 id="tutor-callout-title">Stuck on something?</h2>
        <p>Your tutor gives hints and explains step by step.</p>
        <Link className="button button-secondary" to={paths.askAi}>
          Ask your Tutor
        </Link>
      </aside>
    </>
  );
}

/** The learner dashboard (SPEC §2): welcome, My Courses, Enroll and Unenroll; signed-out visitors get the prompt. */
export function Component() {
  useTitle('My Courses');
  const { data: me, isPending } = useMe();
  if (isPending) return <Spinner />;
  if (!me) {
    return (
      <div className="page narrow">
        <h1>My Courses</h1>
        <p role="alert" className="warning">
          Please login or register to access the courses
        </p>
        <p className="actions">
          <Link className="button" to={paths.learnerLogin}>
            Login
          </Link>
          <Link className="button button-secondary" to={paths.learnerSignup}>
            Register
          </Link>
        </p>
      </div>
    );
  }
  return (
    <LearnerLayout>
      <Dashboard firstName={me.firstName} />
    </LearnerLayout>
  );
}
