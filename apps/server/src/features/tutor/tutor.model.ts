import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { streamText, type ModelMessage } from 'ai';

/** An OpenAI-compatible chat model endpoint (Ollama, llama.cpp server, vLLM, OpenAI). */
export interface TutorModelConfig {
  baseUrl: string;
  model: string;
  apiKey: string | null;
  /** The whole reply must arrive within this time. */
  timeoutMs: number;
}

/** The model timed out or failed; the learner sees a short message and can retry. */
export class ModelError extends Error {
  constructor(
    readonly reason: 'timeout' | 'failed',
    options?: { cause?: unknown },
  ) {
    super(reason === 'timeout' ? 'the model took too long' : 'the model failed', options);
    this.name = 'ModelError';
  }
}

const MAX_OUTPUT_TOKENS = 400;

/** Streams a model's reply as text deltas through the Vercel AI SDK. */
export async function* streamModelReply(
  config: TutorModelConfig,
  input: { system: string; messages: ModelMessage[]; signal: AbortSignal },
): AsyncGenerator<string> {
  const provider = createOpenAICompatible({
    name: 'tutor',
    baseURL: config.baseUrl,
    ...(config.apiKey ? { apiKey: config.apiKey } : {}),
    includeUsage: true,
  });
  const timeout = AbortSignal.timeout(config.timeoutMs);
  const signal = AbortSignal.any([input.signal, timeout]);
  const result = streamText({
    model: provider.chatModel(config.model),
    system: input.system,
    messages: input.messages,
    maxOutputTokens: MAX_OUTPUT_TOKENS,
    temperature: 0.4,
    maxRetries: 0,
    abortSignal: signal,
    // Failures arrive as `error` parts below and are logged by the service; no second log from the SDK.
    onError: () => undefined,
  });
  const fail = (cause?: unknown) => new ModelError(timeout.aborted ? 'timeout' : 'failed', { cause });
  try {
    for await (const part of result.fullStream) {
      if (part.type === 'text-delta') yield part.text;
      else if (part.type === 'error') throw fail(part.error);
      else if (part.type === 'abort') throw fail();
    }
  } catch (error) {
    if (error instanceof ModelError) throw error;
    throw fail(error);
  }
}
