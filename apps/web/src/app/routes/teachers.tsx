import { AddChannelBodySchema, type LinkRequest } from '@vidya/contracts';
import { useId, useState } from 'react';
import { LearnerLayout } from '#src/app/layout/learner-layout.tsx';
import { Spinner } from '#src/components/ui/spinner.tsx';
import {
  useAddChannel,
  useBlockGuardian,
  useBlockedGuardians,
  useChannels,
  useDecide,
  useLinkRequests,
  useRemoveChannel,
  useRemoveLearnerLink,
  useUnblockGuardian,
} from '#src/features/guardians/api/guardians.ts';
import { JoinClassDialog } from '#src/features/guardians/components/join-class-dialog.tsx';
import { ApiError } from '#src/lib/api-client.ts';
import { useTitle } from '#src/lib/use-title.ts';

const who = (r: Pick<LinkRequest, 'guardian' | 'kind'>) =>
  `${r.guardian.firstName} ${r.guardian.lastName} (${r.kind === 'parent' ? 'parent' : 'teacher'}, @${r.guardian.username})`;

/** The teachers and parents the learner blocked, each with Unblock. */
function Blocked() {
  const blocked = useBlockedGuardians();
  const unblock = useUnblockGuardian();
  if (!blocked.data || blocked.data.length === 0) return null;
  return (
    <section aria-labelledby="blocked-title">
      <h2 id="blocked-title">Blocked</h2>
      <p className="muted">Requests from these people do not reach you. They are not told that you blocked them.</p>
      <ul className="plain-list">
        {blocked.data.map((b) => (
          <li key={b.id}>
            {who(b)}{' '}
            <button
              type="button"
              className="link-button"
              onClick={() => unblock.mutate(b.id)}
              disabled={unblock.isPending}
            >
              Unblock {b.guardian.firstName}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Channels() {
  const channels = useChannels();
  const add = useAddChannel();
  const remove = useRemoveChannel();
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const handleSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = AddChannelBodySchema.safeParse({ url });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Enter a valid web address');
    setError(null);
    try {
      await add.mutateAsync(parsed.data.url);
      setUrl('');
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : 'Something went wrong.');
    }
  };
  return (
    <section aria-labelledby="channels-title">
      <h2 id="channels-title">Education channels</h2>
      <form className="inline-form" noValidate onSubmit={(e) => void handleSubmit(e)}>
        <label htmlFor={inputId}>Education channel URL</label>
        <input
          id={inputId}
          type="url"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          placeholder="https://"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
        />
        <button type="submit" className="button button-small" disabled={add.isPending}>
          Add channel
        </button>
      </form>
      {error && (
        <p id={`${inputId}-error`} role="alert" className="field-error">
          {error}
        </p>
      )}
      {channels.data && channels.data.length > 0 && (
        <ul className="plain-list">
          {channels.data.map((c) => (
            <li key={c.id}>
              <a href={c.url} target="_blank" rel="noreferrer noopener nofollow">
                {c.url}
              </a>{' '}
              <button type="button" className="link-button" onClick={() => remove.mutate(c.id)}>
                Remove {c.url}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The learner's teachers and parents: pending requests to accept or decline, links, class codes, channels. */
export function Component() {
  useTitle('My teachers');
  const requests = useLinkRequests();
  const decide = useDecide();
  const remove = useRemoveLearnerLink();
  const block = useBlockGuardian();
  const pending = requests.data?.filter((r) => r.status === 'unverified') ?? [];
  const linked = requests.data?.filter((r) => r.status === 'verified') ?? [];
  return (
    <LearnerLayout>
      <div className="section-head">
        <h1>My teachers</h1>
        <JoinClassDialog />
      </div>
      {requests.isPending ? (
        <Spinner />
      ) : requests.isError ? (
        <p role="alert">We could not load your requests. Please try again later.</p>
      ) : (
        <>
          <section aria-labelledby="pending-title">
            <h2 id="pending-title">Requests waiting for you</h2>
            {pending.length === 0 ? (
              <p className="muted">No requests right now.</p>
            ) : (
              <ul className="plain-list request-list">
                {pending.map((r) => (
                  <li key={r.id} className="card">
                    <p>
                      <strong>{who(r)}</strong> would like to follow your progress
                      {r.className ? ` in the class ${r.className}` : ''}.
                    </p>
                    <div className="card-actions">
                      <button
                        type="button"
                        className="button button-small"
                        onClick={() => decide.mutate({ linkId: r.id, accept: true })}
                      >
                        Accept
                      </button>
                      <button
                        type="button"
                        className="button button-secondary"
                        onClick={() => decide.mutate({ linkId: r.id, accept: false })}
                      >
                        Decline
                      </button>
                      <button
                        type="button"
                        className="link-button"
                        onClick={() => block.mutate(r.id)}
                        disabled={block.isPending}
                        aria-label={`Block ${r.guardian.firstName} ${r.guardian.lastName}`}
                      >
                        Block
                      </button>
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section aria-labelledby="linked-title">
            <h2 id="linked-title">Who can see your progress</h2>
            {linked.length === 0 ? (
              <p className="muted">Nobody yet. Only people you accept can see your progress.</p>
            ) : (
              <ul className="plain-list">
                {linked.map((r) => (
                  <li key={r.id}>
                    {who(r)}
                    {r.className ? ` · ${r.className}` : ''}{' '}
                    <button type="button" className="link-button" onClick={() => remove.mutate(r.id)}>
                      Remove {r.guardian.firstName}
                    </button>
                  </li>
                ))}
              </ul>
            )}
            {remove.error && (
              <p role="alert">
                {remove.error instanceof ApiError
                  ? remove.error.message
                  : 'We could not remove them. Please try again.'}
              </p>
            )}
          </section>
          <Blocked />
        </>
      )}
      <Channels />
    </LearnerLayout>
  );
}
