import { params, raw, sql, type Part, type Raw } from '#src/db/sql.ts';
import { GOOD_QUIZ_SCORE } from './badges.rules.ts';
import { QUIZ_BADGES, QUIZ_SLOT_MS, type StoredQuizTally } from './progress.facts.ts';

/** The badges read and written in the quiz's own statements (decision 004): the badge rules stay here. */

// The badges judged on finished quizzes, as SQL literals (fixed ids, no input).
const QUIZ_BADGE_LIST = raw([...QUIZ_BADGES].map((id) => `'${id}'`).join(', '));

/** The badges learner `learner` holds (a JSON array of ids), as a field of a row shape. */
export const badgesHeld = <L extends Part>(learner: L) =>
  sql`(select coalesce(json_agg(b.badge), '[]'::json) from badge_award b where b.learner_id = ${learner})`.as<
    string[]
  >();

/**
 * The tally of learner `learner`'s finished quizzes (a `StoredQuizTally` as JSON) while a quiz badge is still to
 * earn, else null: counts and quarter hours, so its size does not grow with every quiz. A field of a row shape.
 */
export const quizTally = <L extends Part>(learner: L) =>
  sql`case when (select count(*) from badge_award b2
      where b2.learner_id = ${learner} and b2.badge in (${QUIZ_BADGE_LIST})) < ${raw(QUIZ_BADGES.size)} then (
      select json_build_object('finished', count(*), 'good', count(*) filter (where f.score >= ${raw(GOOD_QUIZ_SCORE)}),
        'perfect', count(*) filter (where f.score = f.length),
        'slots', coalesce(json_agg(distinct floor(extract(epoch from f.finished_at) / ${raw(QUIZ_SLOT_MS / 1000)})),
          '[]'::json))
      from quiz_session f where f.learner_id = ${learner} and f.finished_at is not null) end`.as<StoredQuizTally | null>();

const p = params({ learnerId: 'text', badges: 'text[]', now: 'timestamptz' });

/**
 * Awards badges `badges` to learner `learnerId` at `now`, once each (the key is learner + badge), for each row of
 * `guard` (a CTE of the same statement): returns the badges awarded now.
 */
export const awardBadges = (guard: Raw) => sql`insert into badge_award (learner_id, badge, awarded_at)
    select ${p.learnerId}, unnest(${p.badges}), ${p.now} from ${guard}
    on conflict do nothing
    returning badge`;
