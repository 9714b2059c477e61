import { Link } from 'react-router';
import { paths } from '#src/config/paths.ts';
import { useTitle } from '#src/lib/use-title.ts';

const GROUPS = [
  { title: 'For Teachers', login: paths.instructorLogin, signup: paths.instructorSignup },
  { title: 'For Students', login: paths.learnerLogin, signup: paths.learnerSignup },
  { title: 'For Parents', login: paths.parentLogin, signup: paths.parentSignup },
] as const;

/** Account access: login and sign-up links grouped by audience (SPEC §2). */
export function Component() {
  useTitle('Sign up or log in');
  return (
    <div className="page">
      <h1>Sign up or log in</h1>
      <div className="card-grid">
        {GROUPS.map((group) => (
          <section key={group.title} className="card" aria-labelledby={`group-${group.login}`}>
            <h2 id={`group-${group.login}`}>{group.title}</h2>
            <ul className="link-list">
              <li>
                <Link to={group.login}>Login</Link>
              </li>
              <li>
                <Link to={group.signup}>Sign Up</Link>
              </li>
            </ul>
          </section>
        ))}
      </div>
    </div>
  );
}
