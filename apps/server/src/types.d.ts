import type {} from '@fastify/rate-limit';
import type { Auth } from '#src/plugins/auth.ts';
import type { Db, Database } from '#src/db/client.ts';
import type { Config } from '#src/config.ts';
import type { Mailer } from '#src/lib/mailer.ts';
import type { Learning } from '#src/features/quizzes/index.ts';
import type { SessionGuard } from '#src/features/accounts/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    database: Database;
    auth: Auth;
    /** The session of a request (features/accounts/session-guard.ts). */
    sessions: SessionGuard;
    mailer: Mailer;
    learning: Learning;
  }
}
