// The interleaving rule's best parameters per (learner model, course shape), found by grid search on the tuning seeds
// only (never the evaluation seeds). Produced by:
//   npm run bench:selection -- --tune
// (all 90 configurations of INTERLEAVING_GRID on TUNING_SEEDS, 40 learners per seed; its cost is in docs/engine.md); re-run it
// after changing a learner model, a course shape or the rule, and paste the printed block here.
import type { CourseShape } from './course.ts';
import type { InterleavingConfig } from './interleaving.ts';
import type { LearnerModelName } from './learner.ts';

type Key = `${LearnerModelName}/${CourseShape}`;

export const TUNED_INTERLEAVING: Readonly<Record<Key, InterleavingConfig>> = {
  'binary/authored': { window: 1, streak: 4, reviewEvery: null },
  'binary/generated': { window: 1, streak: 3, reviewEvery: null },
  'continuous/authored': { window: 6, streak: 3, reviewEvery: 5 },
  'continuous/generated': { window: 1, streak: 2, reviewEvery: null },
  'misconception/authored': { window: 6, streak: 2, reviewEvery: 6 },
  'misconception/generated': { window: 1, streak: 2, reviewEvery: null },
};
