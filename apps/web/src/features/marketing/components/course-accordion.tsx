import * as Accordion from '@radix-ui/react-accordion';
import { Link } from 'react-router';
import { paths } from '#src/config/paths.ts';

// SPEC §2 About us: one panel per course, each linking to /courses.
const COURSES = [
  {
    key: 'mathematics',
    name: 'Mathematics',
    text: 'A quiz on numbers and equations, from place value and fractions to linear equations.',
  },
  {
    key: 'science',
    name: 'Science',
    text: 'A quiz on the natural world: living things, matter, forces, energy and space.',
  },
  {
    key: 'english',
    name: 'English',
    text: 'Two topics, Reading and Tense: understand a passage, then use the right tense.',
    topics: ['Reading', 'Tense'],
  },
  {
    key: 'social_science',
    name: 'Social Science',
    text: 'A quiz on history, culture and society, with geography, civics and economics.',
  },
] as const;

/** The course accordion of About us. */
export function CourseAccordion() {
  return (
    <Accordion.Root type="multiple" className="accordion">
      {COURSES.map((course) => (
        <Accordion.Item key={course.key} value={course.key} className="accordion-item">
          <Accordion.Header asChild>
            <h3 className="accordion-header">
              <Accordion.Trigger className="accordion-trigger">
                <span>{course.name}</span>
                <svg
                  aria-hidden="true"
                  className="accordion-chevron"
                  viewBox="0 0 24 24"
                  width="20"
                  height="20"
                >
                  <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2.5" />
                </svg>
              </Accordion.Trigger>
            </h3>
          </Accordion.Header>
          <Accordion.Content className="accordion-content">
            <p>{course.text}</p>
            {'topics' in course && (
              <ul className="topic-list" aria-label={`${course.name} topics`}>
                {course.topics.map((topic) => (
                  <li key={topic}>{topic}</li>
                ))}
              </ul>
            )}
            <Link to={paths.courses}>Go to {course.name} on the courses page</Link>
          </Accordion.Content>
        </Accordion.Item>
      ))}
    </Accordion.Root>
  );
}
