import type { GuardianLearner } from '@vidya/contracts';
import { useState } from 'react';
import { DialogShell } from '#src/components/ui/dialog.tsx';
import { Spinner } from '#src/components/ui/spinner.tsx';
import { useMe } from '#src/features/auth/api/get-me.ts';
import { ChildDataActions } from '#src/features/data-rights/components/child-data-actions.tsx';
import {
  useGuardianLearners,
  useLearnerProgress,
  useRemoveGuardianLink,
} from '#src/features/guardians/api/guardians.ts';
import { AddLearnerDialog } from '#src/features/guardians/components/add-learner-dialog.tsx';
import { ProgressPanel } from '#src/features/guardians/components/progress-panel.tsx';
import { ChildConversations } from '#src/features/tutor/components/child-conversations.tsx';
import { useTitle } from '#src/lib/use-title.ts';

function ChildProgress({ learnerId }: { learnerId: string }) {
  const progress = useLearnerProgress(learnerId);
  if (progress.isPending) return <Spinner label="Loading progress" />;
  if (progress.isError) return <p role="alert">We could not load the progress. Please try again later.</p>;
  return <ProgressPanel progress={progress.data} />;
}

function ChildCard({ child }: { child: GuardianLearner }) {
  const [isOpen, setIsOpen] = useState(false);
  const [isTutorOpen, setIsTutorOpen] = useState(false);
  const remove = useRemoveGuardianLink();
  const name = child.learner ? `${child.learner.firstName} ${child.learner.lastName}` : child.username;
  return (
    <article className="card child-card" aria-label={name}>
      <h3>{name}</h3>
      <p className="muted">@{child.username}</p>
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
          <button
            type="button"
            className="button button-small button-secondary"
            aria-expanded={isTutorOpen}
            onClick={() => setIsTutorOpen((v) => !v)}
          >
            {isTutorOpen ? 'Hide tutor conversations' : 'Tutor conversations'}
          </button>
          {isTutorOpen && <ChildConversations learnerId={child.learner.id} />}
          <ChildDataActions learnerId={child.learner.id} name={name} />
        </>
      )}
      <button
        type="button"
        className="link-button"
        onClick={() => remove.mutate(child.linkId)}
        disabled={remove.isPending}
      >
        Remove {child.username}
      </button>
    </article>
  );
}

function ParentResources() {
  const [open, setOpen] = useState(false);
  return (
    <DialogShell
      trigger={
        <button type="button" className="button button-secondary">
          Parent resources
        </button>
      }
      title="Parent resources"
      description="Small habits that help children learn."
      open={open}
      onOpenChange={setOpen}
    >
      <ul className="plain-list">
        <li>Ten minutes a day beats an hour once a week: a short quiz most days builds a streak.</li>
        <li>Ask your child to explain one question they got wrong: explaining is learning twice.</li>
        <li>Praise effort and progress (the mastery bars), not only scores.</li>
        <li>Use the tutor together when a topic is new: ask it for a hint, not the answer.</li>
      </ul>
    </DialogShell>
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
  // SPEC: a spinner while loading, never a fixed wait.
  if (children.isPending) return <Spinner />;
  return (
    <div className="page">
      <h1>Welcome, {me?.firstName || 'Anonymous'}</h1>
      <p className="actions">
        <ParentResources />
        <AddLearnerDialog
          kind="parent"
          trigger={
            <button type="button" className="button">
              Add a child
            </button>
          }
        />
      </p>
      <h2>Your children</h2>
      {children.isError ? (
        <p role="alert">We could not load your children. Please try again later.</p>
      ) : children.data.length === 0 ? (
        <p>
          No child linked yet. Press “Add a child” and enter your child’s username; your child appears here once they
          accept.
        </p>
      ) : (
        <div className="card-grid">
          {children.data.map((child) => (
            <ChildCard key={child.linkId} child={child} />
          ))}
        </div>
      )}
    </div>
  );
}
