import {
  TUTOR_GREETING,
  type Conversation,
  type ConversationSummary,
  type Me,
  type StartConversationBody,
  type TutorEngine,
  type TutorQuestionContext,
  type TutorStreamEvent,
} from '@vidya/contracts';
import type { ModelMessage } from 'ai';
import type { FastifyInstance } from 'fastify';
import { conflict, forbidden, notFound } from '#src/errors.ts';
import {
  hintFor,
  hintLevelFor,
  isAnsweredByComputing,
  methodOnlyReply,
  type QuestionContext,
} from './offline/hint-ladder.ts';
import { offlineReply } from './offline/offline-tutor.ts';
import { leakedQuestion, type LiveQuestion } from './safety/answer-guard.ts';
import { GuardedReply } from './safety/guarded-reply.ts';
import { moderateInput, moderateOutput } from './safety/moderation.ts';
import { loadTutorContent, type TutorContent } from './tutor.content.ts';
import { ModelError, streamModelReply } from './tutor.model.ts';
import { mayFollow } from '../consent/index.ts';
import { detectConcern, raiseAlert, safetyReply } from '../safety/index.ts';
import { presentConversation, presentMessage, presentSummary, titleFrom } from './tutor.presenter.ts';
import { systemPrompt } from './tutor.prompt.ts';
import * as repo from './tutor.repository.ts';

const OFFLINE: TutorEngine = { kind: 'offline', name: 'offline tutor' };
const HISTORY_MESSAGES = 12;
// The offline tutor's reply is sent a few words at a time, like a model's, so both read the same way
// (TUTOR_OFFLINE_CHUNK_MS apart).
const OFFLINE_WORDS_PER_CHUNK = 3;

const FAILED_DETAIL = 'The tutor could not answer just now. Please try again.';
const TIMEOUT_DETAIL = 'The tutor took too long to answer. Please try again.';

/** Who answers in this app: the configured model, or the offline tutor. */
export function engineOf(app: FastifyInstance): TutorEngine {
  const model = app.config.tutor;
  return model ? { kind: 'model', name: model.model } : OFFLINE;
}

const contentCache = new WeakMap<FastifyInstance, Promise<TutorContent>>();
/** The course content index, built on first use and kept for the process (the catalogue changes only on start). */
function contentOf(app: FastifyInstance): Promise<TutorContent> {
  let content = contentCache.get(app);
  if (!content) {
    content = loadTutorContent(app.db);
    content.catch(() => contentCache.delete(app));
    contentCache.set(app, content);
  }
  return content;
}

function toLive(row: repo.ServedItem): LiveQuestion {
  return {
    itemId: row.itemId,
    courseKey: row.courseKey,
    kind: row.kind as LiveQuestion['kind'],
    prompt: row.prompt,
    choices: row.choices,
    answer: row.answer,
  };
}

function toContext(row: repo.ServedItem): QuestionContext {
  return {
    ...toLive(row),
    skillId: row.skillId,
    explanation: row.explanation,
    passageTitle: row.passageTitle,
    answered: row.answered,
  };
}

async function questionOf(app: FastifyInstance, row: repo.ConversationRow) {
  if (!row.quizId || row.position === null) return null;
  const served = await repo.servedQuestion(app.db, row.quizId, row.position);
  return served ? toContext(served) : null;
}

function presentQuestion(
  row: repo.ConversationRow,
  question: QuestionContext | null,
): TutorQuestionContext | null {
  return question && row.quizId
    ? { quizId: row.quizId, itemId: question.itemId, prompt: question.prompt, answered: question.answered }
    : null;
}

async function conversationWithMessages(
  app: FastifyInstance,
  row: repo.ConversationRow,
): Promise<Conversation> {
  const [messages, question] = await Promise.all([repo.messagesOf(app.db, row.id), questionOf(app, row)]);
  return presentConversation(row, messages, presentQuestion(row, question));
}

/** Starts a conversation with the greeting; with a question, only one the learner's own quiz served. */
export async function startConversation(
  app: FastifyInstance,
  learnerId: string,
  body: StartConversationBody,
): Promise<Conversation> {
  let position: number | undefined;
  if (body.question) {
    position = await repo.servedPosition(app.db, learnerId, body.question.quizId, body.question.itemId);
    if (position === undefined) throw notFound('question in your quizzes');
  }
  const row = await repo.insertConversation(app.db, {
    learnerId,
    ...(body.question && position !== undefined ? { quizId: body.question.quizId, position } : {}),
  });
  await repo.insertMessage(app.db, {
    conversationId: row.id,
    role: 'assistant',
    text: TUTOR_GREETING,
    engine: engineOf(app),
  });
  return conversationWithMessages(app, row);
}

