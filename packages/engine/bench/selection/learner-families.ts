// The learner families bench:selection can simulate, by name.
import type { SimCourse } from './course.ts';
import { ContinuousLearner } from './continuous-learner.ts';
import { BinaryLearner } from './learner.ts';
import type { LearnerModelName, LearnerScales, TrueLearner } from './learner.ts';
import { MisconceptionLearner } from './misconception-learner.ts';
import type { Random } from './random.ts';

/** Every learner family, in the order the benchmark prints them. */
export const LEARNER_MODELS: readonly LearnerModelName[] = ['binary', 'continuous', 'misconception'];

/** A new simulated learner of family `model` for `course`, drawn from `random`, changed by `scales` if given. */
export function createLearner(
  model: LearnerModelName,
  course: SimCourse,
  random: Random,
  scales?: LearnerScales,
): TrueLearner {
  switch (model) {
    case 'binary':
      return new BinaryLearner(course, random, scales);
    case 'continuous':
      return new ContinuousLearner(course, random, scales);
    case 'misconception':
      return new MisconceptionLearner(course, random, scales);
  }
}
