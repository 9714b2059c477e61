import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The server package's root folder, found from this file whether it runs from src/ or the dist/ bundle. */
export function serverRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest) && readFileSync(manifest, 'utf8').includes('"@vidya/server"')) return dir;
    const parent = dirname(dir);
    if (parent === dir) throw new Error('cannot find the @vidya/server package root');
    dir = parent;
  }
}

const flag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: z.url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: z.string().min(1).optional(),
  DATA_DIR: z.string().min(1).default('data'),
  MIGRATIONS_DIR: z.string().min(1).optional(),
  WEB_DIST_DIR: z.string().min(1).optional(),
  CONTENT_DIR: z.string().min(1).optional(),
  AUTH_SECRET: z.string().min(32).optional(),
  SMTP_URL: z.string().min(1).optional(),
  MAIL_FROM: z.string().min(3).default('Vidya <no-reply@vidya.local>'),
  DEV_MAIL_OUTBOX: flag.optional(),
  REDIS_URL: z.string().min(1).optional(),
  TRUST_PROXY: flag.default(false),
  RATE_LIMIT_IP_MULTIPLIER: z.coerce.number().int().min(1).max(1000).default(1),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  MICROSOFT_CLIENT_ID: z.string().optional(),
  MICROSOFT_CLIENT_SECRET: z.string().optional(),
  MICROSOFT_TENANT_ID: z.string().default('common'),
  GITHUB_CLIENT_ID: z.string().optional(),
  GITHUB_CLIENT_SECRET: z.string().optional(),
  OIDC_PROVIDER_ID: z
    .string()
    .regex(/^[a-z0-9-]+$/)
    .optional(),
  OIDC_NAME: z.string().default('Single sign-on'),
  OIDC_DISCOVERY_URL: z.url().optional(),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  TUTOR_BASE_URL: z.url().optional(),
  TUTOR_MODEL: z.string().min(1).optional(),
  TUTOR_API_KEY: z.string().min(1).optional(),
  TUTOR_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(30_000),
  TUTOR_OFFLINE_CHUNK_MS: z.coerce.number().int().min(0).max(1000).default(12),
  MODEL_REFIT: flag.default(true),
  MODEL_REFIT_INTERVAL_MINUTES: z.coerce.number().int().min(1).max(525_600).default(1440),
  MODEL_REFIT_MIN_ATTEMPTS: z.coerce.number().int().min(1).default(10_000),
  MODEL_FIT_CHECK_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300),
  JOBS_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(86_400).default(600),
});

export interface OAuthClient {
  clientId: string;
  clientSecret: string;
}

export interface Config {
  production: boolean;
  port: number;
  host: string;
  /** The origin users reach the app at; links in mails point here. */
  publicUrl: string;
  /** Mark cookies Secure (sent over https only): in production, and whenever PUBLIC_URL is https. */
  secureCookies: boolean;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  database: { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string | null };
  migrationsDir: string;
  /** packages/content/courses: the question bank loaded into the database on start. */
  contentDir: string;
  /** The built web app; null serves no SPA (API-only tests). */
  webDistDir: string | null;
  /** Secret signing sessions and tokens; null derives and stores one in the data dir (development). */
  authSecret: string | null;
  smtpUrl: string | null;
  mailFrom: string;
  /** Keep mails in the database and list them at /dev/mail (never in production). */
  devMailOutbox: boolean;
  redisUrl: string | null;
  trustProxy: boolean;
  /** Raises every per-IP limit (a school behind one NAT address); per-account limits stay. */
  rateLimitIpMultiplier: number;
  /** The AI tutor's OpenAI-compatible model; null runs the built-in offline tutor. */
  tutor: { baseUrl: string; model: string; apiKey: string | null; timeoutMs: number } | null;
  /** The offline tutor's pause between chunks of a reply, in ms. */
  offlineTutorChunkMs: number;
  /** The periodic refit of the engine's model from recorded attempts (decision 010). */
  modelFit: {
    /** Whether this process takes part in running the refit job (it loads stored fits either way). */
    isRefitEnabled: boolean;
    /** Least time between two fits. */
    refitIntervalMs: number;
    /** Attempts recorded before the first fit. */
    minAttempts: number;
    /** How often the process looks for a newer stored fit and whether the job is due. */
    checkMs: number;
  };
  /** How often each process wakes the scheduled jobs (consent reminders and expiry, tutor retention); 0: never. */
  jobsIntervalSeconds: number;
  social: {
    google: OAuthClient | null;
    microsoft: (OAuthClient & { tenantId: string }) | null;
    github: OAuthClient | null;
    oidc: (OAuthClient & { id: string; name: string; discoveryUrl: string }) | null;
  };
}

