import { Link } from 'react-router';
import { paths } from '#src/config/paths.ts';
import { FoundationIllustration } from '#src/features/marketing/components/illustrations.tsx';
import { useTitle } from '#src/lib/use-title.ts';

/** The home page: the intro (drawn by the shell) and the about block (SPEC §2). */
export function Component() {
  useTitle('Home');
  return (
    <section className="page about-block" aria-labelledby="about-title">
      <div>
        <h2 id="about-title">About Vidya</h2>
        <p>
          Vidya began at a student developer club hackathon with one idea: every child deserves a patient
          teacher. It gives personalised AI quizzes with instant feedback in Science, Mathematics, Social
          Science and English, and a tutor that helps when you are stuck.
        </p>
        <ul className="feature-list">
          <li>
            <strong>Learners</strong> take short quizzes that adapt to what they already know.
          </li>
          <li>
            <strong>Teachers</strong> see how their class is doing, skill by skill.
          </li>
          <li>
            <strong>Parents</strong> follow their children's progress, with the child's consent.
          </li>
        </ul>
        <p>
          <Link to={paths.aboutUs}>Read more about us</Link>
        </p>
      </div>
      <FoundationIllustration className="about-art" />
    </section>
  );
}
