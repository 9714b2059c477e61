import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';

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
