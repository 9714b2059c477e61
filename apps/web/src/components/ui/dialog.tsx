import * as Dialog from '@radix-ui/react-dialog';
import type { FormEventHandler, ReactNode } from 'react';

interface DialogShellProps {
  trigger: ReactNode;
  title: string;
  description?: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  children: ReactNode;
}

/** A modal dialog that traps focus and returns it to its trigger (Radix). */
export function DialogShell({ trigger, title, description, open, onOpenChange, children }: DialogShellProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog" {...(description ? {} : { 'aria-describedby': undefined })}>
          <Dialog.Title>{title}</Dialog.Title>
          {description && <Dialog.Description>{description}</Dialog.Description>}
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The dialog's Cancel button. */
export function DialogCancel() {
  return (
    <Dialog.Close asChild>
      <button type="button" className="button button-secondary">
        Cancel
      </button>
    </Dialog.Close>
  );
}

interface DialogFormProps {
  onSubmit: FormEventHandler<HTMLFormElement>;
  submitLabel: string;
  isPending: boolean;
  /** A refusal that belongs to no one field. */
  error?: string | null;
  /** What the submission did. */
  success?: string | null;
  /** The form's fields. */
  children: ReactNode;
}

/** A dialog's form: its fields, then its error or success message, then Cancel and the submit button. */
export function DialogForm({ onSubmit, submitLabel, isPending, error, success, children }: DialogFormProps) {
  return (
    <form className="form" noValidate onSubmit={onSubmit}>
      {children}
      {error && (
        <p role="alert" className="form-error">
          {error}
        </p>
      )}
      {success && (
        <p role="status" className="success">
          {success}
        </p>
      )}
      <div className="dialog-actions">
        <DialogCancel />
        <button type="submit" className="button" disabled={isPending}>
          {submitLabel}
        </button>
      </div>
    </form>
  );
}
