import type { Class } from '@vidya/contracts';
import * as Tabs from '@radix-ui/react-tabs';
import { useId, useState } from 'react';
import { DialogCancel, DialogShell } from '#src/components/ui/dialog.tsx';
import { Spinner } from '#src/components/ui/spinner.tsx';
import { useMe } from '#src/features/auth/api/get-me.ts';
import { YourDataSection } from '#src/features/data-rights/components/your-data-section.tsx';
import {
  useClasses,
  useCreateClass,
  useGuardianLearners,
  useRemoveGuardianLink,
} from '#src/features/guardians/api/guardians.ts';
import { AddLearnerDialog } from '#src/features/guardians/components/add-learner-dialog.tsx';
import { ClassViewPanel } from '#src/features/guardians/components/class-view.tsx';
import { ApiError } from '#src/lib/api-client.ts';
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

function AddClassDialog() {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<Class | null>(null);
  const createClass = useCreateClass();
  const inputId = useId();

  const handleOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) {
      setName('');
      setError(null);
      setCreated(null);
    }
  };
  const handleSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setError('*Class name is required');
    try {
      setCreated(await createClass.mutateAsync(name.trim()));
      setError(null);
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : 'Something went wrong. Please try again.');
    }
  };

  return (
    <DialogShell
      trigger={
        <button type="button" className="button">
          Add new class
        </button>
      }
      title="How would you like to add your students?"
      description="Name the class, then share its code, invite through your classroom service, or add students by username."
      open={open}
      onOpenChange={handleOpenChange}
    >
      {created ? (
        <div className="form">
          <p role="status">
            Class <strong>{created.name}</strong> is ready. Students join it on their Teachers page with the
            code:
          </p>
          <p className="join-code" aria-label={`Class code ${created.joinCode.split('').join(' ')}`}>
            {created.joinCode}
          </p>
          <p>
            Or share it through your classroom service:{' '}
            <a href="https://classroom.google.com/" target="_blank" rel="noreferrer noopener">
              invite from Google Classroom
            </a>
            , or use “Add students” on the class card to add students by username.
          </p>
          <div className="dialog-actions">
            <button type="button" className="button" onClick={() => handleOpenChange(false)}>
              Done
            </button>
          </div>
        </div>
      ) : (
        <form className="form" noValidate onSubmit={(e) => void handleSubmit(e)}>
          <div className="field">
            <label htmlFor={inputId}>Class name</label>
            <div className="field-row">
              <input id={inputId} value={name} onChange={(e) => setName(e.target.value)} maxLength={60} />
            </div>
          </div>
          {error && (
            <p role="alert" className="form-error">
              {error}
            </p>
          )}
          <div className="dialog-actions">
            <DialogCancel />
            <button type="submit" className="button" disabled={createClass.isPending}>
              Create class
            </button>
          </div>
        </form>
      )}
    </DialogShell>
  );
}

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
  if (learners.data.length === 0) return <p>You don&apos;t have any students.</p>;
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
            <td>
              {row.learner ? (
                `${row.learner.firstName} ${row.learner.lastName}`
              ) : (
                <span className="pill">{row.status === 'declined' ? 'Declined' : 'Pending'}</span>
              )}
            </td>
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

/** The teacher dashboard (SPEC §2): Classes, Students and Resources tabs; then the teacher's own data rights. */
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
      <YourDataSection kind="adult" />
    </div>
  );
}
