import { Link } from 'react-router';
import { paths } from '#src/config/paths.ts';
import { FoundationIllustration, ReaderIllustration } from './illustrations.tsx';
import { LearningBanner } from './learning-banner.tsx';

const HIGHLIGHTS = [
  {
    title: 'Quizzes that fit you',
    text: 'Five questions at a time, chosen for what you are ready to learn next.',
  },
  { title: 'Instant feedback', text: 'See at once whether you were right, and why.' },
  { title: 'A tutor when you are stuck', text: 'Ask questions any time and work through them step by step.' },
];

/** The learners marketing page (SPEC §2), embedded at the bottom of About us. */
export function LearnersMarketing() {
  return (
    <section className="learners-marketing" aria-labelledby="learners-title">
      <div className="marketing-hero">
        <div>
          <h2 id="learners-title">Learners and student</h2>
          <p className="marketing-kicker">Discover the Joy of Learning</p>
          <p>Building Strong Foundations for Lifelong Learning.</p>
          <Link className="button" to={paths.learnerSignup}>
            Start here
          </Link>
        </div>
        <ReaderIllustration className="marketing-art" />
      </div>
      <div className="marketing-highlights">
        <FoundationIllustration className="marketing-art-small" />
        <ul className="highlight-list">
          {HIGHLIGHTS.map((item) => (
            <li key={item.title}>
              <h3>{item.title}</h3>
              <p>{item.text}</p>
            </li>
          ))}
        </ul>
      </div>
      <LearningBanner />
    </section>
  );
}
