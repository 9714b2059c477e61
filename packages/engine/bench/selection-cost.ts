// The cost of the quiz path's engine calls per answer, as the server makes them: `selectNextItem` on a course's
// candidates plus `recordAnswer`, on one learner state at a time (reported by bench:engine).
import { recordAnswer } from '../src/scheduling/record-answer.ts';
import type { SkillModelState } from '../src/scheduling/record-answer.ts';
import { selectNextItem } from '../src/selection/select-next-item.ts';
import type { CourseSkill } from '../src/selection/select-next-item.ts';
import { difficultyFromPrior } from '../src/tracing/item-difficulty.ts';
import { createProductionModel } from '../src/tracing/production-model.ts';
import type { TracedItem } from '../src/tracing/types.ts';

/** Microseconds of CPU per answer for selection plus recording, and the answers timed. */
export interface SelectionCost {
  readonly microsecondsPerAnswer: number;
  readonly answers: number;
  readonly skills: number;
  readonly shape: CourseShape;
}

/**
 * `generated`: one fresh free-text item per skill and level (1–5) at every quiz position, built when selection asks;
 * `authored`: 20 fixed four-option items per skill labelled 1–3, so learners meet items again.
 */
export type CourseShape = 'generated' | 'authored';
const AUTHORED_ITEMS_PER_SKILL = 20;

/**
 * Times `answers` answers of simulated learners (each right with chance 0.7) through `selectNextItem` and
 * `recordAnswer` on a course of `skills` skills, each after one or two earlier ones, shaped like generated
 * mathematics or like an authored bank (`CourseShape`).
 */
export function measureSelectionCost(
  answers = 20_000,
  skills = 26,
  shape: CourseShape = 'generated',
): SelectionCost {
  const model = createProductionModel();
  const course: CourseSkill[] = Array.from({ length: skills }, (_, k) => ({
    key: `s${k}`,
    prerequisites: k < 2 ? [] : k % 3 === 0 ? [`s${k - 1}`, `s${k - 2}`] : [`s${k - 2}`],
  }));
  let seed = 12345;
  const random = () => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return seed / 4294967296;
  };
  const authored = new Map(
    course.map((skill) => [
      skill.key,
      Array.from({ length: AUTHORED_ITEMS_PER_SKILL }, (_, i): TracedItem => {
        const label = (i % 3) + 1;
        return {
          id: `${skill.key}:item${i}`,
          skills: [skill.key],
          difficulty: difficultyFromPrior(label, 3),
          priorDifficulty: difficultyFromPrior(label, 3),
          guess: 0.25,
        };
      }),
    ]),
  );
  let learner = model.initialLearnerState();
  let states: Record<string, SkillModelState> = {};
  let quiz: string[] = [];
  let counter = 0;
  const start = process.cpuUsage();
  for (let n = 0; n < answers; n++) {
    if (n % 300 === 0) {
      learner = model.initialLearnerState();
      states = {};
    }
    const candidates = (skill: string): readonly TracedItem[] =>
      shape === 'authored'
        ? (authored.get(skill) ?? [])
        : [1, 2, 3, 4, 5].map((level) => ({
            id: `${skill}:${level}:${counter++}`,
            skills: [skill],
            difficulty: difficultyFromPrior(level, 5),
            priorDifficulty: difficultyFromPrior(level, 5),
            guess: 0,
          }));
    const nowMs = Math.floor(n / 5) * 86_400_000 + (n % 5) * 60_000;
    const selection = selectNextItem(
      { learner, skills: states, quizItemIds: quiz, hasReviewInQuiz: false, recentItemIds: [] },
      candidates,
      { model, skills: course, nowMs },
    );
    if (selection === undefined) throw new Error('no item selected');
    const outcome = recordAnswer(model, learner, states, selection.item, random() < 0.7, nowMs);
    learner = outcome.learner;
    states = { ...states, ...outcome.skills };
    quiz = n % 5 === 4 ? [] : [...quiz, selection.item.id];
  }
  const cpu = process.cpuUsage(start);
  return { microsecondsPerAnswer: (cpu.user + cpu.system) / answers, answers, skills, shape };
}
