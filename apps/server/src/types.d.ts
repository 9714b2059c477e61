import type {} from '@fastify/rate-limit';
import type { Auth } from '#src/plugins/auth.ts';
import type { Db, Database } from '#src/db/client.ts';
import type { Config } from '#src/config.ts';
import type { Mailer } from '#src/features/mail/mail.service.ts';
import type { Learning } from '#src/features/quizzes/quizzes.service.ts';
import type { SessionReader } from '#src/plugins/session-reader.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    database: Database;
    auth: Auth;
    /** Reads the session cookie in one statement (plugins/session-reader.ts). */
    sessions: SessionReader;
    mailer: Mailer;
    learning: Learning;
  }
}
