import { z } from 'zod';
import { OkSchema } from './accounts.ts';
import {
  AccessOverviewSchema,
  AgeBodySchema,
  ConsentRecordListSchema,
  ConsentRecordSchema,
  ConsentRequestSchema,
  ConsentTokenParamsSchema,
  CreateChildBodySchema,
  CreateChildResultSchema,
  GrantConsentBodySchema,
  MyConsentSchema,
  PasswordBodySchema,
  ResendConsentBodySchema,
  SafetyAlertListSchema,
} from './consent.ts';
import { endpoint } from './endpoint.ts';
import { LearnerIdParamsSchema } from './guardians.ts';

/** The learner's side of consent, and the parent's. */
export const consentEndpoints = {
  mine: endpoint({
    method: 'GET',
    path: '/api/me/consent',
    summary: "The learner's consent state; while pending, the days left before the account is deleted",
    tags: ['consent'],
    response: MyConsentSchema,
  }),
  resend: endpoint({
    method: 'POST',
    path: '/api/me/consent/reminders',
    summary: 'A pending learner sends the consent request again (to the same or a corrected address)',
    tags: ['consent'],
    body: ResendConsentBodySchema,
    response: MyConsentSchema,
    status: 202,
  }),
  giveAge: endpoint({
    method: 'POST',
    path: '/api/me/age',
    summary:
      'A learner with no recorded age gives their month and year of birth (under 18: a parent’s e-mail)',
    tags: ['consent'],
    body: AgeBodySchema,
    response: MyConsentSchema,
  }),
  request: endpoint({
    method: 'GET',
    path: '/api/consent-requests/:token',
    summary: 'The consent request a mailed link names: the child and the notice version',
    tags: ['consent'],
    params: ConsentTokenParamsSchema,
    response: ConsentRequestSchema,
  }),
  grant: endpoint({
    method: 'POST',
    path: '/api/consent-requests/:token/grant',
    summary: 'A signed-in parent consents; the parent–child link is verified by the same act',
    tags: ['consent'],
    params: ConsentTokenParamsSchema,
    body: GrantConsentBodySchema,
    response: ConsentRecordSchema,
    status: 201,
  }),
  createChild: endpoint({
    method: 'POST',
    path: '/api/guardian/children',
    summary: "A parent creates their child's learner account, consenting at once",
    tags: ['consent'],
    body: CreateChildBodySchema,
    response: CreateChildResultSchema,
    status: 201,
  }),
  given: endpoint({
    method: 'GET',
    path: '/api/guardian/consents',
    summary: 'The consents this parent gave (granted or withdrawn)',
    tags: ['consent'],
    response: ConsentRecordListSchema,
  }),
  withdraw: endpoint({
    method: 'POST',
    path: '/api/guardian/learners/:learnerId/consent-withdrawal',
    summary:
      'The consenting parent withdraws consent (password again): processing stops at once; the data is deleted after the download window',
    tags: ['consent'],
    params: LearnerIdParamsSchema,
    body: PasswordBodySchema,
    response: ConsentRecordSchema,
  }),
};

/** Who can see a learner's learning, and the log of every access or data event. */
export const accessEndpoints = {
  mine: endpoint({
    method: 'GET',
    path: '/api/me/access',
    summary: 'Every adult who can see the learner’s data, pending requests, and the access log',
    tags: ['access'],
    response: AccessOverviewSchema,
  }),
  child: endpoint({
    method: 'GET',
    path: '/api/guardian/learners/:learnerId/access',
    summary: 'The same view for the consenting parent',
    tags: ['access'],
    params: LearnerIdParamsSchema,
    response: AccessOverviewSchema,
  }),
  removeForChild: endpoint({
    method: 'DELETE',
    path: '/api/guardian/learners/:learnerId/links/:linkId',
    summary: 'The consenting parent removes an adult’s access to their child (effective on the next request)',
    tags: ['access'],
    params: LearnerIdParamsSchema.extend({ linkId: z.uuid() }),
    response: OkSchema,
  }),
};

/** The tutor's safety alerts, for the consenting parent and the learner's class teachers. */
export const safetyEndpoints = {
  alerts: endpoint({
    method: 'GET',
    path: '/api/guardian/safety-alerts',
    summary: 'Alerts about tutor messages that sounded worrying (the flagged message only)',
    tags: ['safety'],
    response: SafetyAlertListSchema,
  }),
};
