import type { AccessEvent, AccessEventKind, AccessOverview as Overview } from '@vidya/contracts';
import { useId } from 'react';

const WHAT_HAPPENED: Record<AccessEventKind, string> = {
  consent_requested: 'asked a parent to say yes',
  consent_given: 'gave consent',
  consent_withdrawn: 'withdrew consent',
  link_requested: 'asked to see the learning',
  link_accepted: 'accepted a request',
  link_declined: 'declined a request',
  link_removed: 'removed someone’s access',
  guardian_blocked: 'blocked someone',
  guardian_unblocked: 'unblocked someone',
  class_joined: 'joined a class',
  data_exported: 'downloaded the data',
  deletion_requested: 'asked for the data to be deleted',
  safety_alert: 'told a grown-up about a worrying tutor message',
};

const ROLE_WORD: Record<AccessEvent['actor']['role'], string> = {
  learner: 'learner',
  instructor: 'teacher',
  parent: 'parent',
  system: 'Vidya',
};

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-IN', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
const day = (iso: string) =>
  new Date(iso).toLocaleDateString('en-IN', { day: 'numeric', month: 'long', year: 'numeric' });

interface AccessOverviewProps {
  overview: Overview;
  /** The learner themself, or their consenting parent. */
  viewer: 'learner' | 'parent';
  onRemove: (linkId: string, name: string) => void;
  /** The learner answers pending requests here; the parent only sees them. */
  onDecide?: (linkId: string, accept: boolean) => void;
  isBusy: boolean;
}

/**
 * Every adult who can see a learner's data (what, since when, a remove button), pending requests, and the log: three
 * sections under the page's own title. The learner's page is titled "Who can see my learning", so its first section
 * names the list ("Grown-ups who can see it") instead of saying the title again; on the parent's dashboard it is the
 * child's section and says whose learning it is.
 */
export function AccessOverview({ overview, viewer, onRemove, onDecide, isBusy }: AccessOverviewProps) {
  const isLearner = viewer === 'learner';
  // A parent may open this for several children on one page: ids stay unique.
  const id = useId();
  const whose = isLearner ? 'your' : `${overview.learner.firstName}’s`;
  const actorName = (event: AccessEvent) =>
    event.actor.role === 'learner'
      ? isLearner
        ? 'You'
        : overview.learner.firstName
      : event.actor.role === 'system'
        ? 'Vidya'
        : `${event.actor.name} (${ROLE_WORD[event.actor.role]})`;
  return (
    <div className="access-overview">
      <section aria-labelledby={`${id}-access-adults`}>
        <h2 id={`${id}-access-adults`}>
          {isLearner ? 'Grown-ups who can see it' : `Who can see ${whose} learning`}
        </h2>
        {overview.adults.length === 0 ? (
          <p className="muted">Nobody but {isLearner ? 'you' : overview.learner.firstName}.</p>
        ) : (
          <ul className="plain-list access-list">
            {overview.adults.map((adult) => (
              <li key={adult.linkId} className="card">
                <h3>{adult.name}</h3>
                <p className="muted">
                  {adult.isConsentingParent
                    ? 'Parent who gave consent'
                    : adult.kind === 'parent'
                      ? 'Parent'
                      : `Teacher${adult.className ? ` · ${adult.className}` : ''}`}{' '}
                  · since {day(adult.since)}
                </p>
                <p>What they can see:</p>
                <ul>
                  {adult.canSee.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
                {adult.canRemove ? (
                  <button
                    type="button"
                    className="button button-small button-secondary"
                    disabled={isBusy}
                    onClick={() => onRemove(adult.linkId, adult.name)}
                  >
                    Remove {adult.name}
                  </button>
                ) : (
                  isLearner && (
                    <p className="muted">
                      Your parent gave consent for your account, so they stay on this list.
                    </p>
                  )
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby={`${id}-access-pending`}>
        <h2 id={`${id}-access-pending`}>Requests waiting{isLearner ? ' for you' : ''}</h2>
        {overview.pending.length === 0 ? (
          <p className="muted">No requests right now.</p>
        ) : (
          <ul className="plain-list request-list">
            {overview.pending.map((request) => {
              const name = `${request.guardian.firstName} ${request.guardian.lastName}`;
              return (
                <li key={request.id} className="card">
                  <p>
                    <strong>{name}</strong> ({request.kind === 'parent' ? 'parent' : 'teacher'}, @
                    {request.guardian.username}) would like to see {whose} learning
                    {request.className ? ` in the class ${request.className}` : ''}.
                  </p>
                  {onDecide && (
                    <div className="card-actions">
                      <button
                        type="button"
                        className="button button-small"
                        disabled={isBusy}
                        onClick={() => onDecide(request.id, true)}
                      >
                        Accept {name}
                      </button>
                      <button
                        type="button"
                        className="button button-small button-secondary"
                        disabled={isBusy}
                        onClick={() => onDecide(request.id, false)}
                      >
                        Decline {name}
                      </button>
                    </div>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </section>
      <section aria-labelledby={`${id}-access-log`}>
        <h2 id={`${id}-access-log`}>What happened</h2>
        {overview.events.length === 0 ? (
          <p className="muted">Nothing yet.</p>
        ) : (
          <div className="table-scroll">
            <table className="access-log">
              <caption className="visually-hidden">
                Every change to who can see {whose} learning, newest first
              </caption>
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Who</th>
                  <th scope="col">What</th>
                </tr>
              </thead>
              <tbody>
                {overview.events.map((event) => (
                  <tr key={event.id}>
                    <td>{when(event.at)}</td>
                    <td>{actorName(event)}</td>
                    <td>{WHAT_HAPPENED[event.kind]}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}
