import type { ErrorCode, Problem } from '@vidya/contracts';

const TITLES: Record<ErrorCode, string> = {
  validation_failed: 'Request validation failed',
  unauthenticated: 'Sign in required',
  forbidden: 'Not allowed',
  cross_site_request: 'Cross-site request refused',
  not_found: 'Not found',
  conflict: 'Conflict',
  email_taken: 'E-mail address already registered',
  username_taken: 'Username already taken',
  invalid_credentials: 'Wrong e-mail or password',
  email_not_verified: 'E-mail address not verified',
  rate_limited: 'Too many requests',
  invalid_token: 'Invalid or expired link',
  payload_too_large: 'Request too large',
  not_enrolled: 'Not enrolled in this course',
  quiz_finished: 'Quiz finished',
  consent_required: 'Parental consent required',
  stale_question: 'Not the current question',
  no_questions: 'No question available',
  service_unavailable: 'Service unavailable',
  internal_error: 'Internal server error',
};

/** An expected failure with a fixed status and stable code; the error handler turns it into problem+json. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    readonly detail: string,
    readonly fields?: Record<string, string>,
  ) {
    super(detail);
    this.name = 'AppError';
  }

  toProblem(instance?: string): Problem {
    return {
      type: `https://vidya.local/problems/${this.code.replaceAll('_', '-')}`,
      title: TITLES[this.code],
      status: this.status,
      detail: this.detail,
      code: this.code,
      ...(instance ? { instance } : {}),
      ...(this.fields ? { fields: this.fields } : {}),
    };
  }
}

export const badRequest = (detail: string, fields?: Record<string, string>) =>
  new AppError(400, 'validation_failed', detail, fields);
export const unauthenticated = () => new AppError(401, 'unauthenticated', 'Please sign in to continue.');
export const forbidden = (detail = 'Your account may not do this.') => new AppError(403, 'forbidden', detail);
export const notFound = (what: string) => new AppError(404, 'not_found', `No such ${what}.`);
export const conflict = (code: ErrorCode, detail: string, fields?: Record<string, string>) =>
  new AppError(409, code, detail, fields);
export const tooManyRequests = (detail = 'Too many attempts. Please wait a minute and try again.') =>
  new AppError(429, 'rate_limited', detail);
export const serviceUnavailable = () =>
  new AppError(503, 'service_unavailable', 'The service is briefly unavailable. Please try again.');
