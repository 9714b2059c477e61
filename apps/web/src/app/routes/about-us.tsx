import { CourseAccordion } from '#src/features/marketing/components/course-accordion.tsx';
import { LearnersMarketing } from '#src/features/marketing/components/learners-marketing.tsx';
import { useTitle } from '#src/lib/use-title.ts';

/** About us (SPEC §2): welcome, vision, technology, the course accordion, and the learners page below. */
export function Component() {
  useTitle('About us');
  return (
    <div className="page about-page">
      <section className="about-welcome" aria-labelledby="about-title">
        <h1 id="about-title">Welcome to Vidya</h1>
        <p className="lead">
          Vidya is a free learning site for every school child. It was built for a student developer club
          hackathon and gives personalised AI quizzes with instant feedback in Science, Mathematics, Social
          Science and English.
        </p>
      </section>
      <div className="about-columns">
        <section aria-labelledby="vision-title" className="about-card">
          <h2 id="vision-title">Our Vision</h2>
          <p>
            Accessible education for a better world: every child, everywhere, should have a patient teacher
            who knows what they are ready to learn next, whatever their school, language or means.
          </p>
        </section>
        <section aria-labelledby="technology-title" className="about-card">
          <h2 id="technology-title">Technology and Innovation</h2>
          <p>
            An adaptive engine estimates what each learner already knows and picks every question to stretch
            them just enough. Answers are checked on the spot, mastery is tracked skill by skill, and a tutor
            explains the steps when a learner is stuck. The site works on slow connections and keeps working
            offline.
          </p>
        </section>
      </div>
      <section aria-labelledby="join-title" className="about-join">
        <h2 id="join-title">Join Our Learning Revolution</h2>
        <p>Four courses, each a set of short quizzes. Open one to see what it covers.</p>
        <CourseAccordion />
      </section>
      <section aria-labelledby="creators" className="about-creators">
        <h2 id="creators">The creators</h2>
        <p>Vidya is made by a small team of student developers and teachers in India.</p>
      </section>
      <LearnersMarketing />
    </div>
  );
}
