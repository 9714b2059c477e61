import type { LearnerModelState, SkillModelState } from '@vidya/engine';
import type { RunStatement } from '#src/db/client.ts';
import { GOOD_QUIZ_SCORE } from '#src/features/progress/badges.rules.ts';
import { QUIZ_BADGES, QUIZ_SLOT_MS, type StoredQuizTally } from '#src/features/progress/progress.facts.ts';

// The badges judged on finished quizzes, as SQL literals (fixed ids, no input).
const QUIZ_BADGE_LIST = [...QUIZ_BADGES].map((id) => `'${id}'`).join(', ');

/**
 * The quiz calls' hot statements as fixed SQL (decision 004): each call reads everything it needs in one statement
 * and writes everything in one statement, guarded by the quiz's position, with no explicit transaction. A call whose
 * guarded write finds the quiz moved on (another tab, a retry) reads again and answers from what was stored.
 * PostgreSQL prepares each statement once per connection.
 */

// Served questions of quiz `q`, in order.
const ASKED = `(select coalesce(json_agg(json_build_object('position', x.position, 'itemId', x.item_id,
    'itemVersion', x.item_version, 'skillId', x.skill_id, 'reason', x.reason, 'predicted', x.predicted,
    'servedAt', x.served_at) order by x.position), '[]'::json)
  from quiz_question x where x.quiz_id = q.id) as asked`;

const QUIZ_COLUMNS = `q.course_key as "courseKey", q.length, q.answered, q.score, q.finished_at as "finishedAt",
  q.learner_id as "learnerId", s.expires_at as "sessionExpiresAt"`;

// The quiz, if it belongs to the learner whose session token is $2: the session is checked in the same read.
const QUIZ_OF_SESSION = `from quiz_session q
  join session s on s.user_id = q.learner_id and s.token = $2::text
  join "user" u on u.id = q.learner_id and u.role = 'learners'
  where q.id = $1::uuid`;

// The session given by token is still there: every write checks it, as a call may answer from the quiz's cached
// context without reading (a sign-out elsewhere then makes the write find nothing, and the call reads again).
const SESSION_HOLDS = (token: string, learner: string) => `exists (select 1 from session s
  where s.token = ${token}::text and s.user_id = ${learner} and s.expires_at > now())`;

// The learner's version: the row version of each course's learner state, which every answer rewrites. A context
// read before another quiz of the learner answered (another tab, another course) no longer matches it.
const STAMP_OF = (
  learner: string,
) => `(select coalesce(jsonb_object_agg(l.course_key, l.xmin::text), '{}'::jsonb)
  from learner_course_state l where l.learner_id = ${learner})`;

// Stores a generated mathematics item (parameters from `$first`: id, version, skill, prompt, answer, answer form,
// explanation, difficulty) when its prompt is given and `guard` (an SQL condition) holds; an item stored before stays.
const STORE_GENERATED = (first: number, guard: string) => {
  const $ = (i: number) => `$${first + i}`;
  return `insert into item (id, version, course_key, skill_id, kind, prompt, answer, answer_form, explanation,
      difficulty, source)
    select ${$(0)}::text, ${$(1)}::text, 'mathematics', ${$(2)}::text, 'free_text', ${$(3)}::text, ${$(4)}::text,
      ${$(5)}::text::jsonb, ${$(6)}::text, ${$(7)}::smallint, 'generated'
    where ${$(3)}::text is not null and ${guard}
    on conflict do nothing
    returning 1`;
};

// Serves a question at the quiz's current position `$2` while the session holds (its generated item stored first).
const SERVE = `with generated as (${STORE_GENERATED(3, 'true')}),
  served as (
    insert into quiz_question (quiz_id, position, item_id, item_version, skill_id, reason, predicted)
    select q.id, $2::smallint, $3::text, $4::text, $11::text, $12::text, $13::real from quiz_session q
    where q.id = $1::uuid and q.answered = $2::smallint and q.finished_at is null
      and ${SESSION_HOLDS('$14', 'q.learner_id')}
    on conflict do nothing
    returning served_at)
  select served_at as "servedAt", exists (select 1 from generated) as "itemStored" from served`;

