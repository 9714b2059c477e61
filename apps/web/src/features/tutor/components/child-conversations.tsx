import { useState } from 'react';
import { Spinner } from '#src/components/ui/spinner.tsx';
import { useChildConversation, useChildConversations } from '../api/guardian-conversations.ts';

const when = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short' });

function Transcript({ learnerId, conversationId }: { learnerId: string; conversationId: string }) {
  const conversation = useChildConversation(learnerId, conversationId);
  if (conversation.isPending) return <Spinner label="Loading the conversation" />;
  if (conversation.isError)
    return <p role="alert">We could not load this conversation. Please try again later.</p>;
  return (
    <ol className="child-transcript">
      {conversation.data.messages.map((message) => (
        <li key={message.id} className={message.role === 'user' ? 'from-child' : 'from-tutor'}>
          <strong>{message.role === 'user' ? 'Your child' : 'Tutor'}:</strong> {message.text}
        </li>
      ))}
    </ol>
  );
}

/** A parent reads a child's conversations with the tutor (read only). */
export function ChildConversations({ learnerId }: { learnerId: string }) {
  const conversations = useChildConversations(learnerId);
  const [openId, setOpenId] = useState<string | null>(null);
  if (conversations.isPending) return <Spinner label="Loading tutor conversations" />;
  if (conversations.isError)
    return <p role="alert">We could not load the tutor conversations. Please try again later.</p>;
  if (conversations.data.length === 0) return <p className="muted">No conversations with the tutor yet.</p>;
  return (
    <ul className="child-conversations">
      {conversations.data.map((c) => (
        <li key={c.id}>
          <button
            type="button"
            className="link-button"
            aria-expanded={openId === c.id}
            onClick={() => setOpenId((id) => (id === c.id ? null : c.id))}
          >
            {c.title} <span className="muted">({when.format(new Date(c.updatedAt))})</span>
          </button>
          {openId === c.id && <Transcript learnerId={learnerId} conversationId={c.id} />}
        </li>
      ))}
    </ul>
  );
}
