import { params, sql, type Part } from '#src/db/sql.ts';

/**
 * The caller's session as SQL conditions, for statements that check the session in the same round trip as their data
 * (decision 004). The session is the named parameter `session`: its value is a `SessionKey` that only the
 * `SessionGuard` hands out, after better-auth's own check of the signed cookie.
 */
const p = params({ session: 'text' });

/**
 * The caller's session when it is a learner's: rows `learner_id`, `expires_at`. `live`: only a session that has not
 * expired (else an expired one is found too, and the caller lets better-auth clean it up).
 */
export const learnerSession = (options: { live: boolean }) =>
  sql`select s.user_id as learner_id, s.expires_at from session s
    join "user" u on u.id = s.user_id and u.role = 'learners'
    where s.token = ${p.session}${options.live ? sql` and s.expires_at > now()` : sql``}`;

/**
 * The caller's session still exists, has not expired and is learner `learner`'s (an SQL expression): a write that
 * uses a context kept from an earlier call checks it, so a sign-out elsewhere makes the write find nothing.
 */
export const sessionHolds = <L extends Part>(learner: L) => sql`exists (select 1 from session s
  where s.token = ${p.session} and s.user_id = ${learner} and s.expires_at > now())`;
