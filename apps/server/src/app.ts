import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import type { Config } from './config.ts';
import { loadCatalogue } from '@vidya/content';
import { createDatabase, type Database } from './db/client.ts';
import { seedCatalogue } from './db/seed.ts';
import { AppError, badRequest, conflict, serviceUnavailable } from './errors.ts';
import { scheduleJobs } from './features/jobs/index.ts';
import { SessionGuard } from './features/accounts/index.ts';
import { loadLearning, loadNewestFit, scheduleModelFit } from './features/quizzes/index.ts';
import { accessRoutes } from './features/access/access.routes.ts';
import { accountRoutes } from './features/accounts/accounts.routes.ts';
import { consentRoutes } from './features/consent/consent.routes.ts';
import { courseRoutes } from './features/courses/courses.routes.ts';
import { dataRightsRoutes } from './features/data-rights/data-rights.routes.ts';
import { guardianRoutes } from './features/guardians/guardians.routes.ts';
import { healthRoutes } from './features/health/health.routes.ts';
import { jobRoutes } from './features/jobs/jobs.routes.ts';
import { mailRoutes } from './features/mail/mail.routes.ts';
import { progressRoutes } from './features/progress/progress.routes.ts';
import { quizRoutes } from './features/quizzes/quizzes.routes.ts';
import { safetyRoutes } from './features/safety/safety.routes.ts';
import { tutorRoutes } from './features/tutor/tutor.routes.ts';
import { securityHeaders } from './plugins/security-headers.ts';
import { createMailer } from './lib/mailer.ts';
import { createAuth } from './plugins/auth.ts';
import { authBridge } from './plugins/auth-bridge.ts';
import { headerGuard } from './plugins/header-guard.ts';
import { sharedOrLocalStore } from './plugins/rate-limit-store.ts';
import { loggerOptions } from './plugins/request-log.ts';
import { recordRoutes } from './plugins/route-table.ts';
import { sameOriginGuard } from './plugins/same-origin.ts';
import { webApp } from './plugins/web.ts';

export interface BuildOptions {
  /** Use this database instead of opening the configured one (tests); it is not closed with the app. */
  database?: Database;
  /** Write the log here instead of stdout (tests that read it). */
  logStream?: NodeJS.WritableStream;
}

// Connection-level failures mean the database is away, not that the request was wrong.
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  '57P01',
  '57P03',
  '08006',
  '08001',
  // postgres.js's own codes for a connection lost or never made.
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'CONNECT_TIMEOUT',
]);

// SQLSTATE class 22 (data exception): a value the database cannot store, such as a NUL character in text.
const DATA_EXCEPTION = /^22[0-9A-Z]{3}$/;

function errorCause(error: unknown): { code?: string } {
  let current = error as { code?: string; cause?: unknown } | undefined;
  for (let depth = 0; current && depth < 5; depth++) {
    if (
      current.code &&
      (UNAVAILABLE_CODES.has(current.code) || current.code === '23505' || DATA_EXCEPTION.test(current.code))
    )
      return current;
    current = current.cause as typeof current;
  }
  return {};
}

