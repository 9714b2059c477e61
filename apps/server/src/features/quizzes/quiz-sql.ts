import type { LearnerModelState, SkillModelState } from '@vidya/engine';
import {
  attempt,
  item,
  itemStats,
  quizQuestion,
  quizSession,
  session,
  skillState,
} from '#src/db/schema/index.ts';
import {
  columnOf,
  json,
  params,
  raw,
  shape,
  sql,
  statement,
  type Part,
  type Raw,
  type RowOf,
  type ValuesOf,
} from '#src/db/sql.ts';
import { learnerSession, sessionHolds } from '#src/features/accounts/index.ts';
import { awardBadges, badgesHeld, quizTally } from '#src/features/progress/index.ts';

/**
 * The SQL of the quiz calls (decisions 004–006, 013), one statement per call, read top to bottom: the row shapes, the
 * reads, the guarded writes. Each read gets everything its call needs in one statement, with the caller's session
 * checked in the same read. Each write is one statement, guarded by the quiz's position and the caller's session,
 * with no explicit transaction: a write that finds the quiz moved on (another tab, a retry) or the session ended
 * writes nothing, and the call reads again and answers from what was stored. Every row shape is declared once here:
 * the statements select it, and its TypeScript type follows from it.
 */

// The question to serve, and its generated mathematics item when it has one (stored the first time it is served).
const serve = params({
  itemId: 'text?',
  itemVersion: 'text?',
  skillId: 'text?',
  reason: 'text?',
  predicted: 'real?',
  generatedSkill: 'text?',
  prompt: 'text?',
  answer: 'text?',
  answerForm: json<unknown>(),
  explanation: 'text?',
  difficulty: 'smallint?',
});

/** The values of a question to serve, by name. */
export type ServeValues = ValuesOf<typeof serve>;

const p = {
  ...serve,
  ...params({
    quizId: 'uuid',
    // A new quiz's length and the learner's time zone; how many recent quizzes' items a quiz avoids.
    length: 'smallint',
    timeZone: 'text?',
    recent: 'int',
    // The position a question is served at.
    position: 'smallint',
    // The answer: the quiz as it leaves it, the learner's states, the attempt, the item's statistics.
    answered: 'smallint',
    score: 'smallint',
    finishedAt: 'timestamptz?',
    learnerId: 'text',
    course: 'text',
    now: 'timestamptz',
    stamp: json<LearnerStamp>(),
    learnerState: json<LearnerModelState>(),
    skill: 'text',
    skillState: json<SkillModelState>(),
    mastery: 'real',
    band: 'text',
    skillAttempts: 'int',
    skillCorrect: 'int',
    nextReviewAt: 'timestamptz?',
    answeredPosition: 'smallint',
    answeredItemId: 'text',
    answeredItemVersion: 'text',
    given: 'text',
    correct: 'boolean',
    predictedCorrect: 'real',
    masteryBefore: 'real',
    firstOfSkill: 'boolean',
    responseMs: 'int',
    itemDifficulty: 'float8?',
    modelVersion: 'int?',
    statsKey: 'text',
    residual: 'float8',
    information: 'float8',
  }),
};

// ---- Row shapes and reads.

/** A question served in a quiz (from `quiz_question x`). */
export const SERVED = shape('x', {
  position: quizQuestion.position,
  itemId: quizQuestion.itemId,
  itemVersion: quizQuestion.itemVersion,
  skillId: quizQuestion.skillId,
  reason: quizQuestion.reason,
  predicted: quizQuestion.predicted,
  servedAt: quizQuestion.servedAt,
});
export type Served = RowOf<typeof SERVED>;

/** An answer recorded in a quiz, as a replay reports it (from `attempt a`). */
export const ANSWERED = shape('a', {
  position: attempt.position,
  itemId: attempt.itemId,
  itemVersion: attempt.itemVersion,
  skillId: attempt.skillId,
  correct: attempt.correct,
  masteryBefore: attempt.masteryBefore,
  firstOfSkill: attempt.firstOfSkill,
  masteryAfter: attempt.masteryAfter,
  bandAfter: attempt.bandAfter,
});
export type Answered = RowOf<typeof ANSWERED>;

