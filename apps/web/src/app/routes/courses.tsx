import { Link } from 'react-router';
import { LearnerLayout } from '#src/components/layout/learner-layout.tsx';
import { Spinner } from '#src/components/ui/spinner.tsx';
import { paths } from '#src/config/paths.ts';
import { useMe } from '#src/features/auth/api/get-me.ts';
import { useTitle } from '#src/lib/use-title.ts';

/** The learner dashboard; signed-out visitors get the spec's login prompt (enrolment arrives with issue #6). */
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
      <h1>Welcome, {me.firstName || 'Anonymous'}</h1>
      <h2>My Courses</h2>
      <p>You have not enrolled in any course yet.</p>
    </LearnerLayout>
  );
}
