import { OkSchema } from './accounts.ts';
import { endpoint } from './endpoint.ts';
import {
  AddChannelBodySchema,
  BlockIdParamsSchema,
  BlockedGuardianListSchema,
  ChannelIdParamsSchema,
  ChannelListSchema,
  ChannelSchema,
  ClassIdParamsSchema,
  ClassListSchema,
  ClassSchema,
  ClassViewSchema,
  CreateClassBodySchema,
  CreateLinkBodySchema,
  GuardianLearnerListSchema,
  JoinClassBodySchema,
  LearnerIdParamsSchema,
  LearnerProgressSchema,
  LinkIdParamsSchema,
  LinkRequestListSchema,
  LinkRequestSchema,
} from './guardians.ts';

/** Teachers and parents: link requests, their learners, a verified learner's progress. */
export const guardianEndpoints = {
  requestLink: endpoint({
    method: 'POST',
    path: '/api/guardian/links',
    summary:
      'Ask a learner (by username) to link to this teacher or parent. The answer is the same whether or not the ' +
      'username is a learner’s; the request (unverified) reaches the learner only when it is, and they have not ' +
      'blocked this account',
    tags: ['guardians'],
    body: CreateLinkBodySchema,
    response: OkSchema,
    status: 202,
  }),
  learners: endpoint({
    method: 'GET',
    path: '/api/guardian/learners',
    summary: "The learners who accepted the guardian's request (verified links), with name and e-mail",
    tags: ['guardians'],
    response: GuardianLearnerListSchema,
  }),
  removeLink: endpoint({
    method: 'DELETE',
    path: '/api/guardian/links/:linkId',
    summary: 'Remove a link (access ends at once)',
    tags: ['guardians'],
    params: LinkIdParamsSchema,
    response: OkSchema,
  }),
  learnerProgress: endpoint({
    method: 'GET',
    path: '/api/guardian/learners/:learnerId/progress',
    summary: "A verified-linked learner's progress",
    tags: ['guardians'],
    params: LearnerIdParamsSchema,
    response: LearnerProgressSchema,
  }),
};

/** A teacher's classes with join codes. */
export const classEndpoints = {
  create: endpoint({
    method: 'POST',
    path: '/api/classes',
    summary: 'Create a class with a short join code',
    tags: ['classes'],
    body: CreateClassBodySchema,
    response: ClassSchema,
    status: 201,
  }),
  list: endpoint({
    method: 'GET',
    path: '/api/classes',
    summary: "The teacher's classes",
    tags: ['classes'],
    response: ClassListSchema,
  }),
  view: endpoint({
    method: 'GET',
    path: '/api/classes/:classId',
    summary: "A class's students with mastery per skill, activity and the hardest skills",
    tags: ['classes'],
    params: ClassIdParamsSchema,
    response: ClassViewSchema,
  }),
  join: endpoint({
    method: 'POST',
    path: '/api/classes/join',
    summary: 'A learner joins a class by its code (the link is verified by construction)',
    tags: ['classes'],
    body: JoinClassBodySchema,
    response: LinkRequestSchema,
  }),
};

/** The learner's side: link requests, teachers, channels, own progress. */
export const learnerLinkEndpoints = {
  requests: endpoint({
    method: 'GET',
    path: '/api/me/link-requests',
    summary: "The learner's link requests and links (pending and verified)",
    tags: ['guardians'],
    response: LinkRequestListSchema,
  }),
  accept: endpoint({
    method: 'POST',
    path: '/api/me/link-requests/:linkId/accept',
    summary: 'Accept a link request (status verified)',
    tags: ['guardians'],
    params: LinkIdParamsSchema,
    response: LinkRequestSchema,
  }),
  decline: endpoint({
    method: 'POST',
    path: '/api/me/link-requests/:linkId/decline',
    summary: 'Decline a link request (status declined)',
    tags: ['guardians'],
    params: LinkIdParamsSchema,
    response: LinkRequestSchema,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/me/links/:linkId',
    summary: 'Remove a link to a teacher or parent (access ends at once)',
    tags: ['guardians'],
    params: LinkIdParamsSchema,
    response: OkSchema,
  }),
  block: endpoint({
    method: 'POST',
    path: '/api/me/link-requests/:linkId/block',
    summary:
      "Block the link's teacher or parent: the link ends, and their later requests never reach this learner " +
      '(they are told nothing of it)',
    tags: ['guardians'],
    params: LinkIdParamsSchema,
    response: OkSchema,
  }),
  blocked: endpoint({
    method: 'GET',
    path: '/api/me/blocked-guardians',
    summary: 'The teachers and parents this learner blocked',
    tags: ['guardians'],
    response: BlockedGuardianListSchema,
  }),
  unblock: endpoint({
    method: 'DELETE',
    path: '/api/me/blocked-guardians/:blockId',
    summary: 'Unblock a teacher or parent: their new requests reach this learner again',
    tags: ['guardians'],
    params: BlockIdParamsSchema,
    response: OkSchema,
  }),
  channels: endpoint({
    method: 'GET',
    path: '/api/me/channels',
    summary: "The learner's saved education channels",
    tags: ['guardians'],
    response: ChannelListSchema,
  }),
  addChannel: endpoint({
    method: 'POST',
    path: '/api/me/channels',
    summary: "Save a teacher's education channel URL (http or https)",
    tags: ['guardians'],
    body: AddChannelBodySchema,
    response: ChannelSchema,
    status: 201,
  }),
  removeChannel: endpoint({
    method: 'DELETE',
    path: '/api/me/channels/:channelId',
    summary: 'Remove a saved channel',
    tags: ['guardians'],
    params: ChannelIdParamsSchema,
    response: OkSchema,
  }),
};
