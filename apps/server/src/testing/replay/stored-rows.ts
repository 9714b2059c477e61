import type { CourseKey } from '@vidya/contracts';
import type { KnowsParameters, ModelParameters, SkillModelState } from '@vidya/engine';
import { sql } from 'drizzle-orm';
import type { Db } from '#src/db/client.ts';
import { ItemBank } from '#src/features/quizzes/index.ts';

/** What the durability check reads once a run is over: the append-only attempts and every row derived from them. */

/** An attempt with the question it answered (its item's kind and choices; when it was served). */
export interface AttemptRow {
  id: string;
  quizId: string;
  position: number;
  learnerId: string;
  courseKey: CourseKey;
  itemId: string;
  skillId: string;
  answer: string;
  correct: boolean;
  predicted: number;
  masteryBefore: number;
  masteryAfter: number;
  bandAfter: string;
  firstOfSkill: boolean;
  responseMs: number;
  itemDifficulty: number | null;
  modelVersion: number | null;
  servedAt: string;
  kind: string;
  choices: string[] | null;
}

export interface StatsRow {
  itemId: string;
  attempts: number;
  correct: number;
  residual: number;
  information: number;
  priorDifficulty: number | null;
}

export interface StoredSkillState {
  learnerId: string;
  courseKey: string;
  skillId: string;
  modelState: SkillModelState;
  mastery: number;
  band: string;
  attempts: number;
  correct: number;
  lastMs: string;
  nextReviewMs: string | null;
}

export interface StoredLearnerState {
  learnerId: string;
  courseKey: string;
  modelState: unknown;
  updatedMs: string;
}

/** A quiz row with the count of its attempts (`n`) and of the correct ones (`c`). */
export interface StoredQuiz {
  id: string;
  length: number;
  answered: number;
  score: number;
  finished: boolean;
  n: number;
  c: number;
}

export interface ModelFitRow {
  version: number;
  parameters: ModelParameters;
  itemPriors: Record<string, number>;
  knows: Record<string, KnowsParameters>;
}

async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return Array.isArray(result) ? (result as T[]) : (result as { rows: T[] }).rows;
}

/** Everything stored: the model fits, the bank, the attempts in commit order, and the rows derived from them. */
export async function readStored(db: Db) {
  const fits = await rows<ModelFitRow>(
    db,
    sql`select version, parameters, item_priors as "itemPriors", knows from model_fit`,
  );
  const bank = await ItemBank.load(db);
  const attempts = await rows<AttemptRow>(
    db,
    sql`select a.id, a.quiz_id as "quizId", a.position, a.learner_id as "learnerId", a.course_key as "courseKey",
      a.item_id as "itemId", a.skill_id as "skillId", a.answer, a.correct, a.predicted::float8 as predicted,
      a.mastery_before::float8 as "masteryBefore", a.mastery_after::float8 as "masteryAfter",
      a.band_after as "bandAfter", a.first_of_skill as "firstOfSkill", a.response_ms as "responseMs",
      a.item_difficulty as "itemDifficulty", a.model_version as "modelVersion",
      to_json(q.served_at) #>> '{}' as "servedAt", i.kind, i.choices
    from attempt a join quiz_question q on q.quiz_id = a.quiz_id and q.position = a.position
      join item i on i.id = a.item_id and i.version = a.item_version
    order by a.created_at, a.quiz_id, a.position`,
  );
  const [count] = await rows<{ n: number }>(db, sql`select count(*)::int as n from attempt`);
  const stats = await rows<StatsRow>(
    db,
    sql`select item_id as "itemId", attempts, correct, residual, information,
      prior_difficulty as "priorDifficulty" from item_stats`,
  );
  const skillStates = await rows<StoredSkillState>(
    db,
    sql`select learner_id as "learnerId", course_key as "courseKey", skill_id as "skillId",
      model_state as "modelState", mastery::float8 as mastery, band, attempts, correct,
      (extract(epoch from last_practised_at) * 1000)::float8 as "lastMs",
      (extract(epoch from next_review_at) * 1000)::float8 as "nextReviewMs"
    from skill_state`,
  );
  const learnerStates = await rows<StoredLearnerState>(
    db,
    sql`select learner_id as "learnerId", course_key as "courseKey", model_state as "modelState",
      (extract(epoch from updated_at) * 1000)::float8 as "updatedMs" from learner_course_state`,
  );
  const quizzes = await rows<StoredQuiz>(
    db,
    sql`select s.id, s.length, s.answered, s.score, s.finished_at is not null as finished,
      count(a.id)::int as n, (count(a.id) filter (where a.correct))::int as c
    from quiz_session s left join attempt a on a.quiz_id = s.id group by s.id`,
  );
  return {
    fits,
    bank,
    attempts,
    attemptCount: count!.n,
    stats,
    skillStates,
    learnerStates,
    quizzes,
  };
}

export type Stored = Awaited<ReturnType<typeof readStored>>;