/** A stored item as showing and checking it need (from `item i`; generated mathematics items are read with a quiz). */
export const STORED_ITEM = shape('i', {
  id: item.id,
  version: item.version,
  kind: item.kind,
  prompt: item.prompt,
  choices: item.choices,
  answer: item.answer,
  answerForm: item.answerForm,
  explanation: item.explanation,
  difficulty: item.difficulty,
  source: item.source,
  skillId: item.skillId,
});
export type StoredItem = RowOf<typeof STORED_ITEM>;

/** A skill state of any of the learner's courses, with the model state only for course `course` (from `skill_state ss`). */
const skillStateOf = <C extends Part>(course: C) =>
  shape('ss', {
    courseKey: skillState.courseKey,
    skillId: skillState.skillId,
    modelState: sql`case when ss.course_key = ${course} then ss.model_state end`.as<SkillModelState | null>(),
    mastery: skillState.mastery,
    attempts: skillState.attempts,
    correct: skillState.correct,
  });
export type SkillStateRow = RowOf<ReturnType<typeof skillStateOf<Part>>>;

/** The learner's version: each course's learner-state row version, as the answer's write compares it. */
export type LearnerStamp = Record<string, string>;

/** The learner's version of learner `learner` (see `LearnerStamp`): every answer rewrites a learner-state row. */
const stampOf = <L extends Part>(
  learner: L,
) => sql`(select coalesce(jsonb_object_agg(l.course_key, l.xmin::text), '{}'::jsonb)
  from learner_course_state l where l.learner_id = ${learner})`;

/**
 * The fields of a quiz's context that are the learner's rather than the quiz's, for learner `learner`, course `course`
 * and quiz `quiz` (SQL expressions): the learner's states, the items of the learner's last quizzes of the course, the
 * badges held, the tally of finished quizzes while a quiz badge is still to earn, and the learner's version.
 */
const learnerFields = <L extends Part, C extends Part, Q extends Part>(learner: L, course: C, quiz: Q) => ({
  learner: sql`(select l.model_state from learner_course_state l
    where l.learner_id = ${learner} and l.course_key = ${course})`.as<LearnerModelState | null>(),
  states: skillStateOf(course).agg(sql`from skill_state ss where ss.learner_id = ${learner}`),
  recent: sql`(select coalesce(json_agg(r.item_id), '[]'::json) from quiz_question r where r.quiz_id in (
    select o.id from quiz_session o where o.learner_id = ${learner} and o.course_key = ${course}
      and o.id is distinct from ${quiz} order by o.started_at desc limit ${p.recent}))`.as<string[]>(),
  awarded: badgesHeld(learner),
  quizTally: quizTally(learner),
  stamp: stampOf(learner).as<LearnerStamp>(),
});

/** A quiz row as the calls use it (`quiz_session q`), with when the caller's session expires (`s`, learnerSession). */
const QUIZ = {
  courseKey: quizSession.courseKey,
  learnerId: quizSession.learnerId,
  sessionExpiresAt: columnOf('s', session.expiresAt),
  length: quizSession.length,
  answered: quizSession.answered,
  score: quizSession.score,
  finishedAt: quizSession.finishedAt,
};

// The quiz, if it belongs to the learner of the caller's session: the session is checked in the same read.
const QUIZ_OF_SESSION = sql`from quiz_session q
  join (${learnerSession({ live: false })}) s on s.learner_id = q.learner_id
  where q.id = ${p.quizId}`;

/** A quiz's context as read: everything `next` and `answers` need (see `QuizContext` in quiz-state.ts). */
const CONTEXT = shape('q', {
  ...QUIZ,
  asked: SERVED.agg(sql`from quiz_question x where x.quiz_id = q.id`, 'x.position'),
  attempts: ANSWERED.agg(sql`from attempt a where a.quiz_id = q.id`),
  item: STORED_ITEM.one(sql`from quiz_question x join item i on i.id = x.item_id and i.version = x.item_version
    where x.quiz_id = q.id and x.position = q.answered and i.source = 'generated'`),
  timeZone: sql`(select pr.time_zone from learner_profile pr where pr.learner_id = q.learner_id)`.as<
    string | null
  >(),
  ...learnerFields(raw('q.learner_id'), raw('q.course_key'), raw('q.id')),
});
export type ContextRow = RowOf<typeof CONTEXT>;

