import { isDeepStrictEqual } from 'node:util';
import { parseMathItemId } from '@vidya/content';
import type { CourseKey } from '@vidya/contracts';
import {
  calibrationTerms,
  createProductionModel,
  recordAnswer,
  successRateDifficulty,
  type LearnerModelState as LogisticLearnerState,
  type ModelParameters,
  type SkillModelState,
} from '@vidya/engine';
import { sql } from 'drizzle-orm';
import type { Db } from '#src/db/client.ts';
import { generatedStatsKey, ItemBank, statsFor } from '#src/features/quizzes/item-bank.ts';
import { answeredItem } from '#src/features/quizzes/quizzes.service.ts';

/**
 * The durability invariants (issue 11), checked on a database after a run with crashes: every answer the API
 * acknowledged is stored exactly once, and every derived row (skill state, learner state, item statistics, quiz
 * score) equals a replay of the append-only attempts through the engine, the way quizzes.service.ts applies them.
 *
 * Every input of an answer is in its attempt row, the item's difficulty included (`item_difficulty`: the service
 * computes it from the item statistics it read, which move with other learners' answers). For rows from before
 * that column (when the difficulty was the item's shrunk success rate), the replay recovers it: the statistics an
 * answer saw are counts of earlier attempts on the item, so it tries (attempts, correct) pairs nearest the attempts
 * committed before it and keeps the one whose prediction equals the stored `predicted` bit for bit (float4). An
 * attempt no difficulty explains is reported. The item statistics' calibration sums must equal the sums of the
 * replayed answers' terms (up to the rounding of adding them in another order).
 *
 * Each answer is replayed with the model it was predicted with (`model_version`: a stored `model_fit`, or the
 * cold-start model), and the item prior of that fit (decision 010). A fitted model also weighs how many attempts back
 * the difficulty, which the row does not keep: the replay tries counts nearest the attempts committed before it. A
 * fit resets the calibration sums of the items it saw, so those items' sums are not compared.
 */

/** An answer the API acknowledged with a 2xx. */
export interface AckedAnswer {
  quizId: string;
  itemId: string;
  answer: string;
  correct: boolean;
}

export interface CheckReport {
  attempts: number;
  acked: number;
  skillStates: number;
  learnerStates: number;
  /** Attempts without a stored difficulty whose difficulty needed the search beyond the first guess. */
  searched: number;
  problems: string[];
}

interface AttemptRow {
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

async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return Array.isArray(result) ? (result as T[]) : (result as { rows: T[] }).rows;
}

const f32 = Math.fround;
const json = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
const statsKeyOf = (itemId: string) => {
  const parsed = parseMathItemId(itemId);
  return parsed ? generatedStatsKey(parsed.skill, parsed.difficulty) : itemId;
};