/** The learner's conversations, newest first. */
export async function listConversations(
  app: FastifyInstance,
  learnerId: string,
): Promise<ConversationSummary[]> {
  return (await repo.conversationsOf(app.db, learnerId)).map(presentSummary);
}

/** One of the learner's conversations (404 for anyone else's). */
export async function getConversation(
  app: FastifyInstance,
  learnerId: string,
  id: string,
): Promise<Conversation> {
  const row = await repo.findConversation(app.db, learnerId, id);
  if (!row) throw notFound('conversation');
  return conversationWithMessages(app, row);
}

async function checkParent(app: FastifyInstance, guardian: Me, learnerId: string) {
  // Only the parent who gave consent, while it stands: a link made by a username request is not enough.
  if (guardian.role !== 'parents' || !(await mayFollow(app, guardian.id, learnerId)))
    throw forbidden('Only the parent who gave consent for this child can read their tutor conversations.');
}

/** A parent's read-only list of their child's conversations (the consenting parent only). */
export async function conversationsForParent(
  app: FastifyInstance,
  guardian: Me,
  learnerId: string,
): Promise<ConversationSummary[]> {
  await checkParent(app, guardian, learnerId);
  return listConversations(app, learnerId);
}

/** A parent's read-only view of one conversation (the consenting parent only). */
export async function conversationForParent(
  app: FastifyInstance,
  guardian: Me,
  learnerId: string,
  id: string,
): Promise<Conversation> {
  await checkParent(app, guardian, learnerId);
  return getConversation(app, learnerId, id);
}

/** A message accepted for an answer: stored, with what the reply needs. */
export interface PendingReply {
  conversation: repo.ConversationRow;
  userMessage: repo.MessageRow;
  history: repo.MessageRow[];
}

/** Stores the learner's message (before any streaming starts, so errors are plain problem responses). */
export async function acceptMessage(
  app: FastifyInstance,
  learnerId: string,
  conversationId: string,
  text: string,
): Promise<PendingReply> {
  const conversation = await repo.findConversation(app.db, learnerId, conversationId);
  if (!conversation) throw notFound('conversation');
  const history = await repo.messagesOf(app.db, conversation.id);
  const userMessage = await repo.insertMessage(app.db, { conversationId, role: 'user', text });
  await repo.touchConversation(app.db, conversationId, titleFrom(text));
  return { conversation, userMessage, history };
}

/** Takes back a failed (or missing) reply to the last message, so it can be answered again. */
export async function acceptRetry(
  app: FastifyInstance,
  learnerId: string,
  conversationId: string,
): Promise<PendingReply> {
  const conversation = await repo.findConversation(app.db, learnerId, conversationId);
  if (!conversation) throw notFound('conversation');
  const messages = await repo.messagesOf(app.db, conversation.id);
  let last = messages.at(-1);
  if (last?.role === 'assistant' && last.status === 'failed') {
    await repo.deleteMessage(app.db, last.id);
    messages.pop();
    last = messages.at(-1);
  }
  if (last?.role !== 'user') throw conflict('conflict', 'There is no unanswered message to retry.');
  return { conversation, userMessage: last, history: messages.slice(0, -1) };
}

async function* offlineChunks(text: string, pauseMs: number, signal: AbortSignal): AsyncGenerator<string> {
  const words = text.split(/(?<=\s)/);
  for (let i = 0; i < words.length; i += OFFLINE_WORDS_PER_CHUNK) {
    if (signal.aborted) return;
    yield words.slice(i, i + OFFLINE_WORDS_PER_CHUNK).join('');
    await new Promise((resolve) => setTimeout(resolve, pauseMs));
  }
}

/**
 * Produces the reply as stream events: moderation of the message, then the model (or the offline tutor), every
 * piece checked before it is released (no live quiz answer, nothing unsafe, length capped); the reply is stored.
 */
