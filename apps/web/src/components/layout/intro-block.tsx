import { Link } from 'react-router';
import { paths } from '#src/config/paths.ts';

// SPEC §2: the intro block is hidden on these routes (comprehension has no screen but is listed).
const EXCLUDED = new Set<string>([
  paths.accessAccount,
  paths.askAi,
  paths.instructorLogin,
  paths.instructorSignup,
  paths.parentLogin,
  paths.parentSignup,
  paths.learnerLogin,
  paths.learnerSignup,
  paths.parent,
  paths.courses,
  paths.progress,
  paths.profile,
  paths.teachers,
  paths.mathematics,
  paths.science,
  paths.english,
  paths.socialScience,
  '/comprehension',
  paths.checkEmail,
  paths.aboutUs,
  paths.instructor,
  paths.resetPassword,
  // Not in the SPEC: the account pages belong to the teacher's and the parent's areas, which the SPEC excludes.
  paths.instructorAccount,
  paths.parentAccount,
  paths.whoCanSee,
  paths.parentConsent,
]);

/** Whether the intro block shows on a path. */
export const showsIntro = (pathname: string) => !EXCLUDED.has(pathname.replace(/\/+$/, '') || '/');

/** The landing hero with the three entry buttons. */
export function IntroBlock() {
  return (
    <section className="intro" aria-labelledby="intro-title">
      <div className="intro-inner">
        <h1 id="intro-title">Empowering Every Mind, Everywhere</h1>
        <p className="intro-goal">Accessible Education for a Better World</p>
        <div className="intro-actions">
          <Link className="button" to={paths.learnerLogin}>
            Learners
          </Link>
          <Link className="button button-secondary" to={paths.instructorLogin}>
            Teacher
          </Link>
          <Link className="button button-secondary" to={paths.parentLogin}>
            Parent
          </Link>
        </div>
      </div>
    </section>
  );
}