/** Checks the invariants; `problems` is empty when they all hold. */
export async function checkDurability(db: Db, acked: readonly AckedAnswer[]): Promise<CheckReport> {
  const problems: string[] = [];
  const problem = (text: string) => {
    if (problems.length < 50) problems.push(text);
  };
  const coldStart = createProductionModel();
  const fits = await rows<{
    version: number;
    parameters: ModelParameters;
    itemPriors: Record<string, number>;
  }>(db, sql`select version, parameters, item_priors as "itemPriors" from model_fit`);
  const models = new Map(fits.map((f) => [f.version, createProductionModel(f.parameters)]));
  const fitPriors = new Map(fits.map((f) => [f.version, f.itemPriors]));
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
  const attemptCount = await rows<{ n: number }>(db, sql`select count(*)::int as n from attempt`);
  if (attemptCount[0]!.n !== attempts.length) {
    problem(`${attemptCount[0]!.n - attempts.length} attempts have no served question`);
  }

  // 1. Every acknowledged answer is stored exactly once, as acknowledged.
  const byQuizItem = new Map<string, AttemptRow[]>();
  for (const a of attempts) {
    const key = `${a.quizId} ${a.itemId}`;
    byQuizItem.set(key, [...(byQuizItem.get(key) ?? []), a]);
  }
  for (const ack of acked) {
    const found = byQuizItem.get(`${ack.quizId} ${ack.itemId}`) ?? [];
    if (found.length !== 1)
      problem(`acknowledged answer ${ack.quizId}/${ack.itemId} stored ${found.length} times`);
    else if (found[0]!.correct !== ack.correct || found[0]!.answer !== ack.answer) {
      problem(`acknowledged answer ${ack.quizId}/${ack.itemId} stored differently`);
    }
  }

  // 2. Item statistics equal the count of attempts; remember each key's attempts in commit-ish order.
  const history = new Map<string, AttemptRow[]>();
  for (const a of attempts) {
    const key = statsKeyOf(a.itemId);
    history.set(key, [...(history.get(key) ?? []), a]);
  }
  const stats = await rows<{
    itemId: string;
    attempts: number;
    correct: number;
    residual: number;
    information: number;
    priorDifficulty: number | null;
  }>(
    db,
    sql`select item_id as "itemId", attempts, correct, residual, information,
      prior_difficulty as "priorDifficulty" from item_stats`,
  );
  const statsByKey = new Map(stats.map((s) => [s.itemId, s]));
  for (const [key, list] of history) {
    const stored = statsByKey.get(key);
    const correct = list.filter((a) => a.correct).length;
    if (!stored || stored.attempts !== list.length || stored.correct !== correct) {
      problem(`item_stats ${key}: ${JSON.stringify(stored)} but ${list.length} attempts, ${correct} correct`);
    }
  }
  for (const s of stats) {
    if (!history.has(s.itemId) && s.attempts > 0)
      problem(`item_stats ${s.itemId} counts attempts that do not exist`);
  }
  const rankInKey = new Map<string, number>();
  for (const list of history.values()) list.forEach((a, i) => rankInKey.set(a.id, i));

  // 3. Replay each learner's course in order; states must equal the stored rows exactly.
  const learnerStates = new Map<string, LogisticLearnerState>();
  const skillStates = new Map<
    string,
    {
      state: SkillModelState;
      mastery: number;
      band: string;
      attempts: number;
      correct: number;
      lastMs: number;
    }
  >();
  const learnerUpdated = new Map<string, number>();
  const calibration = new Map<string, { residual: number; information: number }>();
  let searched = 0;
  for (const a of attempts) {
    const lKey = `${a.learnerId} ${a.courseKey}`;
    const sKey = `${lKey} ${a.skillId}`;
    const model = a.modelVersion === null ? coldStart : models.get(a.modelVersion);
    if (!model) {
      problem(`attempt ${a.quizId}/${a.position}: model_fit ${a.modelVersion} is not stored`);
      continue;
    }
    const learner = learnerStates.get(lKey) ?? model.initialLearnerState();
    const skill = skillStates.get(sKey);
    const nowMs = new Date(a.servedAt).getTime() + a.responseMs;
    const statsKey = statsKeyOf(a.itemId);
    const candidate = bank
      .candidates(a.courseKey, a.quizId, a.position, [a.skillId])
      .find((c) => c.statsKey === statsKey);
    const earlier = history.get(statsKey)!;
    const rank = rankInKey.get(a.id)!;
    const apply = (difficulty: number | undefined, evidence = rank) =>
      recordAnswer(
        model,
        learner,
        { [a.skillId]: skill?.state },
        answeredItem(
          { id: a.itemId, kind: a.kind, choices: a.choices },
          a.skillId,
          candidate && difficulty !== undefined
            ? {
                difficulty,
                priorDifficulty: fitPriors.get(a.modelVersion ?? 0)?.[statsKey] ?? candidate.priorDifficulty,
                evidence,
              }
            : undefined,
        ),
        a.correct,
        nowMs,
      );
    let outcome: ReturnType<typeof apply> | undefined;
    if (!candidate) outcome = apply(undefined);
    else if (a.itemDifficulty !== null) {
      const stored = a.itemDifficulty;
      // Nearest counts first: concurrent answers on the same item commit in a slightly different order.
      for (let d = 0; d <= earlier.length && !outcome; d++) {
        for (const n of d === 0 ? [rank] : [rank - d, rank + d]) {
          if (n < 0 || n > earlier.length || outcome) continue;
          const o = apply(stored, n);
          if (f32(o.predicted) === f32(a.predicted)) outcome = o;
        }
      }
    } else {
      const seen = (n: number, c: number) =>
        successRateDifficulty(statsFor(candidate, { attempts: n, correct: c, residual: 0, information: 0 }));
      const guessCorrect = earlier.slice(0, rank).filter((e) => e.correct).length;
      const first = apply(seen(rank, guessCorrect));
      if (f32(first.predicted) === f32(a.predicted)) outcome = first;
      else {
        searched++;
        // Nearest counts first: concurrent answers on the same item commit in a slightly different order.
        const tried = new Set<number>();
        for (let d = 0; d <= earlier.length && !outcome; d++) {
          for (const n of d === 0 ? [rank] : [rank - d, rank + d]) {
            if (n < 0 || n > earlier.length) continue;
            for (let c = 0; c <= n && !outcome; c++) {
              const difficulty = seen(n, c);
              if (tried.has(difficulty)) continue;
              tried.add(difficulty);
              const o = apply(difficulty);
              if (f32(o.predicted) === f32(a.predicted)) outcome = o;
            }
          }
        }
      }
    }
    if (!outcome) {
      problem(`attempt ${a.quizId}/${a.position}: no item difficulty reproduces its stored prediction`);
      outcome = apply(candidate?.priorDifficulty);
    }
    const terms = calibrationTerms(a.correct, outcome.predictedAtPrior);
    const sums = calibration.get(statsKey) ?? { residual: 0, information: 0 };
    calibration.set(statsKey, {
      residual: sums.residual + terms.residual,
      information: sums.information + terms.information,
    });
    const next = outcome.skills[a.skillId]!;
    if (f32(next.mastery.p) !== f32(a.masteryAfter) || next.mastery.band !== a.bandAfter) {
      problem(
        `attempt ${a.quizId}/${a.position}: stored mastery after ${a.masteryAfter} but replay gives ${next.mastery.p}`,
      );
    }
    if (a.firstOfSkill !== !skill)
      problem(`attempt ${a.quizId}/${a.position}: first_of_skill is ${a.firstOfSkill}`);
    learnerStates.set(lKey, json(outcome.learner));
    learnerUpdated.set(lKey, nowMs);
    skillStates.set(sKey, {
      state: json({ tracing: next.tracing, review: next.review, evidence: next.evidence }),
      mastery: next.mastery.p,
      band: next.mastery.band,
      attempts: (skill?.attempts ?? 0) + 1,
      correct: (skill?.correct ?? 0) + (a.correct ? 1 : 0),
      lastMs: nowMs,
    });
  }

  for (const [key, sums] of calibration) {
    const stored = statsByKey.get(key);
    const near = (x: number, y: number) => Math.abs(x - y) <= 1e-6 * Math.max(1, Math.abs(y));
    // A fit resets the sums of the items it saw (decision 010).
    if (stored?.priorDifficulty !== null && stored?.priorDifficulty !== undefined) continue;
    if (stored && (!near(stored.residual, sums.residual) || !near(stored.information, sums.information))) {
      problem(
        `item_stats ${key}: calibration ${JSON.stringify(stored)} but the replay sums to ${JSON.stringify(sums)}`,
      );
    }
  }

  const storedSkills = await rows<{
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
  }>(
    db,
    sql`select learner_id as "learnerId", course_key as "courseKey", skill_id as "skillId",
      model_state as "modelState", mastery::float8 as mastery, band, attempts, correct,
      (extract(epoch from last_practised_at) * 1000)::float8 as "lastMs",
      (extract(epoch from next_review_at) * 1000)::float8 as "nextReviewMs"
    from skill_state`,
  );
  const seenSkills = new Set<string>();
  for (const s of storedSkills) {
    const key = `${s.learnerId} ${s.courseKey} ${s.skillId}`;
    seenSkills.add(key);
    const replay = skillStates.get(key);
    const modelState =
      typeof s.modelState === 'string' ? (JSON.parse(s.modelState) as SkillModelState) : s.modelState;
    if (!replay) {
      problem(`skill_state ${key} exists without attempts`);
      continue;
    }
    const due = replay.state.review ? replay.state.review.dueMs : null;
    if (
      !isDeepStrictEqual(modelState, replay.state) ||
      f32(Number(s.mastery)) !== f32(replay.mastery) ||
      s.band !== replay.band ||
      s.attempts !== replay.attempts ||
      s.correct !== replay.correct ||
      Math.round(Number(s.lastMs)) !== replay.lastMs ||
      (s.nextReviewMs === null ? null : Math.round(Number(s.nextReviewMs))) !== due
    ) {
      problem(
        `skill_state ${key} differs from its replay: stored ${JSON.stringify({ ...s, modelState })}, replay ${JSON.stringify(replay)}`,
      );
    }
  }
  for (const key of skillStates.keys()) if (!seenSkills.has(key)) problem(`skill_state ${key} missing`);

  const storedLearners = await rows<{
    learnerId: string;
    courseKey: string;
    modelState: unknown;
    updatedMs: string;
  }>(
    db,
    sql`select learner_id as "learnerId", course_key as "courseKey", model_state as "modelState",
      (extract(epoch from updated_at) * 1000)::float8 as "updatedMs" from learner_course_state`,
  );
  const seenLearners = new Set<string>();
  for (const l of storedLearners) {
    const key = `${l.learnerId} ${l.courseKey}`;
    seenLearners.add(key);
    const modelState =
      typeof l.modelState === 'string' ? (JSON.parse(l.modelState) as unknown) : l.modelState;
    const replay = learnerStates.get(key);
    if (!replay) problem(`learner_course_state ${key} exists without attempts`);
    else if (
      !isDeepStrictEqual(modelState, replay) ||
      Math.round(Number(l.updatedMs)) !== learnerUpdated.get(key)
    ) {
      problem(`learner_course_state ${key} differs from its replay`);
    }
  }
  for (const key of learnerStates.keys())
    if (!seenLearners.has(key)) problem(`learner_course_state ${key} missing`);

  // 4. Quiz rows: answered and score count the quiz's attempts; finished exactly when all are answered.
  const quizzes = await rows<{
    id: string;
    length: number;
    answered: number;
    score: number;
    finished: boolean;
    n: number;
    c: number;
  }>(
    db,
    sql`select s.id, s.length, s.answered, s.score, s.finished_at is not null as finished,
      count(a.id)::int as n, (count(a.id) filter (where a.correct))::int as c
    from quiz_session s left join attempt a on a.quiz_id = s.id group by s.id`,
  );
  for (const q of quizzes) {
    if (q.answered !== q.n || q.score !== q.c || q.finished !== q.n >= q.length) {
      problem(
        `quiz ${q.id}: answered ${q.answered}, score ${q.score}, finished ${q.finished} but ${q.n} attempts, ${q.c} correct`,
      );
    }
  }

  return {
    attempts: attempts.length,
    acked: acked.length,
    skillStates: storedSkills.length,
    learnerStates: storedLearners.length,
    searched,
    problems,
  };
}
