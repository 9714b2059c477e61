import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { LearnerIdParamsSchema } from './guardians.ts';
import { QuizIdSchema } from './learning.ts';

/** SPEC §4 Chat: the greeting every new conversation starts with. */
export const TUTOR_GREETING = "Hello! I'm here to help you. How can I assist you today?";
/** The longest message a learner may send, in characters. */
export const TUTOR_MESSAGE_MAX_CHARS = 1000;
export const TUTOR_MESSAGE_TOO_LONG = `Please keep your message under ${TUTOR_MESSAGE_MAX_CHARS} characters.`;
export const TUTOR_MESSAGE_EMPTY = 'Please type a message first.';

export const ConversationIdSchema = z.uuid();
export const ConversationParamsSchema = z.object({ conversationId: ConversationIdSchema });
export const LearnerConversationParamsSchema = LearnerIdParamsSchema.extend({
  conversationId: ConversationIdSchema,
});

/** Who answers: a model behind an OpenAI-compatible endpoint, or the built-in offline tutor. */
export const TutorEngineSchema = z
  .object({
    kind: z.enum(['model', 'offline']),
    /** The model's name as configured (`TUTOR_MODEL`), or `offline tutor`. */
    name: z.string(),
  })
  .meta({ id: 'TutorEngine' });
export type TutorEngine = z.infer<typeof TutorEngineSchema>;

export const TutorMessageSchema = z
  .object({
    id: z.uuid(),
    /** SPEC §3: `user` messages show on the right, `assistant` ones on the left. */
    role: z.enum(['user', 'assistant']),
    text: z.string(),
    /** `failed`: the reply could not be produced (it can be retried); `complete` otherwise. */
    status: z.enum(['complete', 'failed']),
    /** Who wrote an assistant message. */
    engine: TutorEngineSchema.nullable(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'TutorMessage' });
export type TutorMessage = z.infer<typeof TutorMessageSchema>;

/** The quiz question a conversation was opened from ("Ask the tutor"). */
export const TutorQuestionContextSchema = z.object({
  quizId: QuizIdSchema,
  itemId: z.string(),
  prompt: z.string(),
  /** Whether the learner has answered it: until then the tutor gives hints, never the answer. */
  answered: z.boolean(),
});
export type TutorQuestionContext = z.infer<typeof TutorQuestionContextSchema>;

export const ConversationSummarySchema = z
  .object({
    id: z.uuid(),
    /** The first question asked, shortened; `New conversation` before one. */
    title: z.string(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'TutorConversationSummary' });
export type ConversationSummary = z.infer<typeof ConversationSummarySchema>;
export const ConversationListSchema = z.array(ConversationSummarySchema);

export const ConversationSchema = ConversationSummarySchema.extend({
  question: TutorQuestionContextSchema.nullable(),
  messages: z.array(TutorMessageSchema),
}).meta({ id: 'TutorConversation' });
export type Conversation = z.infer<typeof ConversationSchema>;

export const StartConversationBodySchema = z.object({
  /** Open the tutor on a served quiz question (the learner's own). */
  question: z.object({ quizId: QuizIdSchema, itemId: z.string().min(1).max(200) }).optional(),
});
export type StartConversationBody = z.infer<typeof StartConversationBodySchema>;

export const SendMessageBodySchema = z.object({
  text: z
    .string()
    .trim()
    .min(1, TUTOR_MESSAGE_EMPTY)
    .max(TUTOR_MESSAGE_MAX_CHARS, TUTOR_MESSAGE_TOO_LONG)
    .describe('The learner’s message; whitespace-only messages are refused'),
});
export type SendMessageBody = z.infer<typeof SendMessageBodySchema>;

/**
 * One Server-Sent Event of a reply, sent as `event: <type>` with this object as JSON `data`.
 * `start` (the stored user message and who answers), any number of `delta` (text to append), at most one
 * `replace` (a safety check replaced the text so far), then `done` (the stored reply) or `error`.
 */
export const TutorStreamEventSchema = z
  .discriminatedUnion('type', [
    z.object({ type: z.literal('start'), userMessage: TutorMessageSchema, engine: TutorEngineSchema }),
    z.object({ type: z.literal('delta'), text: z.string() }),
    z.object({ type: z.literal('replace'), text: z.string() }),
    z.object({ type: z.literal('done'), message: TutorMessageSchema }),
    /** `message` is the stored failed reply (retry answers it again); null when nothing was stored. */
    z.object({ type: z.literal('error'), message: TutorMessageSchema.nullable(), detail: z.string() }),
  ])
  .meta({ id: 'TutorStreamEvent' });
export type TutorStreamEvent = z.infer<typeof TutorStreamEventSchema>;

/** The learner's tutor (Ask AI), and a parent's read-only view through a verified link. */
export const tutorEndpoints = {
  engine: endpoint({
    method: 'GET',
    path: '/api/tutor/engine',
    summary: 'Who answers: the configured model or the offline tutor',
    tags: ['tutor'],
    response: TutorEngineSchema,
  }),
  conversations: endpoint({
    method: 'GET',
    path: '/api/tutor/conversations',
    summary: "The learner's conversations, newest first",
    tags: ['tutor'],
    response: ConversationListSchema,
  }),
  start: endpoint({
    method: 'POST',
    path: '/api/tutor/conversations',
    summary: 'Start a conversation (it begins with the greeting), optionally about a quiz question',
    tags: ['tutor'],
    body: StartConversationBodySchema,
    response: ConversationSchema,
    status: 201,
  }),
  conversation: endpoint({
    method: 'GET',
    path: '/api/tutor/conversations/:conversationId',
    summary: 'A conversation with its messages',
    tags: ['tutor'],
    params: ConversationParamsSchema,
    response: ConversationSchema,
  }),
  send: endpoint({
    method: 'POST',
    path: '/api/tutor/conversations/:conversationId/messages',
    summary:
      'Send a message; the reply streams as Server-Sent Events (text/event-stream), one TutorStreamEvent each',
    tags: ['tutor'],
    params: ConversationParamsSchema,
    body: SendMessageBodySchema,
    response: TutorStreamEventSchema,
  }),
  retry: endpoint({
    method: 'POST',
    path: '/api/tutor/conversations/:conversationId/retry',
    summary: 'Answer the last message again after a failed reply; streams like sending',
    tags: ['tutor'],
    params: ConversationParamsSchema,
    response: TutorStreamEventSchema,
  }),
  guardianConversations: endpoint({
    method: 'GET',
    path: '/api/guardian/learners/:learnerId/tutor/conversations',
    summary: "A verified-linked child's tutor conversations (parents only)",
    tags: ['tutor', 'guardians'],
    params: LearnerIdParamsSchema,
    response: ConversationListSchema,
  }),
  guardianConversation: endpoint({
    method: 'GET',
    path: '/api/guardian/learners/:learnerId/tutor/conversations/:conversationId',
    summary: "One of a verified-linked child's tutor conversations (parents only)",
    tags: ['tutor', 'guardians'],
    params: LearnerConversationParamsSchema,
    response: ConversationSchema,
  }),
};