/**
 * The parts of a quiz's context that are the learner's rather than the quiz's, for learner `learner`, course `course`
 * and quiz `quiz` (SQL expressions): the learner's states (every course, for the badges; model states of the quiz's
 * course), the items of the learner's last quizzes of the course, the badges awarded, the tally of the finished
 * quizzes while a quiz badge is still to earn (counts and quarter hours: its size does not grow with every quiz), the
 * time zone and the learner's version.
 */
const LEARNER_CONTEXT = (learner: string, course: string, quiz: string) => `
    (select l.model_state from learner_course_state l
      where l.learner_id = ${learner} and l.course_key = ${course}) as learner,
    (select coalesce(json_agg(json_build_object('courseKey', s.course_key, 'skillId', s.skill_id,
      'modelState', case when s.course_key = ${course} then s.model_state end, 'mastery', s.mastery,
      'attempts', s.attempts, 'correct', s.correct)), '[]'::json)
     from skill_state s where s.learner_id = ${learner}) as states,
    (select coalesce(json_agg(r.item_id), '[]'::json) from quiz_question r where r.quiz_id in (
      select o.id from quiz_session o where o.learner_id = ${learner} and o.course_key = ${course}
        and o.id is distinct from ${quiz} order by o.started_at desc limit $3::int)) as recent,
    (select coalesce(json_agg(b.badge), '[]'::json) from badge_award b where b.learner_id = ${learner}) as awarded,
    case when (select count(*) from badge_award b2
      where b2.learner_id = ${learner} and b2.badge in (${QUIZ_BADGE_LIST})) < ${QUIZ_BADGES.size} then (
      select json_build_object('finished', count(*), 'good', count(*) filter (where f.score >= ${GOOD_QUIZ_SCORE}),
        'perfect', count(*) filter (where f.score = f.length),
        'slots', coalesce(json_agg(distinct floor(extract(epoch from f.finished_at) / ${QUIZ_SLOT_MS / 1000})),
          '[]'::json))
      from quiz_session f where f.learner_id = ${learner} and f.finished_at is not null) end as "quizTally",
    ${STAMP_OF(learner)} as stamp`;

/** Everything `next` and `answers` need, if the quiz is the session's learner's (see `QuizContext`). */
const QUIZ_READ = `select ${QUIZ_COLUMNS}, ${ASKED},
    (select coalesce(json_agg(json_build_object('position', a.position, 'itemId', a.item_id,
      'itemVersion', a.item_version, 'skillId', a.skill_id, 'correct', a.correct, 'masteryBefore', a.mastery_before,
      'firstOfSkill', a.first_of_skill, 'masteryAfter', a.mastery_after, 'bandAfter', a.band_after)), '[]'::json)
     from attempt a where a.quiz_id = q.id) as attempts,
    (select json_build_object('id', i.id, 'version', i.version, 'kind', i.kind, 'prompt', i.prompt,
        'choices', i.choices, 'answer', i.answer, 'answerForm', i.answer_form, 'explanation', i.explanation,
        'difficulty', i.difficulty, 'source', i.source, 'skillId', i.skill_id)
      from quiz_question x join item i on i.id = x.item_id and i.version = x.item_version
      where x.quiz_id = q.id and x.position = q.answered and i.source = 'generated') as item,
    (select p.time_zone from learner_profile p where p.learner_id = q.learner_id) as "timeZone",
    ${LEARNER_CONTEXT('q.learner_id', 'q.course_key', 'q.id')}
  ${QUIZ_OF_SESSION}`;

/** Where quiz `$1` stands, if it is the learner's of session `$2`: a read that spares the whole context's. */
const QUIZ_CHECK = `select q.answered, q.finished_at as "finishedAt", s.expires_at as "sessionExpiresAt"
  ${QUIZ_OF_SESSION}`;