export async function* replyEvents(
  app: FastifyInstance,
  learnerId: string,
  pending: PendingReply,
  signal: AbortSignal,
): AsyncGenerator<TutorStreamEvent> {
  const engine = engineOf(app);
  const { conversation, userMessage } = pending;
  yield { type: 'start', userMessage: presentMessage(userMessage), engine };
  const [content, question, live] = await Promise.all([
    contentOf(app),
    questionOf(app, conversation),
    repo.unansweredQuestions(app.db, learnerId).then((rows) => rows.map(toLive)),
  ]);
  const learnerMessages = pending.history.filter((m) => m.role === 'user').length + 1;
  const guarded = question && !question.answered ? [question, ...live] : live;
  // A reply that gives away a live answer becomes the hint for the question (or a nudge for another live one).
  const hintInstead = (leaked: LiveQuestion) => {
    const context =
      question && leaked.itemId === question.itemId ? question : live.find((q) => q.itemId === leaked.itemId);
    const level = hintLevelFor(learnerMessages);
    return context && 'courseKey' in context
      ? hintFor(context as QuestionContext, level, content, learnerMessages)
      : 'Let’s work that one out together rather than me giving the answer. What do you think the first step is? Once you have submitted your answer, I can explain it fully.';
  };
  const check = (text: string) => {
    const leaked = leakedQuestion(text, guarded);
    if (leaked) return hintInstead(leaked);
    const moderated = moderateOutput(text);
    return moderated.ok ? null : moderated.reply;
  };
  // A message suggesting self-harm, abuse, bullying or danger gets a fixed, kind reply with helplines instead of an
  // answer, and the consenting parent and class teachers are alerted (the fixed reply skips the answer checks).
  const concern = detectConcern(userMessage.text);
  const reply = new GuardedReply(concern ? () => null : check);

  const inputCheck = moderateInput(userMessage.text);
  // Checked before any model sees the message, so no engine computes a value that the answer guard would then
  // refuse only when it equals a live answer.
  const methodOnly = inputCheck.ok ? methodOnlyReply(userMessage.text, guarded) : null;
  let source: AsyncGenerator<string>;
  if (concern) {
    const hasToldSomeone = await raiseAlert(app, learnerId, userMessage, concern);
    source = offlineChunks(safetyReply(hasToldSomeone), app.config.offlineTutorChunkMs, signal);
  } else if (!inputCheck.ok) source = offlineChunks(inputCheck.reply, app.config.offlineTutorChunkMs, signal);
  else if (methodOnly) source = offlineChunks(methodOnly, app.config.offlineTutorChunkMs, signal);
  else if (app.config.tutor) {
    const grounding = await repo.learnerGrounding(app.db, learnerId);
    const messages: ModelMessage[] = [...pending.history, userMessage]
      .filter((m) => m.status === 'complete')
      .slice(-HISTORY_MESSAGES)
      .map((m) => ({ role: m.role === 'user' ? 'user' : 'assistant', content: m.text }));
    source = streamModelReply(app.config.tutor, {
      system: systemPrompt(grounding, question, learnerMessages, guarded.some(isAnsweredByComputing)),
      messages,
      signal,
    });
  } else {
    const grounding = await repo.learnerGrounding(app.db, learnerId);
    const text = offlineReply(
      {
        message: userMessage.text,
        question,
        learnerMessages,
        liveQuestions: live,
        courses: grounding.courses.map((c) => c.title),
      },
      content,
    );
    source = offlineChunks(text, app.config.offlineTutorChunkMs, signal);
  }

  try {
    for await (const delta of source) {
      const step = reply.push(delta);
      if (step.replace !== null) yield { type: 'replace', text: step.replace };
      else if (step.emit) yield { type: 'delta', text: step.emit };
      if (step.stop) break;
    }
    const last = reply.finish();
    if (last.replace !== null) yield { type: 'replace', text: last.replace };
    else if (last.emit) yield { type: 'delta', text: last.emit };
  } catch (error) {
    if (!(error instanceof ModelError)) throw error;
    app.log.warn({ err: error.cause ?? error, reason: error.reason }, 'tutor model failed');
    const failed = await repo.insertMessage(app.db, {
      conversationId: conversation.id,
      role: 'assistant',
      text: '',
      status: 'failed',
      engine,
    });
    yield {
      type: 'error',
      message: presentMessage(failed),
      detail: error.reason === 'timeout' ? TIMEOUT_DETAIL : FAILED_DETAIL,
    };
    return;
  }
  const stored = await repo.insertMessage(app.db, {
    conversationId: conversation.id,
    role: 'assistant',
    text: reply.final || 'Sorry, I have no answer for that. Could you ask it another way?',
    engine,
  });
  await repo.touchConversation(app.db, conversation.id, titleFrom(userMessage.text));
  yield { type: 'done', message: presentMessage(stored) };
}
