import { WITHDRAWAL_EXPORT_DAYS } from '@vidya/contracts';
import { useState } from 'react';
import { DialogCancel, DialogShell } from '#src/components/ui/dialog.tsx';
import { PasswordField } from '#src/components/ui/password-field.tsx';
import { useWithdrawConsent } from '../api/parent-consent.ts';

interface WithdrawDialogProps {
  learnerId: string;
  name: string;
  /** Where the child's data downloads from: offered before the withdrawal. */
  exportUrl: string;
}

/** The consenting parent withdraws consent: a download is offered first, then the password confirms it. */
export function WithdrawDialog({ learnerId, name, exportUrl }: WithdrawDialogProps) {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [isMissing, setIsMissing] = useState(false);
  const withdraw = useWithdrawConsent();
  const handleSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    setIsMissing(!password);
    if (password) withdraw.mutate({ learnerId, password }, { onSuccess: () => setOpen(false) });
  };
  return (
    <DialogShell
      trigger={
        <button type="button" className="button button-danger">
          Withdraw consent
        </button>
      }
      title={`Withdraw consent for ${name}?`}
      description={`Vidya stops using ${name}’s data at once: nobody can sign in to the account or see it any more. Everything is deleted after ${WITHDRAWAL_EXPORT_DAYS} days.`}
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setPassword('');
      }}
    >
      <form className="form" noValidate onSubmit={handleSubmit}>
        <p>First, you can keep a copy of everything Vidya holds about {name}:</p>
        <p>
          <a className="button button-secondary button-small" href={exportUrl} download>
            Download {name}’s data
          </a>
        </p>
        <PasswordField
          label="Your password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={isMissing ? '*password is required' : undefined}
        />
        {withdraw.isError && (
          <p role="alert" className="form-error">
            {withdraw.error.message}
          </p>
        )}
        <div className="dialog-actions">
          <DialogCancel />
          <button type="submit" className="button button-danger" disabled={withdraw.isPending}>
            Withdraw consent
          </button>
        </div>
      </form>
    </DialogShell>
  );
}
