import type { courseEndpoints, quizEndpoints } from '@vidya/contracts';
import { endpointRef } from '#src/lib/api-client.ts';

type Courses = typeof courseEndpoints;
type Quizzes = typeof quizEndpoints;

/**
 * The learner pages' calls, named by method and path and typed by their contracts, so those pages do not load the
 * contracts' zod schemas (docs/decisions/003-web-first-load.md). A test checks them against the contracts.
 */
export const courseRefs = {
  list: endpointRef<Courses['list']>('GET', '/api/courses'),
  enrolments: endpointRef<Courses['enrolments']>('GET', '/api/me/enrolments'),
  stats: endpointRef<Courses['stats']>('GET', '/api/me/stats'),
  enrol: endpointRef<Courses['enrol']>('POST', '/api/me/enrolments'),
  unenrol: endpointRef<Courses['unenrol']>('DELETE', '/api/me/enrolments/:course'),
  progress: endpointRef<Courses['progress']>('GET', '/api/me/progress'),
  badges: endpointRef<Courses['badges']>('GET', '/api/me/badges'),
};

export const quizRefs = {
  start: endpointRef<Quizzes['start']>('POST', '/api/quizzes'),
  next: endpointRef<Quizzes['next']>('POST', '/api/quizzes/:quizId/next'),
  answer: endpointRef<Quizzes['answer']>('POST', '/api/quizzes/:quizId/answers'),
  summary: endpointRef<Quizzes['summary']>('GET', '/api/quizzes/:quizId'),
};