function pair(id: string | undefined, secret: string | undefined): OAuthClient | null {
  return id && secret ? { clientId: id, clientSecret: secret } : null;
}

/** Parses the environment once; reports every bad variable together. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  const root = serverRoot();
  const oidc =
    e.OIDC_PROVIDER_ID && e.OIDC_DISCOVERY_URL && e.OIDC_CLIENT_ID && e.OIDC_CLIENT_SECRET
      ? {
          id: e.OIDC_PROVIDER_ID,
          name: e.OIDC_NAME,
          discoveryUrl: e.OIDC_DISCOVERY_URL,
          clientId: e.OIDC_CLIENT_ID,
          clientSecret: e.OIDC_CLIENT_SECRET,
        }
      : null;
  const microsoft = pair(e.MICROSOFT_CLIENT_ID, e.MICROSOFT_CLIENT_SECRET);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  return {
    production,
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    secureCookies: production || publicUrl.startsWith('https://'),
    logLevel: e.LOG_LEVEL,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL }
      : { kind: 'pglite', dataDir: resolve(e.DATA_DIR) },
    migrationsDir: e.MIGRATIONS_DIR ? resolve(e.MIGRATIONS_DIR) : join(root, 'drizzle'),
    contentDir: e.CONTENT_DIR
      ? resolve(e.CONTENT_DIR)
      : join(root, '..', '..', 'packages', 'content', 'courses'),
    webDistDir: e.WEB_DIST_DIR ? resolve(e.WEB_DIST_DIR) : join(root, '..', 'web', 'dist'),
    authSecret: e.AUTH_SECRET ?? null,
    smtpUrl: e.SMTP_URL ?? null,
    mailFrom: e.MAIL_FROM,
    devMailOutbox: e.DEV_MAIL_OUTBOX ?? !production,
    redisUrl: e.REDIS_URL ?? null,
    trustProxy: e.TRUST_PROXY,
    rateLimitIpMultiplier: e.RATE_LIMIT_IP_MULTIPLIER,
    tutor:
      e.TUTOR_BASE_URL && e.TUTOR_MODEL
        ? {
            baseUrl: e.TUTOR_BASE_URL,
            model: e.TUTOR_MODEL,
            apiKey: e.TUTOR_API_KEY ?? null,
            timeoutMs: e.TUTOR_TIMEOUT_MS,
          }
        : null,
    offlineTutorChunkMs: e.TUTOR_OFFLINE_CHUNK_MS,
    modelFit: {
      isRefitEnabled: e.MODEL_REFIT,
      refitIntervalMs: e.MODEL_REFIT_INTERVAL_MINUTES * 60_000,
      minAttempts: e.MODEL_REFIT_MIN_ATTEMPTS,
      checkMs: e.MODEL_FIT_CHECK_SECONDS * 1000,
    },
    jobsIntervalSeconds: e.JOBS_INTERVAL_SECONDS,
    social: {
      google: pair(e.GOOGLE_CLIENT_ID, e.GOOGLE_CLIENT_SECRET),
      microsoft: microsoft && { ...microsoft, tenantId: e.MICROSOFT_TENANT_ID },
      github: pair(e.GITHUB_CLIENT_ID, e.GITHUB_CLIENT_SECRET),
      oidc,
    },
  };
}
