import * as Dialog from '@radix-ui/react-dialog';
import { DialogCancel } from '#src/components/ui/dialog.tsx';
import { PasswordField } from '#src/components/ui/password-field.tsx';
import { useState } from 'react';

/** Whose account a dialog deletes: a learner's (with all their records) or a teacher's or parent's own. */
export type AccountKind = 'learner' | 'adult';

const DELETE_ACCOUNT_WARNING: Record<AccountKind, string> = {
  learner:
    'This deletes the account and everything in it: courses, quizzes, answers, progress, badges, links to ' +
    'teachers and parents, and tutor conversations. It cannot be undone.',
  adult:
    'This deletes your account, your links to learners and any classes you made. The learners keep their own ' +
    'courses, quizzes, progress and badges. It cannot be undone.',
};

interface DeleteAccountDialogProps {
  /** The trigger's and the confirm button's words, e.g. "Delete my account". */
  action: string;
  /** The dialog's title, e.g. "Delete your account?". */
  title: string;
  /** Which warning the dialog gives; a learner's by default. */
  kind?: AccountKind;
  isPending: boolean;
  isError: boolean;
  /** The message of the failure, when it is not a plain "try again" (a wrong password). */
  errorText?: string | undefined;
  /** Ask the caller's password again before deleting (a parent deleting a child's account). */
  asksPassword?: boolean;
  onConfirm: (close: () => void, password: string) => void;
}

/** A confirm dialog before an account and all its data are deleted for good. */
export function DeleteAccountDialog({
  action,
  title,
  kind = 'learner',
  isPending,
  isError,
  errorText,
  asksPassword = false,
  onConfirm,
}: DeleteAccountDialogProps) {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [isMissing, setIsMissing] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <button type="button" className="button button-danger">
          {action}
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog">
          <Dialog.Title>{title}</Dialog.Title>
          <Dialog.Description>{DELETE_ACCOUNT_WARNING[kind]}</Dialog.Description>
          {asksPassword && (
            <PasswordField
              label="Your password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              error={isMissing ? '*password is required' : undefined}
            />
          )}
          {isError && (
            <p role="alert" className="form-error">
              {errorText ?? 'We could not delete the account. Please try again.'}
            </p>
          )}
          <div className="dialog-actions">
            <DialogCancel />
            <button
              type="button"
              className="button button-danger"
              onClick={() => {
                setIsMissing(asksPassword && !password);
                if (!asksPassword || password) onConfirm(() => setOpen(false), password);
              }}
              disabled={isPending}
            >
              {action}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
