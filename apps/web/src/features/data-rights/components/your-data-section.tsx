import { paths } from '#src/config/paths.ts';
import { myDataExportUrl, useDeleteMyAccount } from '../api/data-rights.ts';
import { DeleteAccountDialog, type AccountKind } from './delete-account-dialog.tsx';

const WHAT_IT_HOLDS: Record<AccountKind, string> = {
  learner:
    'Download everything Vidya keeps about you as a JSON file, or delete your account and all of its data.',
  adult:
    'Download everything Vidya keeps about you as a JSON file: your account, your links to learners and any ' +
    'classes you made. Deleting your account removes all of them; the learners keep their own records.',
};

/**
 * The signed-in account's own data rights: download everything as JSON, or delete the account. On /profile for a
 * learner, and on the teacher's and the parent's account pages (`kind="adult"`).
 */
export function YourDataSection({ kind = 'learner' }: { kind?: AccountKind }) {
  const remove = useDeleteMyAccount();
  const handleConfirm = () => {
    // A full page load afterwards: nothing of the deleted account stays in memory.
    remove.mutate(undefined, { onSuccess: () => window.location.assign(paths.home) });
  };
  return (
    <section className="card your-data" aria-labelledby="your-data-title">
      <h2 id="your-data-title">Your data</h2>
      <p>{WHAT_IT_HOLDS[kind]}</p>
      <div className="card-actions">
        <a className="button button-secondary" href={myDataExportUrl} download>
          Download my data
        </a>
        <DeleteAccountDialog
          action="Delete my account"
          title="Delete your account?"
          kind={kind}
          isPending={remove.isPending}
          isError={remove.isError}
          onConfirm={handleConfirm}
        />
      </div>
    </section>
  );
}
