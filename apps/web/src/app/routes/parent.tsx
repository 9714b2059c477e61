import type { ConsentRecord, GuardianLearner } from '@vidya/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { Spinner } from '#src/components/ui/spinner.tsx';
import { paths } from '#src/config/paths.ts';
import { useChildAccess, useRemoveForChild } from '#src/features/access/api/access.ts';
import { AccessOverview } from '#src/features/access/components/access-overview.tsx';
import { useMe } from '#src/features/auth/api/get-me.ts';
import { PENDING_CONSENT_KEY, useConsentsGiven } from '#src/features/consent/api/parent-consent.ts';
import { CreateChildDialog } from '#src/features/consent/components/create-child-dialog.tsx';
import { WithdrawDialog } from '#src/features/consent/components/withdraw-dialog.tsx';
import { childDataExportUrl } from '#src/features/data-rights/api/data-rights.ts';
import { ChildDataActions } from '#src/features/data-rights/components/child-data-actions.tsx';
import {
  useGuardianLearners,
  useLearnerProgress,
  useRemoveGuardianLink,
} from '#src/features/guardians/api/guardians.ts';
import { AddLearnerDialog } from '#src/features/guardians/components/add-learner-dialog.tsx';
import { ParentResourcesDialog } from '#src/features/guardians/components/parent-resources-dialog.tsx';
import { ProgressPanel } from '#src/features/guardians/components/progress-panel.tsx';
import { SafetyAlerts } from '#src/features/safety/components/safety-alerts.tsx';
import { ChildConversations } from '#src/features/tutor/components/child-conversations.tsx';
import { useTitle } from '#src/lib/use-title.ts';

function ChildProgress({ learnerId }: { learnerId: string }) {
  const progress = useLearnerProgress(learnerId);
  if (progress.isPending) return <Spinner label="Loading progress" />;
  if (progress.isError) return <p role="alert">We could not load the progress. Please try again later.</p>;
  return <ProgressPanel progress={progress.data} />;
}

const day = (iso: string) =>
  new Date(iso).toLocaleDateString('en-IN', { day: 'numeric', month: 'long', year: 'numeric' });

/** The consenting parent's view of who can see their child's learning, with removal. */
function ChildAccess({ learnerId }: { learnerId: string }) {
  const access = useChildAccess(learnerId);
  const remove = useRemoveForChild(learnerId);
  if (access.isPending) return <Spinner label="Loading who can see the learning" />;
  if (access.isError) return <p role="alert">We could not load this. Please try again later.</p>;
  return (
    <AccessOverview
      overview={access.data}
      viewer="parent"
      isBusy={remove.isPending}
      onRemove={(linkId) => remove.mutate(linkId)}
    />
  );
}

function ChildCard({ child, consent }: { child: GuardianLearner; consent: ConsentRecord | undefined }) {
  const [isOpen, setIsOpen] = useState(false);
  const [isTutorOpen, setIsTutorOpen] = useState(false);
  const [isAccessOpen, setIsAccessOpen] = useState(false);
  // Only the parent who gave consent holds the tutor view and the data rights; a username link shows progress.
  const isConsenting = consent?.status === 'granted';
  const remove = useRemoveGuardianLink();
  const name = child.learner ? `${child.learner.firstName} ${child.learner.lastName}` : child.username;
  return (
    <article className="card child-card" aria-label={name}>
      <h3>{name}</h3>
      <p className="muted">@{child.username}</p>
      {isConsenting && <p className="pill">You gave consent · {day(consent.grantedAt)}</p>}
      {child.learner && (
        <>
          <button
            type="button"
            className="button button-small"
            aria-expanded={isOpen}
            onClick={() => setIsOpen((v) => !v)}
          >
            {isOpen ? 'Hide progress' : 'View progress'}
          </button>
          {isOpen && <ChildProgress learnerId={child.learner.id} />}
          {isConsenting && (
            <>
              <button
                type="button"
                className="button button-small button-secondary"
                aria-expanded={isTutorOpen}
                onClick={() => setIsTutorOpen((v) => !v)}
              >
                {isTutorOpen ? 'Hide tutor conversations' : 'Tutor conversations'}
              </button>
              {isTutorOpen && <ChildConversations learnerId={child.learner.id} />}
              <button
                type="button"
                className="button button-small button-secondary"
                aria-expanded={isAccessOpen}
                onClick={() => setIsAccessOpen((v) => !v)}
              >
                {isAccessOpen ? 'Hide who can see' : `Who can see ${child.learner.firstName}’s learning`}
              </button>
              {isAccessOpen && <ChildAccess learnerId={child.learner.id} />}
              <ChildDataActions learnerId={child.learner.id} name={name} />
              <WithdrawDialog
                learnerId={child.learner.id}
                name={child.learner.firstName}
                exportUrl={childDataExportUrl(child.learner.id)}
              />
            </>
          )}
        </>
      )}
      {!isConsenting && (
        <button
          type="button"
          className="link-button"
          onClick={() => remove.mutate(child.linkId)}
          disabled={remove.isPending}
        >
          Remove {child.username}
        </button>
      )}
    </article>
  );
}

