import {
  TUTOR_GREETING,
  TUTOR_MESSAGE_MAX_CHARS,
  type Conversation,
  type TutorEngine,
  type TutorMessage,
} from '@vidya/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ApiError } from '#src/lib/api-client.ts';
import { queryKeys } from '#src/lib/query-keys.ts';
import { conversationQuery, useStartConversation } from '../api/conversations.ts';
import { streamReply } from '../api/stream-reply.ts';
import { TutorAvatar } from './tutor-avatar.tsx';
import { TypingIndicator } from './typing-indicator.tsx';
import './tutor.css';

interface Pending {
  text: string;
  /** The stored message once the server has accepted it. */
  userMessage: TutorMessage | null;
  reply: string;
}

interface Failure {
  message: string;
  /** The message the server never received, shown so the learner sees what to resend. */
  unsent: string | null;
  retry: () => void;
}

function Bubble({ side, children, failed }: { side: 'left' | 'right'; children: string; failed?: boolean }) {
  return (
    <div className={`tutor-message tutor-message-${side}`}>
      {side === 'left' && <TutorAvatar />}
      <p className={`tutor-bubble${failed ? ' tutor-bubble-failed' : ''}`}>
        <span className="visually-hidden">{side === 'left' ? 'Tutor: ' : 'You: '}</span>
        {children}
      </p>
    </div>
  );
}

/** Who answered, in words: the model by name, or the offline tutor. */
export function PoweredBy({ engine }: { engine: TutorEngine | undefined }) {
  if (!engine) return null;
  return (
    <p className="tutor-credit muted">
      {engine.kind === 'model'
        ? `Powered by ${engine.name}, a generative AI model. Its answers can contain mistakes, so check anything important with your teacher.`
        : "Powered by Vidya's offline tutor: no generative AI model is connected, so it works out maths step by step and answers only from Vidya's course content."}
    </p>
  );
}

/**
 * The conversation (SPEC §2 Ask AI, §4 Chat): the learner's messages on the right, the tutor's on the left with an
 * avatar, three dots while waiting, the reply streaming in, and a short message with a retry when it fails.
 */
