import { z } from 'zod';

/** Stable, machine-readable error codes; the UI maps them to texts, clients may switch on them. */
export const ERROR_CODES = [
  'validation_failed',
  'unauthenticated',
  'forbidden',
  'cross_site_request',
  'not_found',
  'conflict',
  'email_taken',
  'username_taken',
  'invalid_credentials',
  'email_not_verified',
  'rate_limited',
  'invalid_token',
  'payload_too_large',
  'not_enrolled',
  'quiz_finished',
  'stale_question',
  'no_questions',
  'consent_required',
  'service_unavailable',
  'internal_error',
] as const;
export const ErrorCodeSchema = z.enum(ERROR_CODES);
export type ErrorCode = z.infer<typeof ErrorCodeSchema>;

/** An RFC 9457 problem document, as every failed /api call returns it. */
export const ProblemSchema = z
  .object({
    type: z.string().describe('A URI naming the problem type'),
    title: z.string().describe('A short summary of the problem type'),
    status: z.number().int().describe('The HTTP status code'),
    detail: z.string().describe('What went wrong, readable by a person'),
    code: ErrorCodeSchema.describe('A stable code clients can switch on'),
    instance: z.string().optional(),
    fields: z.record(z.string(), z.string()).optional().describe('Per-field messages for form inputs'),
  })
  .meta({ id: 'Problem' });
export type Problem = z.infer<typeof ProblemSchema>;