/**
 * Starts a quiz for the learner of session `$1` if the session holds and the learner is enrolled in course `$2`,
 * remembering time zone `$4` if given, and returns the new quiz's context in the same statement (the first `next`
 * then needs no read). No row: no such session, or not a learner's. A row without `id`: not enrolled.
 */
const START = `with who as (
    select s.user_id as learner_id, s.expires_at from session s join "user" u on u.id = s.user_id
    where s.token = $1::text and s.expires_at > now() and u.role = 'learners'),
  enrolled as (select 1 from enrolment e join who on e.learner_id = who.learner_id where e.course_key = $2::text),
  tz as (
    insert into learner_profile (learner_id, time_zone) select who.learner_id, $4::text from who, enrolled
    where $4::text is not null
    on conflict (learner_id) do update set time_zone = excluded.time_zone, updated_at = now()),
  started as (
    insert into quiz_session (learner_id, course_key, length) select who.learner_id, $2::text, $5::smallint
    from who, enrolled
    returning id, course_key, length, answered, score, finished_at)
  select q.id, q.course_key as "courseKey", q.length, q.answered, q.score, q.finished_at as "finishedAt",
    who.learner_id as "learnerId", who.expires_at as "sessionExpiresAt",
    coalesce($4::text, (select p.time_zone from learner_profile p where p.learner_id = who.learner_id)) as "timeZone",
    ${LEARNER_CONTEXT('who.learner_id', '$2::text', 'q.id')}
  from who left join started q on true`;

// Every write depends on `moved`, the quiz row advanced from the position read, while the session holds and the
// learner's version is the one read: when another call advanced the quiz or the learner first, nothing is written.
// Data-modifying CTEs share one snapshot and all run, so the statement is atomic. Unless the quiz is finished, the
// same statement serves the next position's question ($30 on, chosen on the state this answer leaves): the `next`
// that follows only checks that the quiz and the session are as they were.
const ANSWER_WRITE = `with moved as (
    update quiz_session set answered = $2::smallint, score = $3::smallint,
      finished_at = coalesce($4::timestamptz, finished_at)
    where id = $1::uuid and answered = $2::smallint - 1 and finished_at is null
      and ${SESSION_HOLDS('$28', 'quiz_session.learner_id')} and ${STAMP_OF('$5::text')} = $29::text::jsonb
    returning id),
  learner as (
    insert into learner_course_state (learner_id, course_key, model_state, updated_at)
    select $5::text, $6::text, $7::text::jsonb, $8::timestamptz from moved
    on conflict (learner_id, course_key) do update
      set model_state = excluded.model_state, updated_at = excluded.updated_at
    returning xmin::text as version),
  skill as (
    insert into skill_state (learner_id, course_key, skill_id, model_state, mastery, band, attempts, correct,
      last_practised_at, next_review_at)
    select $5::text, $6::text, $9::text, $10::text::jsonb, $11::real, $12::text, $13::int, $14::int, $8::timestamptz,
      $15::timestamptz from moved
    on conflict (learner_id, course_key, skill_id) do update
      set model_state = excluded.model_state, mastery = excluded.mastery, band = excluded.band,
        attempts = excluded.attempts, correct = excluded.correct, last_practised_at = excluded.last_practised_at,
        next_review_at = excluded.next_review_at),
  answer as (
    insert into attempt (quiz_id, position, learner_id, course_key, item_id, item_version, skill_id, answer, correct,
      predicted, mastery_before, first_of_skill, mastery_after, band_after, response_ms, item_difficulty, model_version)
    select $1::uuid, $16::smallint, $5::text, $6::text, $17::text, $18::text, $9::text, $19::text, $20::boolean,
      $21::real, $22::real, $23::boolean, $11::real, $12::text, $24::int, $27::float8, $43::int from moved),
  stats as (
    insert into item_stats (item_id, attempts, correct, residual, information)
    select $25::text, 1, case when $20::boolean then 1 else 0 end, $41::float8, $42::float8 from moved
    on conflict (item_id) do update
      set attempts = item_stats.attempts + 1, correct = item_stats.correct + excluded.correct,
        residual = item_stats.residual + excluded.residual,
        information = item_stats.information + excluded.information),
  badges as (
    insert into badge_award (learner_id, badge, awarded_at)
    select $5::text, unnest($26::text[]), $8::timestamptz from moved
    on conflict do nothing
    returning badge),
  generated as (${STORE_GENERATED(30, 'exists (select 1 from moved)')}),
  served as (
    insert into quiz_question (quiz_id, position, item_id, item_version, skill_id, reason, predicted)
    select $1::uuid, $2::smallint, $30::text, $31::text, $38::text, $39::text, $40::real from moved
    where $30::text is not null
    on conflict do nothing
    returning served_at)
  select (select count(*) from moved)::int as applied,
    coalesce((select json_agg(badge) from badges), '[]'::json) as badges,
    (select version from learner) as version,
    (select served_at from served) as "servedAt", exists (select 1 from generated) as "itemStored"`;