export function TutorChat({
  conversation,
  engine,
  onCreated,
}: {
  /** null: a new conversation, created when the first message is sent. */
  conversation: Conversation | null;
  engine: TutorEngine | undefined;
  onCreated: (id: string) => void;
}) {
  const queryClient = useQueryClient();
  const start = useStartConversation();
  const [draft, setDraft] = useState('');
  const [pending, setPending] = useState<Pending | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [answeredBy, setAnsweredBy] = useState<TutorEngine | undefined>(undefined);
  const logRef = useRef<HTMLDivElement>(null);
  const abortRef = useRef<AbortController | null>(null);
  const busy = pending !== null;

  const messages: TutorMessage[] = conversation?.messages ?? [
    {
      id: 'greeting',
      role: 'assistant',
      text: TUTOR_GREETING,
      status: 'complete',
      engine: null,
      createdAt: new Date(0).toISOString(),
    },
  ];

  useEffect(() => () => abortRef.current?.abort(), []);
  useEffect(() => {
    logRef.current?.scrollTo({ top: logRef.current.scrollHeight });
  }, [messages.length, pending?.reply, busy, failure]);

  const updateMessages = (id: string, change: (messages: TutorMessage[]) => TutorMessage[]) => {
    queryClient.setQueryData(conversationQuery(id).queryKey, (old) =>
      old ? { ...old, messages: change(old.messages) } : old,
    );
  };
  /**
   * Adds a message the server has stored unless the conversation already holds it: a fetch of a new conversation can
   * land after the server stored the message and before its stream event is read here.
   */
  const addStored = (id: string, message: TutorMessage) =>
    updateMessages(id, (list) => (list.some((m) => m.id === message.id) ? list : [...list, message]));

  const send = async (text: string, isRetry: boolean) => {
    setFailure(null);
    setPending({ text, userMessage: null, reply: '' });
    const controller = new AbortController();
    abortRef.current = controller;
    let id = conversation?.id ?? null;
    let userMessage: TutorMessage | null = isRetry
      ? (conversation?.messages.filter((m) => m.role === 'user').at(-1) ?? null)
      : null;
    const retryStored = () => void send(text, true);
    try {
      if (!id) {
        const created = await start.mutateAsync({});
        id = created.id;
        onCreated(created.id);
      }
      const conversationId = id;
      if (isRetry) updateMessages(conversationId, (list) => list.filter((m) => m.status !== 'failed'));
      for await (const event of streamReply(conversationId, isRetry ? null : text, controller.signal)) {
        if (event.type === 'start') {
          userMessage = event.userMessage;
          setAnsweredBy(event.engine);
          if (!isRetry) addStored(conversationId, event.userMessage);
          setPending((p) => p && { ...p, userMessage: event.userMessage });
        } else if (event.type === 'delta') {
          setPending((p) => p && { ...p, reply: p.reply + event.text });
        } else if (event.type === 'replace') {
          setPending((p) => p && { ...p, reply: event.text });
        } else if (event.type === 'done') {
          // A fetch of this conversation that started before the reply was stored must not overwrite it.
          await queryClient.cancelQueries({ queryKey: queryKeys.tutor.conversation(conversationId) });
          addStored(conversationId, event.message);
        } else {
          setFailure({ message: event.detail, unsent: null, retry: retryStored });
        }
      }
    } catch (error) {
      if (controller.signal.aborted) return;
      console.error('Tutor request failed', error);
      const message = error instanceof ApiError ? error.message : 'Something went wrong. Please try again.';
      setFailure(
        userMessage
          ? { message, unsent: null, retry: retryStored }
          : { message, unsent: text, retry: () => void send(text, false) },
      );
    } finally {
      setPending(null);
      void queryClient.invalidateQueries({ queryKey: queryKeys.tutor.conversations });
      // Read the stored conversation again (cancelling any older fetch), so the screen matches the server.
      if (id) void queryClient.invalidateQueries({ queryKey: queryKeys.tutor.conversation(id) });
    }
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const text = draft.trim();
    // SPEC §5: sending is ignored if the text is empty or whitespace only.
    if (!text || busy) return;
    setDraft('');
    void send(text, false);
  };

  const shownEngine = answeredBy ?? messages.findLast((m) => m.engine)?.engine ?? engine;
  const question = conversation?.question;
  return (
    <section className="tutor-chat" aria-label="Chat with the tutor">
      {question && (
        <p className="tutor-question">
          <strong>About your quiz question:</strong> “{question.prompt}”{' '}
          {question.answered
            ? 'You have answered it, so the tutor can explain it fully.'
            : 'The tutor gives hints, not the answer, until you submit yours.'}
        </p>
      )}
      {/* The log is a live region: finished messages are announced; a streaming reply is announced when complete.
          It scrolls, so keyboard users must be able to focus it (WCAG 2.1.1; axe scrollable-region-focusable). */}
      <div
        ref={logRef}
        className="tutor-log"
        role="log"
        aria-live="polite"
        aria-label="Messages"
        aria-busy={busy}
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must be reachable by keyboard
        tabIndex={0}
      >
        {messages.map((message) =>
          message.status === 'failed' ? (
            <Bubble key={message.id} side="left" failed>
              The tutor could not answer this message.
            </Bubble>
          ) : (
            <Bubble key={message.id} side={message.role === 'user' ? 'right' : 'left'}>
              {message.text}
            </Bubble>
          ),
        )}
        {pending && !pending.userMessage && <Bubble side="right">{pending.text}</Bubble>}
        {failure?.unsent && <Bubble side="right">{failure.unsent}</Bubble>}
        {pending && (pending.reply ? <Bubble side="left">{pending.reply}</Bubble> : <TypingIndicator />)}
      </div>
      {failure && (
        <div role="alert" className="form-error">
          <p>{failure.message}</p>
          <button type="button" className="button button-small" onClick={failure.retry}>
            Try again
          </button>
        </div>
      )}
      <form className="tutor-input" onSubmit={handleSubmit}>
        <label htmlFor="tutor-message" className="visually-hidden">
          Your message
        </label>
        <input
          id="tutor-message"
          type="text"
          placeholder="Type your message here..."
          autoComplete="off"
          maxLength={TUTOR_MESSAGE_MAX_CHARS}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
        />
        <button type="submit" className="button" disabled={busy}>
          Send
        </button>
      </form>
      <PoweredBy engine={shownEngine} />
    </section>
  );
}
