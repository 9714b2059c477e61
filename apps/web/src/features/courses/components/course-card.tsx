import type { Enrolment } from '@vidya/contracts';
import * as Dialog from '@radix-ui/react-dialog';
import { DialogCancel } from '#src/components/ui/dialog.tsx';
import { QUIZ_PATH } from '#src/config/paths.ts';
import { useState } from 'react';
import { Link } from 'react-router';
import { useUnenrol } from '../api/courses.ts';

/** A "My Courses" card: title, mastery, Proceed to the quiz, and Unenroll with the spec's confirmation. */
export function CourseCard({ enrolment }: { enrolment: Enrolment }) {
  const { course, mastery, skillsPractised, skillsTotal } = enrolment;
  const [open, setOpen] = useState(false);
  const unenrol = useUnenrol();
  const titleId = `course-${course.key}`;

  const handleConfirm = () => {
    unenrol.mutate(course.key, {
      onSuccess: () => setOpen(false),
      onError: (error) => console.error('Error updating courses', error),
    });
  };

  return (
    <article className="card course-card" aria-labelledby={titleId}>
      <h3 id={titleId}>{course.title}</h3>
      <p className="course-subject">{course.subject}</p>
      <div className="mastery">
        <span>Mastery</span>
        <meter min={0} max={100} value={mastery} aria-label={`${course.title} mastery`}>
          {mastery}%
        </meter>
        <strong>{mastery}%</strong>
      </div>
      <p className="muted">
        {skillsPractised} of {skillsTotal} skills practised
      </p>
      <div className="card-actions">
        <Link className="button" to={QUIZ_PATH[course.key]} aria-label={`Proceed to ${course.title}`}>
          Proceed
        </Link>
        <Dialog.Root open={open} onOpenChange={setOpen}>
          <Dialog.Trigger asChild>
            <button
              type="button"
              className="button button-secondary"
              aria-label={`Unenroll from ${course.title}`}
            >
              Unenroll
            </button>
          </Dialog.Trigger>
          <Dialog.Portal>
            <Dialog.Overlay className="dialog-overlay" />
            <Dialog.Content className="dialog">
              <Dialog.Title>Unenroll from {course.title}</Dialog.Title>
              <Dialog.Description>
                Are you sure you want to Unenroll? You will lose all your data.
              </Dialog.Description>
              {unenrol.isError && (
                <p role="alert" className="form-error">
                  We could not unenroll you. Please try again.
                </p>
              )}
              <div className="dialog-actions">
                <DialogCancel />
                <button
                  type="button"
                  className="button button-danger"
                  onClick={handleConfirm}
                  disabled={unenrol.isPending}
                >
                  Unenroll
                </button>
              </div>
            </Dialog.Content>
          </Dialog.Portal>
        </Dialog.Root>
      </div>
    </article>
  );
}
