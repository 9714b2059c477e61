import { LearnerLayout } from '#src/app/layout/learner-layout.tsx';
import { Spinner } from '#src/components/ui/spinner.tsx';
import { useLearnerAccessActions, useMyAccess } from '#src/features/access/api/access.ts';
import { AccessOverview } from '#src/features/access/components/access-overview.tsx';
import { useTitle } from '#src/lib/use-title.ts';

/** Who can see my learning: every adult who can see the learner's data, pending requests, and what happened. */
export function Component() {
  useTitle('Who can see my learning');
  const access = useMyAccess();
  const { remove, decide } = useLearnerAccessActions();
  return (
    <LearnerLayout>
      <h1>Who can see my learning</h1>
      <p>
        Only the grown-ups on this list can see your learning. If you remove someone, they cannot see it any
        more from that moment.
      </p>
      {access.isPending ? (
        <Spinner />
      ) : access.isError ? (
        <p role="alert">We could not load this page. Please try again later.</p>
      ) : (
        <>
          {(remove.isError || decide.isError) && (
            <p role="alert" className="form-error">
              {(remove.error ?? decide.error)?.message ?? 'Something went wrong. Please try again.'}
            </p>
          )}
          <AccessOverview
            overview={access.data}
            viewer="learner"
            isBusy={remove.isPending || decide.isPending}
            onRemove={(linkId) => remove.mutate(linkId)}
            onDecide={(linkId, accept) => decide.mutate({ linkId, accept })}
          />
        </>
      )}
    </LearnerLayout>
  );
}
