import {
  AnswerResultSchema,
  CourseListSchema,
  CourseParamsSchema,
  EnrolBodySchema,
  EnrolmentListSchema,
  LearnerStatsSchema,
  QuestionSchema,
  QuizParamsSchema,
  QuizSchema,
  QuizSummarySchema,
  StartQuizBodySchema,
  SubmitAnswerBodySchema,
} from './learning.ts';
import { OkSchema } from './accounts.ts';
import { BadgeListSchema, ProgressQuerySchema, ProgressSchema } from './progress.ts';
import { endpoint } from './endpoint.ts';

/** Courses, enrolment and the learner's own figures. */
export const courseEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/courses',
    summary: 'The quiz courses',
    tags: ['courses'],
    response: CourseListSchema,
  }),
  enrolments: endpoint({
    method: 'GET',
    path: '/api/me/enrolments',
    summary: "The signed-in learner's courses with their mastery",
    tags: ['courses'],
    response: EnrolmentListSchema,
  }),
  enrol: endpoint({
    method: 'POST',
    path: '/api/me/enrolments',
    summary: 'Enrol in courses (already enrolled ones are left as they are)',
    tags: ['courses'],
    body: EnrolBodySchema,
    response: EnrolmentListSchema,
    status: 201,
  }),
  unenrol: endpoint({
    method: 'DELETE',
    path: '/api/me/enrolments/:course',
    summary: "Unenrol and delete all of the learner's data for the course",
    tags: ['courses'],
    params: CourseParamsSchema,
    response: OkSchema,
  }),
  progress: endpoint({
    method: 'GET',
    path: '/api/me/progress',
    summary:
      "The learner's progress in a period: a row per skill practised, answers per day, mastery over time",
    tags: ['progress'],
    query: ProgressQuerySchema,
    response: ProgressSchema,
  }),
  badges: endpoint({
    method: 'GET',
    path: '/api/me/badges',
    summary: 'The nine badges, earned ones with their date, the others with progress toward them',
    tags: ['progress'],
    response: BadgeListSchema,
  }),
  stats: endpoint({
    method: 'GET',
    path: '/api/me/stats',
    summary: "The signed-in learner's experience points and totals",
    tags: ['courses'],
    response: LearnerStatsSchema,
  }),
};

/** Adaptive quizzes: the original's kt_ai get_question and update_skill, done on the server. */
export const quizEndpoints = {
  start: endpoint({
    method: 'POST',
    path: '/api/quizzes',
    summary: 'Start a 5-question quiz in an enrolled course',
    tags: ['quizzes'],
    body: StartQuizBodySchema,
    response: QuizSchema,
    status: 201,
  }),
  next: endpoint({
    method: 'POST',
    path: '/api/quizzes/:quizId/next',
    summary:
      'The next question, chosen by the engine (the same one again until it is answered); never its answer',
    tags: ['quizzes'],
    params: QuizParamsSchema,
    response: QuestionSchema,
  }),
  answer: endpoint({
    method: 'POST',
    path: '/api/quizzes/:quizId/answers',
    summary: 'Check an answer, update mastery and score in one transaction; a retry returns the first result',
    tags: ['quizzes'],
    params: QuizParamsSchema,
    body: SubmitAnswerBodySchema,
    response: AnswerResultSchema,
  }),
  summary: endpoint({
    method: 'GET',
    path: '/api/quizzes/:quizId',
    summary: 'A quiz with its score and the skills it practised, mastery before and after',
    tags: ['quizzes'],
    params: QuizParamsSchema,
    response: QuizSummarySchema,
  }),
};
