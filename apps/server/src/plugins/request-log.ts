import type { FastifyRequest, FastifyServerOptions } from 'fastify';

const REDACTED = '[redacted]';

// One-time secrets that travel in URLs: the verification link's `?token=`, the reset link's path segment
// (`/api/auth/reset-password/<token>`) and the reset page's `?token=`. Whoever reads the log must not be able to
// follow them (issue 20).
const SECRET_QUERY = /([?&](?:token|code|state)=)[^&#]*/gi;
const SECRET_PATH = /(\/api\/auth\/reset-password\/)[^/?#]+/i;

/** A URL as the request log may keep it: the one-time tokens in it replaced by `[redacted]`. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_PATH, `$1${REDACTED}`).replace(SECRET_QUERY, `$1${REDACTED}`);
}

/** What the log keeps of a request: Fastify's default fields, with the URL redacted. */
function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** The app's logger options: level, redacted headers and URLs; `stream` lets a test read the log. */
export function loggerOptions(
  level: string,
  stream?: NodeJS.WritableStream,
): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  return {
    level,
    redact: ['req.headers.cookie', 'req.headers.authorization'],
    serializers: { req: serializeRequest },
    ...(stream ? { stream } : {}),
  };
}
