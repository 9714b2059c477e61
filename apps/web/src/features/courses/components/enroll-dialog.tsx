import type { Course, CourseKey } from '@vidya/contracts';
import * as Dialog from '@radix-ui/react-dialog';
import { DialogCancel } from '#src/components/ui/dialog.tsx';
import { useState } from 'react';
import { useEnrol } from '../api/courses.ts';

/** The Enroll dialog: one checkbox per course not yet enrolled (SPEC §2). */
export function EnrollDialog({ available }: { available: Course[] }) {
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<CourseKey[]>([]);
  const enrol = useEnrol();

  const handleSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    if (chosen.length === 0) return;
    enrol.mutate(chosen, {
      onSuccess: () => {
        setChosen([]);
        setOpen(false);
      },
      onError: (error) => console.error('Error updating courses', error),
    });
  };

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <button type="button" className="button" disabled={available.length === 0}>
          Enroll
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog">
          <Dialog.Title>Enroll in courses</Dialog.Title>
          <Dialog.Description>Choose the courses you want to learn.</Dialog.Description>
          <form onSubmit={handleSubmit} className="form">
            <fieldset className="checkbox-list">
              <legend className="visually-hidden">Courses</legend>
              {available.map((course) => (
                <label key={course.key} className="checkbox">
                  <input
                    type="checkbox"
                    checked={chosen.includes(course.key)}
                    onChange={(e) =>
                      setChosen((list) =>
                        e.target.checked ? [...list, course.key] : list.filter((key) => key !== course.key),
                      )
                    }
                  />
                  {course.title}
                </label>
              ))}
            </fieldset>
            {enrol.isError && (
              <p role="alert" className="form-error">
                We could not enroll you. Please try again.
              </p>
            )}
            <div className="dialog-actions">
              <DialogCancel />
              <button type="submit" className="button" disabled={chosen.length === 0 || enrol.isPending}>
                Enroll
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