/** The secret for sessions: AUTH_SECRET, else one generated once and kept in the data directory. */
function authSecret(config: Config): string {
  if (config.authSecret) return config.authSecret;
  if (config.production) throw new Error('AUTH_SECRET must be set in production (32+ characters).');
  const dir = config.database.kind === 'pglite' && config.database.dataDir ? config.database.dataDir : 'data';
  const file = join(dir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** Builds the whole HTTP app from a configuration; `main.ts` listens, tests inject. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config.logLevel, options.logStream),
    trustProxy: config.trustProxy,
    bodyLimit: 64 * 1024,
    // A malformed URL never reaches a route: answer it in problem+json like every other bad input.
    frameworkErrors: (_error, _request, reply) => {
      const problem = new AppError(400, 'validation_failed', 'The request could not be read.');
      void (reply as FastifyReply).code(400).type('application/problem+json').send(problem.toProblem());
    },
  });
  recordRoutes(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const database = options.database ?? (await createDatabase(config.database));
  if (!options.database) {
    await database.migrate(config.migrationsDir);
    app.addHook('onClose', async () => database.close());
  }
  const seeded = await seedCatalogue(database.db, loadCatalogue(config.contentDir));
  app.log.info(seeded, 'content catalogue loaded');
  app.decorate('learning', await loadLearning(database));
  // While Redis is away, rate-limit checks fail at once (no offline queue) and count in this process's memory instead
  // (plugins/rate-limit-store.ts): every limit still holds per process, and nobody is locked out (docs/security.md).
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 1, enableOfflineQueue: false })
    : null;
  if (redis) {
    let away = false;
    redis.on('error', (error: Error) => {
      if (away) return;
      away = true;
      app.log.warn({ err: error }, 'Redis is unreachable: rate limits count per process until it is back');
    });
    redis.on('ready', () => {
      if (away) app.log.info('Redis is back: rate limits are shared again');
      away = false;
    });
    // Start counting from the first request when Redis is there; do not wait long for one that is not.
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        redis.off('ready', done);
        resolve();
      };
      const timer = setTimeout(done, 2_000);
      redis.once('ready', done);
    });
    app.addHook('onClose', async () => {
      // quit() needs a connection; a Redis that never answered is simply dropped.
      if (redis.status === 'ready') await redis.quit();
      else redis.disconnect();
    });
  }

  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  await loadNewestFit(app);
  scheduleModelFit(app);
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    db: database.db,
    log: app.log,
  });
  app.decorate('mailer', mailer);
  app.decorate('auth', createAuth({ config, db: database.db, mailer, secret: authSecret(config) }));
  app.decorate('sessions', new SessionGuard(app.auth, database.run));

  // Third-party plugins first, then ours, then features (STYLE.md §2).
  securityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
  });
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { store: sharedOrLocalStore(redis, 'vidya-rl:') } : {}),
  });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Vidya API',
        version: '1.0.0',
        description: 'The API of the Vidya adaptive-learning site.',
      },
      servers: [],
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    let appError: AppError;
    if (error instanceof AppError) appError = error;
    else if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const key = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'body';
        fields[key] ??= issue.message ?? 'Invalid value';
      }
      appError = new AppError(400, 'validation_failed', 'Some fields need attention.', fields);
    } else if (error.statusCode === 429) appError = new AppError(429, 'rate_limited', 'Too many requests.');
    else if (error.statusCode === 413)
      appError = new AppError(413, 'payload_too_large', 'The request is too large.');
    else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      appError = new AppError(error.statusCode, 'validation_failed', 'The request could not be read.');
    } else {
      const cause = errorCause(error);
      if (cause.code === '23505') appError = conflict('conflict', 'This already exists.');
      else if (cause.code && DATA_EXCEPTION.test(cause.code))
        appError = badRequest('The request contains a value that cannot be stored.');
      else if (cause.code) appError = serviceUnavailable();
      // A pooled connection cut mid-query ("Connection terminated unexpectedly") carries no code, and better-auth
      // wraps what it catches: when the database does not answer now, the failure is an outage, not a bug.
      else if (!(await database.ping())) appError = serviceUnavailable();
      else {
        request.log.error({ err: error }, 'unhandled error');
        appError = new AppError(500, 'internal_error', 'Something went wrong on our side. Please try again.');
      }
    }
    return reply.code(appError.status).type('application/problem+json').send(appError.toProblem(request.url));
  });

  headerGuard(app);
  sameOriginGuard(app);
  healthRoutes(app);
  await app.register(authBridge);
  accountRoutes(app);
  courseRoutes(app);
  quizRoutes(app);
  guardianRoutes(app);
  progressRoutes(app);
  tutorRoutes(app);
  dataRightsRoutes(app);
  consentRoutes(app);
  accessRoutes(app);
  safetyRoutes(app);
  if (config.devMailOutbox && !config.production) {
    mailRoutes(app);
    jobRoutes(app);
  }
  scheduleJobs(app);
  await webApp(app);
  return app;
}
