import { Link } from 'react-router';
import { paths } from '#src/config/paths.ts';
import { KiteIllustration } from './illustrations.tsx';

/** The banner embedded in the learners page (SPEC §2). */
export function LearningBanner() {
  return (
    <section className="learning-banner" aria-labelledby="banner-title">
      <div>
        <h3 id="banner-title">Learning Without Limits</h3>
        <p className="banner-line">Because Every Child Deserves to Dream.</p>
        <Link className="button button-amber" to={paths.learnerSignup}>
          Give them the chance
        </Link>
      </div>
      <KiteIllustration className="banner-art" />
    </section>
  );
}
