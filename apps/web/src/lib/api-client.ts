import { fillPath, type Endpoint, type ErrorCode, type Problem } from '@vidya/contracts';
import { reportServerReachable } from './connectivity.ts';
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

// A structural check instead of ProblemSchema.parse: this file is in the entry chunk, which must not load zod.
function isProblem(value: unknown): value is Problem {
  if (typeof value !== 'object' || value === null) return false;
  const p = value as Record<string, unknown>;
  return typeof p.status === 'number' && typeof p.code === 'string' && typeof p.detail === 'string';
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
  } catch (error) {
    if (!(error instanceof DOMException && error.name === 'AbortError')) reportServerReachable(false);
    throw new ApiError(0, 'network_error', 'We could not reach Vidya. Check your connection and try again.');
  }
  reportServerReachable(true);
  const payload: unknown = response.status === 204 ? null : await response.json().catch(() => null);
  if (!response.ok) {
    if (isProblem(payload)) throw new ApiError(payload.status, payload.code, payload.detail, payload.fields);
    throw new ApiError(response.status, 'internal_error', 'Something went wrong. Please try again.');
  }
  return payload as z.infer<E['response']>;
}

/**
 * An endpoint known by method and path only, typed by its contract. Code in the entry chunk uses it so the
 * contract's zod schemas (and zod) load with the routes that need them; a test checks it matches the contract.
 */
export const endpointRef = <E extends Endpoint>(method: E['method'], path: E['path']): E =>
  ({ method, path }) as E;
