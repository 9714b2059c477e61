import type { Db } from '#src/db/client.ts';
import {
  checkAcknowledged,
  checkCalibration,
  checkItemCounts,
  checkLearnerStates,
  checkQuizzes,
  checkSkillStates,
  type AckedAnswer,
} from './replay/checks.ts';
import { replayAttempts } from './replay/replay.ts';
import { readStored } from './replay/stored-rows.ts';

/**
 * The durability invariants (issue 11), checked on a database after a run with crashes: every answer the API
 * acknowledged is stored exactly once, and every derived row (skill state, learner state, item statistics, quiz
 * score) equals a replay of the append-only attempts through the engine, the way the answer's use case applies them
 * (quiz-state.ts).
 *
 * Read like the answer's path: load what is stored (`replay/stored-rows.ts`), replay the attempts through the engine
 * (`replay/replay.ts`, pure), compare (`replay/checks.ts`), report.
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
 * cold-start model), and the item priors in force under that fit (decision 010; fits since decision 017 set none). A
 * fitted model also weighs how many attempts back the difficulty, which the row does not keep: the replay tries counts
 * nearest the attempts committed before it. A fit stored before decision 017 reset the calibration sums of the items
 * it saw, so those items' sums are not compared.
 */

export type { AckedAnswer };

export interface CheckReport {
  attempts: number;
  acked: number;
  skillStates: number;
  learnerStates: number;
  /** Attempts without a stored difficulty whose difficulty needed the search beyond the first guess. */
  searched: number;
  problems: string[];
}

/** Checks the invariants; `problems` is empty when they all hold. */
export async function checkDurability(db: Db, acked: readonly AckedAnswer[]): Promise<CheckReport> {
  const problems: string[] = [];
  const report = (text: string) => {
    if (problems.length < 50) problems.push(text);
  };
  // Load.
  const stored = await readStored(db);
  // Compare what needs no replay first: the report keeps the first 50 problems, and a lost answer must be among them.
  checkAcknowledged(stored, acked, report);
  checkItemCounts(stored, report);
  // Replay.
  const replayed = replayAttempts(stored, report);
  // Compare with the replay.
  checkCalibration(stored, replayed, report);
  checkSkillStates(stored, replayed, report);
  checkLearnerStates(stored, replayed, report);
  checkQuizzes(stored, report);
  // Report.
  return {
    attempts: stored.attempts.length,
    acked: acked.length,
    skillStates: stored.skillStates.length,
    learnerStates: stored.learnerStates.length,
    searched: replayed.searched,
    problems,
  };
}
