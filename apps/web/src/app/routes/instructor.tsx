import type { Class } from '@vidya/contracts';
import * as Tabs from '@radix-ui/react-tabs';
import { useState } from 'react';
import { Spinner } from '#src/components/ui/spinner.tsx';
import { useMe } from '#src/features/auth/api/get-me.ts';
import {
  useClasses,
  useGuardianLearners,
  useRemoveGuardianLink,
} from '#src/features/guardians/api/guardians.ts';
import { AddClassDialog } from '#src/features/guardians/components/add-class-dialog.tsx';
import { AddLearnerDialog } from '#src/features/guardians/components/add-learner-dialog.tsx';
import { ClassViewPanel } from '#src/features/guardians/components/class-view.tsx';
import { useTitle } from '#src/lib/use-title.ts';
import { SafetyAlerts } from '#src/features/safety/components/safety-alerts.tsx';

const VIDEOS = [
  {
    title: 'Arithmetic',
    text: 'Addition to long division, step by step.',
    url: 'https://www.khanacademy.org/math/arithmetic',
  },
  {
    title: 'Biology',
    text: 'Cells, living things and the human body.',
    url: 'https://www.khanacademy.org/science/biology',
  },
  {
    title: 'Grammar',
    text: 'Parts of speech, tenses and punctuation.',
    url: 'https://www.khanacademy.org/humanities/grammar',
  },
  {
    title: 'World history',
    text: 'From early civilisations to the modern world.',
    url: 'https://www.khanacademy.org/humanities/world-history',
  },
];

function ClassCard({ cls }: { cls: Class }) {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <article className="card class-card" aria-label={cls.name}>
      <h3>{cls.name}</h3>
      <p>
        Students: {cls.students} {cls.students === 1 ? 'student' : 'students'}
      </p>
      <p>
        Class code: <strong className="join-code-inline">{cls.joinCode}</strong>
      </p>
      <div className="card-actions">
        <AddLearnerDialog
          kind="instructor"
          classId={cls.id}
          trigger={
            <button type="button" className="button button-small">
              Add students
            </button>
          }
        />
        <button
          type="button"
          className="button button-secondary"
          aria-expanded={isOpen}
          onClick={() => setIsOpen((v) => !v)}
        >
          {isOpen ? 'Hide class' : 'View class'}
        </button>
      </div>
      {isOpen && <ClassViewPanel classId={cls.id} />}
    </article>
  );
}

function ClassesTab() {
  const classes = useClasses();
  if (classes.isPending) return <Spinner label="Loading classes" />;
  if (classes.isError) return <p role="alert">We could not load your classes. Please try again later.</p>;
  return (
    <>
      <p className="actions">
        <AddClassDialog />
      </p>
      {classes.data.length === 0 ? (
        <p>No class yet. Press “Add new class” to create one.</p>
      ) : (
        <div className="class-list">
          {classes.data.map((cls) => (
            <ClassCard key={cls.id} cls={cls} />
          ))}
        </div>
      )}
    </>
  );
}

function StudentsTab() {
  const learners = useGuardianLearners();
  const remove = useRemoveGuardianLink();
  if (learners.isPending) return <Spinner label="Loading students" />;
  if (learners.isError) return <p role="alert">We could not load your students. Please try again later.</p>;
  if (learners.data.length === 0)
    return (
      <>
        <p>You don&apos;t have any students.</p>
        <p className="muted">Students appear here once they accept your request.</p>
      </>
    );
  return (
    <table className="table">
      <caption className="visually-hidden">Your students</caption>
      <thead>
        <tr>
          <th scope="col">Student Name</th>
          <th scope="col">Username</th>
          <th scope="col">Email</th>
          <th scope="col">
            <span className="visually-hidden">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {learners.data.map((row) => (
          <tr key={row.linkId}>
            <td>{row.learner ? `${row.learner.firstName} ${row.learner.lastName}` : row.username}</td>
            <td>{row.username}</td>
            <td>{row.learner?.email ?? ''}</td>
            <td>
              <button type="button" className="link-button" onClick={() => remove.mutate(row.linkId)}>
                Remove {row.username}
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function ResourcesTab() {
  return (
    <>
      <h2>Recommended videos</h2>
      <div className="card-grid">
        {VIDEOS.map((video) => (
          <article key={video.url} className="card video-card">
            <svg viewBox="0 0 160 90" aria-hidden="true" className="video-thumb">
              <rect width="160" height="90" rx="8" fill="#1e3a8a" />
              <polygon points="68,28 68,62 98,45" fill="#fbbf24" />
            </svg>
            <h3>{video.title}</h3>
            <p>{video.text}</p>
            <a href={video.url} target="_blank" rel="noreferrer noopener">
              Watch free videos on {video.title}
              <span className="visually-hidden"> (opens Khan Academy in a new tab)</span>
            </a>
          </article>
        ))}
      </div>
    </>
  );
}

/** The teacher dashboard (SPEC §2): Classes, Students and Resources tabs (their own data rights: /instructor/account). */
export function Component() {
  useTitle('Teacher dashboard');
  const { data: me } = useMe();
  return (
    <div className="page">
      <h1>Welcome, {me?.firstName || 'Anonymous'}</h1>
      <p className="tagline">Best Teacher</p>
      <SafetyAlerts />
      <Tabs.Root defaultValue="classes" className="tabs">
        <Tabs.List aria-label="Teacher dashboard" className="tab-list">
          <Tabs.Trigger value="classes">Classes</Tabs.Trigger>
          <Tabs.Trigger value="students">Students</Tabs.Trigger>
          <Tabs.Trigger value="resources">Resources</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="classes" className="tab-panel">
          <ClassesTab />
        </Tabs.Content>
        <Tabs.Content value="students" className="tab-panel">
          <StudentsTab />
        </Tabs.Content>
        <Tabs.Content value="resources" className="tab-panel">
          <ResourcesTab />
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}
