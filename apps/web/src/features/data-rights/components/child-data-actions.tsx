import { childDataExportUrl, useDeleteChildAccount } from '../api/data-rights.ts';
import { DeleteAccountDialog } from './delete-account-dialog.tsx';

/**
 * The consenting parent's data rights over one child: download the child's data, or delete the child's account
 * (with their password typed again).
 */
export function ChildDataActions({ learnerId, name }: { learnerId: string; name: string }) {
  const remove = useDeleteChildAccount();
  return (
    <div className="card-actions">
      <a
        className="button button-secondary button-small"
        href={childDataExportUrl(learnerId)}
        download
        aria-label={`Download data of ${name}`}
      >
        Download data
      </a>
      <DeleteAccountDialog
        action={`Delete ${name}’s account`}
        title={`Delete ${name}’s account?`}
        isPending={remove.isPending}
        isError={remove.isError}
        errorText={remove.error?.message}
        asksPassword
        onConfirm={(close, password) => remove.mutate({ learnerId, password }, { onSuccess: close })}
      />
    </div>
  );
}
