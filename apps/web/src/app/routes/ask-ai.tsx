import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { LearnerLayout } from '#src/app/layout/learner-layout.tsx';
import { Spinner } from '#src/components/ui/spinner.tsx';
import { paths } from '#src/config/paths.ts';
import {
  useConversation,
  useConversations,
  useStartConversation,
  useTutorEngine,
} from '#src/features/tutor/api/conversations.ts';
import { TutorChat } from '#src/features/tutor/components/tutor-chat.tsx';
import { useTitle } from '#src/lib/use-title.ts';

const TITLE = 'Having doubts? Ask your Tutor now!!';

/**
 * Ask AI (SPEC §2): the tutor chat. `?c=<id>` keeps the open conversation across reloads; `?quiz=&item=` (from a
 * quiz's "Ask the tutor") starts one about that question. Without either, the newest conversation opens.
 */
export function Component() {
  useTitle('Ask AI');
  const [params, setParams] = useSearchParams();
  const engine = useTutorEngine();
  const conversations = useConversations();
  const start = useStartConversation();
  const quizId = params.get('quiz');
  const itemId = params.get('item');
  const isNew = params.get('new') === '1';
  const requested = params.get('c');
  const current = requested ?? (isNew || quizId ? null : (conversations.data?.[0]?.id ?? null));
  const conversation = useConversation(current);
  const startedFor = useRef<string | null>(null);
  // The chat keeps its state (a reply still streaming) when its own first message creates the conversation;
  // opening another conversation starts a fresh chat.
  const [adopted, setAdopted] = useState<string | null>(null);
  const [chat, setChat] = useState({ current, key: 0 });
  if (chat.current !== current) {
    setChat({ current, key: current !== null && current === adopted ? chat.key : chat.key + 1 });
  }

  useEffect(() => {
    if (!quizId || !itemId || startedFor.current === `${quizId}:${itemId}`) return;
    startedFor.current = `${quizId}:${itemId}`;
    start.mutate(
      { question: { quizId, itemId } },
      { onSuccess: (created) => setParams({ c: created.id }, { replace: true }) },
    );
  }, [quizId, itemId, start, setParams]);

  const isLoading =
    (quizId && start.isPending) ||
    (!requested && !isNew && !quizId && conversations.isPending) ||
    (current !== null && conversation.isPending);
  const failed = start.isError || conversation.isError;

  return (
    <LearnerLayout>
      <div className="tutor-page">
        <h1>{TITLE}</h1>
        <p className="muted">
          Ask about anything you are learning. The parent who gave consent for your account can read these
          conversations; see <Link to={paths.whoCanSee}>who can see my learning</Link>.
        </p>
        <div className="tutor-columns">
          <nav className="tutor-history" aria-label="Conversations">
            <Link className="button button-secondary button-wide" to={`${paths.askAi}?new=1`}>
              New conversation
            </Link>
            {conversations.data && conversations.data.length > 0 && (
              <>
                <h2>Earlier conversations</h2>
                <ul>
                  {conversations.data.map((c) => (
                    <li key={c.id}>
                      <Link
                        to={`${paths.askAi}?c=${c.id}`}
                        aria-current={c.id === current ? 'page' : undefined}
                      >
                        {c.title}
                        <span className="visually-hidden">, {new Date(c.updatedAt).toLocaleString()}</span>
                      </Link>
                    </li>
                  ))}
                </ul>
              </>
            )}
          </nav>
          {failed ? (
            <div role="alert" className="form-error">
              <p>We could not open this conversation.</p>
              <Link className="button button-small" to={`${paths.askAi}?new=1`}>
                Start a new one
              </Link>
            </div>
          ) : isLoading ? (
            <Spinner label="Loading the conversation" />
          ) : (
            <TutorChat
              key={chat.key}
              conversation={current ? (conversation.data ?? null) : null}
              engine={engine.data}
              onCreated={(id) => {
                setAdopted(id);
                setParams({ c: id }, { replace: true });
              }}
            />
          )}
        </div>
      </div>
    </LearnerLayout>
  );
}
