import { Link } from 'react-router';
import { paths } from '#src/config/paths.ts';
import { useTitle } from '#src/lib/use-title.ts';

const COURSES = [
  { name: 'Mathematics', text: 'A quiz on numbers and equations, from place value to linear equations.' },
  { name: 'Science', text: 'A quiz on the natural world: living things, matter, forces, energy and space.' },
  { name: 'English', text: 'Topics Reading and Tense, with grammar, vocabulary and punctuation.' },
  {
    name: 'Social Science',
    text: 'A quiz on history, culture and society, with geography, civics and economics.',
  },
];

/** About us (SPEC §2); the accordion and marketing page are finished in issue #10. */
export function Component() {
  useTitle('About us');
  return (
    <div className="page">
      <h1>Welcome to Vidya</h1>
      <p>
        Vidya is a free learning site for school children. It was built for a student developer club hackathon
        and gives personalised quizzes with instant feedback in Science, Mathematics, Social Science and
        English.
      </p>
      <h2>Our Vision</h2>
      <p>
        Every child, everywhere, should have a patient teacher who knows what they are ready to learn next.
      </p>
      <h2>Technology and Innovation</h2>
      <p>
        An adaptive engine picks each question for each learner, and every answer is checked and remembered.
      </p>
      <h2>Join Our Learning Revolution</h2>
      <ul className="link-list">
        {COURSES.map((course) => (
          <li key={course.name}>
            <h3>{course.name}</h3>
            <p>{course.text}</p>
            <Link to={paths.courses}>Go to courses</Link>
          </li>
        ))}
      </ul>
      <h2 id="creators">The creators</h2>
      <p>Vidya is made by a small team of engineers and teachers in India.</p>
    </div>
  );
}
