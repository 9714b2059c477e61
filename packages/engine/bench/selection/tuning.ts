// Grid search of the interleaving rule on the tuning seeds, which the evaluation never uses.
import { buildCourse } from './course.ts';
import type { CourseShape } from './course.ts';
import { describeInterleaving, INTERLEAVING_GRID, interleavingPolicy } from './interleaving.ts';
import type { InterleavingConfig } from './interleaving.ts';
import type { LearnerModelName, LearnerVariant } from './learner.ts';
import { simulateSite } from './simulate.ts';

/** Seeds reserved for tuning: evaluation seeds must be below the first. */
export const TUNING_SEEDS = [1001, 1002] as const;
export const FIRST_TUNING_SEED = 1000;

/** Every configuration of the grid. */
export function interleavingGrid(): InterleavingConfig[] {
  return INTERLEAVING_GRID.window.flatMap((window) =>
    INTERLEAVING_GRID.streak.flatMap((streak) =>
      INTERLEAVING_GRID.reviewEvery.map((reviewEvery) => ({ window, streak, reviewEvery })),
    ),
  );
}

/** Mean questions to the goal of one configuration over the tuning seeds. */
function tuningQuestions(
  model: LearnerModelName,
  shape: CourseShape,
  config: InterleavingConfig,
  learners: number,
  maxQuestions: number,
  variant: LearnerVariant | undefined,
): number {
  let total = 0;
  for (const seed of TUNING_SEEDS) {
    const result = simulateSite({
      model,
      variant,
      course: buildCourse(shape, seed),
      policy: interleavingPolicy(config),
      learners,
      seed,
      maxQuestions,
      withEngineAlongside: false,
    });
    total += result.learners.reduce((s, l) => s + l.questions, 0);
  }
  return total / (learners * TUNING_SEEDS.length);
}

/**
 * The best configuration (fewest mean questions, ties to the earlier in the grid) for one model and shape, on the
 * family's own learners or on `variant`'s.
 */
export function tuneInterleaving(
  model: LearnerModelName,
  shape: CourseShape,
  learners: number,
  maxQuestions: number,
  log: (line: string) => void,
  variant?: LearnerVariant,
): InterleavingConfig {
  const scored = interleavingGrid().map((config) => ({
    config,
    questions: tuningQuestions(model, shape, config, learners, maxQuestions, variant),
  }));
  scored.sort((a, b) => a.questions - b.questions);
  const top = scored.slice(0, 3).map((s) => `${describeInterleaving(s.config)} ${s.questions.toFixed(1)}`);
  log(
    `${model}/${shape}: best of ${scored.length} on tuning seeds ${TUNING_SEEDS.join(', ')}: ${top.join('; ')}`,
  );
  return scored[0]!.config;
}
