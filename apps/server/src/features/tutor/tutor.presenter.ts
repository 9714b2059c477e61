import type { Conversation, ConversationSummary, TutorMessage, TutorQuestionContext } from '@vidya/contracts';
import type { ConversationRow, MessageRow } from './tutor.repository.ts';

const NEW_CONVERSATION = 'New conversation';
const TITLE_CHARS = 60;

/** A conversation's title from the learner's first message. */
export function titleFrom(text: string): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  return oneLine.length > TITLE_CHARS ? `${oneLine.slice(0, TITLE_CHARS - 1)}…` : oneLine;
}

export function presentMessage(row: MessageRow): TutorMessage {
  return {
    id: row.id,
    role: row.role as TutorMessage['role'],
    text: row.text,
    status: row.status as TutorMessage['status'],
    engine: row.engine ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export function presentSummary(row: ConversationRow): ConversationSummary {
  return {
    id: row.id,
    title: row.title ?? NEW_CONVERSATION,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A conversation with its messages; the question it is about goes out without its answer. */
export function presentConversation(
  row: ConversationRow,
  messages: MessageRow[],
  question: TutorQuestionContext | null,
): Conversation {
  return { ...presentSummary(row), question, messages: messages.map(presentMessage) };
}
