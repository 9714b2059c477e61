import { paths } from '#src/config/paths.ts';
import { myDataExportUrl, useDeleteMyAccount } from '../api/data-rights.ts';
import { DeleteAccountDialog } from './delete-account-dialog.tsx';

/** The learner's data rights on /profile: download everything as JSON, or delete the account. */
export function YourDataSection() {
  const remove = useDeleteMyAccount();
  const handleConfirm = () => {
    // A full page load afterwards: nothing of the deleted account stays in memory.
    remove.mutate(undefined, { onSuccess: () => window.location.assign(paths.home) });
  };
  return (
    <section className="card your-data" aria-labelledby="your-data-title">
      <h2 id="your-data-title">Your data</h2>
      <p>
        Download everything Vidya keeps about you as a JSON file, or delete your account and all of its data.
      </p>
      <div className="card-actions">
        <a className="button button-secondary" href={myDataExportUrl} download>
          Download my data
        </a>
        <DeleteAccountDialog
          action="Delete my account"
          title="Delete your account?"
          isPending={remove.isPending}
          isError={remove.isError}
          onConfirm={handleConfirm}
        />
      </div>
    </section>
  );
}
