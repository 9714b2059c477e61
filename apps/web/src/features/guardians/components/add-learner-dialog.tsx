import { LINK_REQUEST_SENT, PARENT_CONFIRMATION } from '@vidya/contracts';
import { useId, useState, type ReactNode } from 'react';
import { DialogCancel, DialogShell } from '#src/components/ui/dialog.tsx';
import { ApiError } from '#src/lib/api-client.ts';
import { useRequestLink } from '../api/guardians.ts';

interface AddLearnerDialogProps {
  kind: 'parent' | 'instructor';
  trigger: ReactNode;
  classId?: string;
}

/**
 * A teacher's "Connect with your Students" (Student Name) or a parent's "Connect with your kids" (Child's username,
 * with the confirmation checkbox, which we enforce).
 */
export function AddLearnerDialog({ kind, trigger, classId }: AddLearnerDialogProps) {
  const isParent = kind === 'parent';
  const [open, setOpen] = useState(false);
  const [username, setUsername] = useState('');
  const [confirmed, setConfirmed] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const request = useRequestLink();
  const inputId = useId();
  const errorId = useId();

  const reset = (next: boolean) => {
    setOpen(next);
    if (!next) {
      setUsername('');
      setConfirmed(false);
      setError(null);
      setSent(null);
    }
  };

  const handleSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    setSent(null);
    if (!username.trim()) {
      setError(isParent ? "*Child's username is required" : '*Student Name is required');
      return;
    }
    if (isParent && !confirmed) {
      setError('Please tick the confirmation to continue.');
      return;
    }
    setError(null);
    try {
      await request.mutateAsync({
        username: username.trim(),
        ...(isParent ? { confirmed } : {}),
        ...(classId ? { classId } : {}),
      });
      // The same words whether or not the username is a learner's: the answer never tells (issue 20).
      setSent(LINK_REQUEST_SENT);
      setUsername('');
      setConfirmed(false);
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : 'Something went wrong. Please try again.');
    }
  };

  return (
    <DialogShell
      trigger={trigger}
      title={isParent ? 'Connect with your kids' : 'Connect with your Students'}
      description={
        isParent
          ? 'Enter your child’s Vidya username. Your child accepts the request before you can see their progress; they then appear in your list.'
          : 'Enter the student’s Vidya username. The student accepts the request before you can see their progress; they then appear in your list.'
      }
      open={open}
      onOpenChange={reset}
    >
      <form className="form" noValidate onSubmit={(e) => void handleSubmit(e)}>
        <div className="field">
          <label htmlFor={inputId}>{isParent ? "Child's username" : 'Student Name'}</label>
          <div className="field-row">
            <input
              id={inputId}
              value={username}
              onChange={(e) => setUsername(e.target.value)}
              required
              autoComplete="off"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
            />
          </div>
        </div>
        {isParent && (
          <label className="checkbox">
            <input
              type="checkbox"
              checked={confirmed}
              onChange={(e) => setConfirmed(e.target.checked)}
              required
            />
            {PARENT_CONFIRMATION}
          </label>
        )}
        {error && (
          <p id={errorId} role="alert" className="form-error">
            {error}
          </p>
        )}
        {sent && (
          <p role="status" className="success">
            {sent}
          </p>
        )}
        <div className="dialog-actions">
          <DialogCancel />
          <button type="submit" className="button" disabled={request.isPending}>
            Submit
          </button>
        </div>
      </form>
    </DialogShell>
  );
}