export interface QuizRow {
  courseKey: string;
  learnerId: string;
  sessionExpiresAt: Date;
  length: number;
  answered: number;
  score: number;
  finishedAt: Date | null;
}

export interface ServedRow {
  position: number;
  itemId: string;
  itemVersion: string;
  skillId: string;
  reason: string;
  predicted: number;
  servedAt: Date;
}

interface StatsRow {
  attempts: number;
  correct: number;
  residual: number;
  information: number;
  /** The newest model fit's difficulty for the item; null before a fit has seen it. */
  priorDifficulty: number | null;
}

type ServedJson = Omit<ServedRow, 'servedAt'> & { servedAt: string };

const toServed = (rows: ServedJson[]): ServedRow[] =>
  rows.map((q) => ({ ...q, servedAt: new Date(q.servedAt) }));

/**
 * Starts a quiz for the learner of session `sessionToken` (see `START`): undefined when the session is missing,
 * expired or not a learner's; else its expiry and, when the learner is enrolled, the new quiz and its context.
 */
export async function startQuiz(
  run: RunStatement,
  sessionToken: string,
  course: string,
  length: number,
  timeZone: string | undefined,
  recentQuizzes: number,
): Promise<{ sessionExpiresAt: Date; quiz?: { id: string; context: QuizContext } } | undefined> {
  const [row] = await run<ContextRow & { id: string | null }>(START, [
    sessionToken,
    course,
    recentQuizzes,
    timeZone ?? null,
    length,
  ]);
  if (!row) return undefined;
  const { id, ...rest } = row;
  if (id === null) return { sessionExpiresAt: row.sessionExpiresAt };
  const context = toContext({ ...rest, asked: [], attempts: [], item: null }, sessionToken);
  return { sessionExpiresAt: row.sessionExpiresAt, quiz: { id, context } };
}

/** The content of a generated item, stored with the question the first time it is served. */
export interface GeneratedContent {
  skill: string;
  prompt: string;
  answer: string;
  answerForm: unknown;
  explanation: string;
  difficulty: number;
}

/**
 * A question's parameters as SERVE and ANSWER_WRITE take them: the generated item's (see STORE_GENERATED), then the
 * question's skill, reason and predicted chance.
 */
const servedParams = (
  served: Omit<ServedRow, 'servedAt' | 'position'> | undefined,
  generated: GeneratedContent | undefined,
) => [
  served?.itemId ?? null,
  served?.itemVersion ?? null,
  generated?.skill ?? null,
  generated?.prompt ?? null,
  generated?.answer ?? null,
  generated ? JSON.stringify(generated.answerForm ?? null) : null,
  generated?.explanation ?? null,
  generated?.difficulty ?? null,
  served?.skillId ?? null,
  served?.reason ?? null,
  served?.predicted ?? null,
];