/** Everything `next` and `answers` need, if the quiz is the caller's. */
export const QUIZ_READ = statement(CONTEXT)(sql`select ${CONTEXT.columns} ${QUIZ_OF_SESSION}`);

/** Where the quiz stands, if it is the caller's: a read that spares the whole context's. */
const QUIZ_NOW = shape('q', {
  answered: QUIZ.answered,
  finishedAt: QUIZ.finishedAt,
  sessionExpiresAt: QUIZ.sessionExpiresAt,
});
export const QUIZ_CHECK = statement(QUIZ_NOW)(sql`select ${QUIZ_NOW.columns} ${QUIZ_OF_SESSION}`);

/** A started quiz's context (`id` null: the learner is not enrolled, and the rest is not the quiz's). */
const STARTED = shape('q', {
  id: columnOf('q', quizSession.id).orNull(),
  ...QUIZ,
  timeZone: sql`coalesce(${p.timeZone},
    (select pr.time_zone from learner_profile pr where pr.learner_id = s.learner_id))`.as<string | null>(),
  ...learnerFields(raw('q.learner_id'), p.course, raw('q.id')),
});

/**
 * Starts a quiz for the learner of the caller's session if the session holds and the learner is enrolled in `course`,
 * remembering `timeZone` if given, and returns the new quiz's context in the same statement (the first `next` then
 * needs no read). No row: no such session, or not a learner's. A row without `id`: not enrolled.
 */
export const START = statement(STARTED)(sql`with who as (
    ${learnerSession({ live: true })}),
  enrolled as (select 1 from enrolment e join who on e.learner_id = who.learner_id where e.course_key = ${p.course}),
  tz as (
    insert into learner_profile (learner_id, time_zone) select who.learner_id, ${p.timeZone} from who, enrolled
    where ${p.timeZone} is not null
    on conflict (learner_id) do update set time_zone = excluded.time_zone, updated_at = now()),
  started as (
    insert into quiz_session (learner_id, course_key, length) select who.learner_id, ${p.course}, ${p.length}
    from who, enrolled
    returning id, learner_id, course_key, length, answered, score, finished_at)
  select ${STARTED.columns} from who s left join started q on true`);

// ---- Writes.

// Stores a generated mathematics item when its prompt is given and `guard` holds; an item stored before stays.
const storeGenerated = (
  guard: Raw,
) => sql`insert into item (id, version, course_key, skill_id, kind, prompt, answer,
      answer_form, explanation, difficulty, source)
    select ${p.itemId}, ${p.itemVersion}, 'mathematics', ${p.generatedSkill}, 'free_text', ${p.prompt}, ${p.answer},
      ${p.answerForm}, ${p.explanation}, ${p.difficulty}, 'generated'
    where ${p.prompt} is not null and ${guard}
    on conflict do nothing
    returning 1`;

/** A question served now, and whether its generated item was stored now (from the `served` CTE). */
const SERVED_NOW = shape('served', {
  servedAt: quizQuestion.servedAt,
  itemStored: sql`exists (select 1 from generated)`.as<boolean>(),
});

/** Serves a question at the quiz's current position `position` while the session holds. */
export const SERVE = statement(SERVED_NOW)(sql`with generated as (
    ${storeGenerated(raw('true'))}),
  served as (
    insert into quiz_question (quiz_id, position, item_id, item_version, skill_id, reason, predicted)
    select q.id, ${p.position}, ${p.itemId}, ${p.itemVersion}, ${p.skillId}, ${p.reason}, ${p.predicted}
    from quiz_session q
    where q.id = ${p.quizId} and q.answered = ${p.position} and q.finished_at is null
      and ${sessionHolds(raw('q.learner_id'))}
    on conflict do nothing
    returning served_at)
  select ${SERVED_NOW.columns} from served`);

