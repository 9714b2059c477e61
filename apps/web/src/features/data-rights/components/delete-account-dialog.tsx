import * as Dialog from '@radix-ui/react-dialog';
import { DialogCancel } from '#src/components/ui/dialog.tsx';
import { useState } from 'react';

const DELETE_ACCOUNT_WARNING =
  'This deletes the account and everything in it: courses, quizzes, answers, progress, badges, links to teachers ' +
  'and parents, and tutor conversations. It cannot be undone.';

interface DeleteAccountDialogProps {
  /** The trigger's and the confirm button's words, e.g. "Delete my account". */
  action: string;
  /** The dialog's title, e.g. "Delete your account?". */
  title: string;
  isPending: boolean;
  isError: boolean;
  onConfirm: (close: () => void) => void;
}

/** A confirm dialog before an account and all its data are deleted for good. */
export function DeleteAccountDialog({
  action,
  title,
  isPending,
  isError,
  onConfirm,
}: DeleteAccountDialogProps) {
  const [open, setOpen] = useState(false);
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
          <Dialog.Description>{DELETE_ACCOUNT_WARNING}</Dialog.Description>
          {isError && (
            <p role="alert" className="form-error">
              We could not delete the account. Please try again.
            </p>
          )}
          <div className="dialog-actions">
            <DialogCancel />
            <button
              type="button"
              className="button button-danger"
              onClick={() => onConfirm(() => setOpen(false))}
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