/**
 * Serves a question at `position` if the quiz is still there (unanswered, not finished), nothing was served there
 * yet and the session holds; returns when it was served and whether `generated` was stored now (false: an item of
 * that id was stored before, and what was stored is what counts), or undefined when another call got there first
 * or the session ended.
 */
export async function serveQuestion(
  run: RunStatement,
  sessionToken: string,
  quizId: string,
  served: Omit<ServedRow, 'servedAt'>,
  generated: GeneratedContent | undefined,
): Promise<{ servedAt: Date; itemStored: boolean } | undefined> {
  const [row] = await run<{ servedAt: Date; itemStored: boolean }>(SERVE, [
    quizId,
    served.position,
    ...servedParams(served, generated),
    sessionToken,
  ]);
  return row && { servedAt: new Date(row.servedAt), itemStored: row.itemStored };
}

export interface AttemptJson {
  position: number;
  itemId: string;
  itemVersion: string;
  skillId: string;
  correct: boolean;
  masteryBefore: number;
  firstOfSkill: boolean;
  masteryAfter: number;
  bandAfter: string;
}

/** A stored item as the answer check needs it (generated mathematics items are read with the answer). */
export interface StoredItem {
  id: string;
  version: string;
  kind: string;
  prompt: string;
  choices: string[] | null;
  answer: string;
  answerForm: unknown;
  explanation: string;
  difficulty: number;
  source: string;
  skillId: string;
}

/** A skill state of any of the learner's courses; `modelState` only for the quiz's course. */
export interface SkillStateJson {
  courseKey: string;
  skillId: string;
  modelState: SkillModelState | null;
  mastery: number;
  attempts: number;
  correct: number;
}

/** The learner's version: each course's learner-state row version, as the writes compare it. */
export type LearnerStamp = Record<string, string>;

/** What `next` and `answers` need of a quiz, read in one statement (`readQuiz`) or kept from this process's last call. */
export interface QuizContext extends QuizRow {
  /** The session token the context was read for. */
  token: string;
  asked: ServedRow[];
  attempts: AttemptJson[];
  learner: LearnerModelState | undefined;
  states: SkillStateJson[];
  recent: string[];
  /** The stored row of the current question's item when it is generated. */
  item: StoredItem | undefined;
  awarded: string[];
  /** The tally of the learner's finished quizzes, or undefined when every quiz badge is held (not needed then). */
  quizTally: StoredQuizTally | undefined;
  timeZone: string;
  stamp: LearnerStamp;
}

type ContextRow = QuizRow & {
  learner: LearnerModelState | null;
  states: SkillStateJson[];
  recent: string[];
  awarded: string[];
  quizTally: StoredQuizTally | null;
  timeZone: string | null;
  stamp: LearnerStamp;
};

function toContext(
  row: ContextRow & { asked: ServedJson[]; attempts: AttemptJson[]; item: StoredItem | null },
  token: string,
): QuizContext {
  return {
    ...row,
    token,
    asked: toServed(row.asked),
    learner: row.learner ?? undefined,
    item: row.item ?? undefined,
    quizTally: row.quizTally ?? undefined,
    timeZone: row.timeZone ?? 'UTC',
  };
}

/** A quiz's context if the quiz is the session's learner's (see `QuizContext`). */
export async function readQuiz(
  run: RunStatement,
  sessionToken: string,
  quizId: string,
  recentQuizzes: number,
): Promise<QuizContext | undefined> {
  const [row] = await run<
    ContextRow & { asked: ServedJson[]; attempts: AttemptJson[]; item: StoredItem | null }
  >(QUIZ_READ, [quizId, sessionToken, recentQuizzes]);
  return row && toContext(row, sessionToken);
}