// Every write depends on `moved`, the quiz row advanced from the position read, while the session holds and the
// learner's version is the one read: when another call advanced the quiz or the learner first, nothing is written.
// Data-modifying CTEs share one snapshot and all run, so the statement is atomic. Unless the quiz is finished, the
// same statement serves the next position's question (chosen on the state this answer leaves, decision 006).
const ANSWER_WRITTEN = shape({
  /** 1 when the guards held and the answer was written, else 0. */
  applied: sql`(select count(*) from moved)::int`.as<number>(),
  /** The badges awarded now. */
  badges: sql`coalesce((select json_agg(badge) from badges), '[]'::json)`.as<string[]>(),
  /** The learner's new version of the course (see `LearnerStamp`). */
  version: sql`(select version from learner)`.as<string | null>(),
  /** When the next question was served; null when the quiz finished. */
  servedAt: sql`(select served_at from served)`.as<Date | null>(),
  itemStored: sql`exists (select 1 from generated)`.as<boolean>(),
});
export const ANSWER_WRITE = statement(ANSWER_WRITTEN)(sql`with moved as (
    update quiz_session set answered = ${p.answered}, score = ${p.score},
      finished_at = coalesce(${p.finishedAt}, finished_at)
    where id = ${p.quizId} and answered = ${p.answered} - 1 and finished_at is null
      and ${sessionHolds(raw('quiz_session.learner_id'))} and ${stampOf(p.learnerId)} = ${p.stamp}
    returning id),
  learner as (
    insert into learner_course_state (learner_id, course_key, model_state, updated_at)
    select ${p.learnerId}, ${p.course}, ${p.learnerState}, ${p.now} from moved
    on conflict (learner_id, course_key) do update
      set model_state = excluded.model_state, updated_at = excluded.updated_at
    returning xmin::text as version),
  skill as (
    insert into skill_state (learner_id, course_key, skill_id, model_state, mastery, band, attempts, correct,
      last_practised_at, next_review_at)
    select ${p.learnerId}, ${p.course}, ${p.skill}, ${p.skillState}, ${p.mastery}, ${p.band}, ${p.skillAttempts},
      ${p.skillCorrect}, ${p.now}, ${p.nextReviewAt} from moved
    on conflict (learner_id, course_key, skill_id) do update
      set model_state = excluded.model_state, mastery = excluded.mastery, band = excluded.band,
        attempts = excluded.attempts, correct = excluded.correct, last_practised_at = excluded.last_practised_at,
        next_review_at = excluded.next_review_at),
  answer as (
    insert into attempt (quiz_id, position, learner_id, course_key, item_id, item_version, skill_id, answer, correct,
      predicted, mastery_before, first_of_skill, mastery_after, band_after, response_ms, item_difficulty, model_version)
    select ${p.quizId}, ${p.answeredPosition}, ${p.learnerId}, ${p.course}, ${p.answeredItemId},
      ${p.answeredItemVersion}, ${p.skill}, ${p.given}, ${p.correct}, ${p.predictedCorrect}, ${p.masteryBefore},
      ${p.firstOfSkill}, ${p.mastery}, ${p.band}, ${p.responseMs}, ${p.itemDifficulty}, ${p.modelVersion} from moved),
  stats as (
    insert into item_stats (item_id, attempts, correct, residual, information)
    select ${p.statsKey}, 1, case when ${p.correct} then 1 else 0 end, ${p.residual}, ${p.information} from moved
    on conflict (item_id) do update
      set attempts = item_stats.attempts + 1, correct = item_stats.correct + excluded.correct,
        residual = item_stats.residual + excluded.residual,
        information = item_stats.information + excluded.information),
  badges as (${awardBadges(raw('moved'))}),
  generated as (${storeGenerated(raw('exists (select 1 from moved)'))}),
  served as (
    insert into quiz_question (quiz_id, position, item_id, item_version, skill_id, reason, predicted)
    select ${p.quizId}, ${p.answered}, ${p.itemId}, ${p.itemVersion}, ${p.skillId}, ${p.reason}, ${p.predicted}
    from moved
    where ${p.itemId} is not null
    on conflict do nothing
    returning served_at)
  select ${ANSWER_WRITTEN.columns}`);

/** An item's statistics (from `item_stats s`). */
const STATS = shape('s', {
  itemId: itemStats.itemId,
  attempts: itemStats.attempts,
  correct: itemStats.correct,
  residual: itemStats.residual,
  information: itemStats.information,
  priorDifficulty: itemStats.priorDifficulty,
});

/** Every item's statistics (a row per authored item and per generated skill and level). */
export const ALL_STATS = statement(STATS)(sql`select ${STATS.columns} from item_stats s`);