/** A child whose consent was withdrawn: the data waits for download until it is deleted. */
function WithdrawnCard({ consent }: { consent: ConsentRecord }) {
  const name = `${consent.firstName} ${consent.lastName}`;
  return (
    <article className="card child-card" aria-label={name}>
      <h3>{name}</h3>
      <p className="muted">@{consent.username}</p>
      <p>
        You withdrew consent{consent.withdrawnAt ? ` on ${day(consent.withdrawnAt)}` : ''}. Nobody can use or
        see the account. Everything is deleted on {consent.deleteAfter ? day(consent.deleteAfter) : 'soon'};
        you can download it until then, or delete it now.
      </p>
      <ChildDataActions learnerId={consent.learnerId} name={name} />
    </article>
  );
}

/** A consent link the parent opened before signing in: bring them back to it. */
function WaitingConsentLink() {
  const token = localStorage.getItem(PENDING_CONSENT_KEY);
  if (!token) return null;
  return (
    <p className="consent-banner">
      A child asked you to approve their account.{' '}
      <Link to={`${paths.parentConsent}?token=${encodeURIComponent(token)}`}>Read the notice and decide</Link>
    </p>
  );
}

/**
 * The parent dashboard (SPEC §2): welcome, resources, children with their progress once they accept (the parent's own
 * data rights: /parent/account).
 */
export function Component() {
  useTitle('Parent dashboard');
  const { data: me } = useMe();
  const children = useGuardianLearners();
  const consents = useConsentsGiven();
  // SPEC: a spinner while loading, never a fixed wait.
  if (children.isPending) return <Spinner />;
  const consentFor = (child: GuardianLearner) =>
    consents.data?.find((c) => c.learnerId === child.learner?.id);
  const withdrawn = consents.data?.filter((c) => c.status === 'withdrawn') ?? [];
  return (
    <div className="page">
      <h1>Welcome, {me?.firstName || 'Anonymous'}</h1>
      <WaitingConsentLink />
      <SafetyAlerts />
      <p className="actions">
        <ParentResourcesDialog />
        <AddLearnerDialog
          kind="parent"
          trigger={
            <button type="button" className="button">
              Add a child
            </button>
          }
        />
        <CreateChildDialog />
      </p>
      <h2>Your children</h2>
      {children.isError ? (
        <p role="alert">We could not load your children. Please try again later.</p>
      ) : children.data.length === 0 && withdrawn.length === 0 ? (
        <p>
          No child linked yet. Press “Add a child” and enter your child’s username; your child appears here
          once they accept.
        </p>
      ) : (
        <div className="card-grid">
          {children.data.map((child) => (
            <ChildCard key={child.linkId} child={child} consent={consentFor(child)} />
          ))}
          {withdrawn.map((consent) => (
            <WithdrawnCard key={consent.learnerId} consent={consent} />
          ))}
        </div>
      )}
    </div>
  );
}
