// The interleaving rule's best parameters per (learner model, course shape), found by grid search on the tuning seeds
// only (never the evaluation seeds). Produced by:
//   npm run bench:selection -- --tune
// (all 90 configurations of INTERLEAVING_GRID, TUNING_SEEDS, 60 learners per seed); re-run it after changing a
// learner model or a course shape, and paste the printed block here.
import type { CourseShape } from './course.ts';
import type { InterleavingConfig } from './interleaving.ts';
import type { LearnerModelName } from './learner.ts';

export const TUNED_INTERLEAVING: Readonly<Record<`${LearnerModelName}/${CourseShape}`, InterleavingConfig>> =
  {
    'binary/authored': { window: 5, streak: 2, reviewEvery: 4 },
    'binary/generated': { window: 5, streak: 2, reviewEvery: 4 },
    'continuous/authored': { window: 5, streak: 2, reviewEvery: 4 },
    'continuous/generated': { window: 5, streak: 2, reviewEvery: 4 },
    'misconception/authored': { window: 5, streak: 2, reviewEvery: 4 },
    'misconception/generated': { window: 5, streak: 2, reviewEvery: 4 },
  };
