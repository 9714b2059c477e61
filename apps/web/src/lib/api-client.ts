import { fillPath, ProblemSchema, type Endpoint, type ErrorCode } from '@vidya/contracts';
import type { z } from 'zod';

/** A failed API call: the problem document's status, stable code, message and per-field messages. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | 'network_error',
    message: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type Defined<T> = Exclude<T, undefined>;
type Input<T> = [Defined<T>] extends [never]
  ? undefined
  : Defined<T> extends z.ZodType
    ? z.input<Defined<T>>
    : undefined;

export interface CallInput<E extends Endpoint> {
  params?: Input<E['params']>;
  query?: Input<E['query']>;
  body?: Input<E['body']>;
  signal?: AbortSignal;
}

/** Calls a contract endpoint; resolves with its typed response or throws ApiError. */
export async function api<E extends Endpoint>(
  endpoint: E,
  input: CallInput<E> = {},
): Promise<z.infer<E['response']>> {
  let url = fillPath(endpoint.path, input.params as Record<string, string> | undefined);
  if (input.query) {
    const search = new URLSearchParams(
      Object.entries(input.query as Record<string, unknown>).map(([k, v]) => [k, String(v)]),
    );
    url += `?${search.toString()}`;
  }
  let response: Response;
  try {
    response = await fetch(url, {
      method: endpoint.method,
      credentials: 'same-origin',
      headers: input.body === undefined ? {} : { 'content-type': 'application/json' },
      ...(input.body === undefined ? {} : { body: JSON.stringify(input.body) }),
      ...(input.signal ? { signal: input.signal } : {}),
    });
  } catch {
    throw new ApiError(0, 'network_error', 'We could not reach Vidya. Check your connection and try again.');
  }
  const payload: unknown = response.status === 204 ? null : await response.json().catch(() => null);
  if (!response.ok) {
    const problem = ProblemSchema.safeParse(payload);
    if (problem.success) {
      throw new ApiError(problem.data.status, problem.data.code, problem.data.detail, problem.data.fields);
    }
    throw new ApiError(response.status, 'internal_error', 'Something went wrong. Please try again.');
  }
  return payload as z.infer<E['response']>;
}