/** Where a quiz stands (position, finished) and when the session expires, if the quiz is the session's learner's. */
export async function checkQuiz(
  run: RunStatement,
  sessionToken: string,
  quizId: string,
): Promise<Pick<QuizRow, 'answered' | 'finishedAt' | 'sessionExpiresAt'> | undefined> {
  const [row] = await run<Pick<QuizRow, 'answered' | 'finishedAt' | 'sessionExpiresAt'>>(QUIZ_CHECK, [
    quizId,
    sessionToken,
  ]);
  return row;
}

export interface AnswerWrites {
  quizId: string;
  /** The caller's session token and the learner's version read: the write happens only while both hold. */
  token: string;
  stamp: LearnerStamp;
  learnerId: string;
  course: string;
  now: Date;
  quiz: { answered: number; score: number; finished: boolean };
  learnerState: LearnerModelState;
  skill: {
    id: string;
    modelState: SkillModelState;
    mastery: number;
    band: string;
    attempts: number;
    correct: number;
    nextReviewAt: Date | null;
  };
  attempt: {
    position: number;
    itemId: string;
    itemVersion: string;
    answer: string;
    correct: boolean;
    predicted: number;
    masteryBefore: number;
    firstOfSkill: boolean;
    responseMs: number;
    /** The item's logit difficulty the engine used; null when it used its own. */
    itemDifficulty: number | null;
    /** The `model_fit` version the engine predicted with; null = the cold-start model. */
    modelVersion: number | null;
  };
  statsKey: string;
  /** The answer's additions to the item's calibration sums (`calibrationTerms`). */
  calibration: { residual: number; information: number };
  badges: readonly string[];
  /** The next position's question, served with the answer; absent when the quiz finishes or has none left. */
  next?: { served: Omit<ServedRow, 'servedAt' | 'position'>; generated: GeneratedContent | undefined };
}

/**
 * Writes an answer (quiz row, learner and skill state, attempt, statistics, badges) and serves the next question if
 * the quiz is still at the position read, the session holds and the learner's version is the one read; returns
 * whether it was written, the badges newly awarded, the new version of the quiz course's learner state and when the
 * next question was served (as `serveQuestion` does).
 */
export async function writeAnswer(run: RunStatement, w: AnswerWrites) {
  const [row] = await run<{
    applied: number;
    badges: string[];
    version: string | null;
    servedAt: Date | null;
    itemStored: boolean;
  }>(ANSWER_WRITE, [
    w.quizId,
    w.quiz.answered,
    w.quiz.score,
    w.quiz.finished ? w.now : null,
    w.learnerId,
    w.course,
    JSON.stringify(w.learnerState),
    w.now,
    w.skill.id,
    JSON.stringify(w.skill.modelState),
    w.skill.mastery,
    w.skill.band,
    w.skill.attempts,
    w.skill.correct,
    w.skill.nextReviewAt,
    w.attempt.position,
    w.attempt.itemId,
    w.attempt.itemVersion,
    w.attempt.answer,
    w.attempt.correct,
    w.attempt.predicted,
    w.attempt.masteryBefore,
    w.attempt.firstOfSkill,
    w.attempt.responseMs,
    w.statsKey,
    w.badges,
    w.attempt.itemDifficulty,
    w.token,
    JSON.stringify(w.stamp),
    ...servedParams(w.next?.served, w.next?.generated),
    w.calibration.residual,
    w.calibration.information,
    w.attempt.modelVersion,
  ]);
  if (row!.applied === 0 || row!.version === null) return undefined;
  return {
    badges: row!.badges,
    stamp: { ...w.stamp, [w.course]: row!.version },
    served:
      row!.servedAt === null ? undefined : { servedAt: new Date(row!.servedAt), itemStored: row!.itemStored },
  };
}

const ALL_STATS = `select item_id as "itemId", attempts, correct, residual, information,
  prior_difficulty as "priorDifficulty" from item_stats`;

/** Every item's statistics (a row per authored item and per generated skill and level). */
export async function readAllStats(run: RunStatement) {
  return run<StatsRow & { itemId: string }>(ALL_STATS, []);
}
