// The consent feature's public surface: what app.ts and other features may import (decision 014).
// eslint-disable-next-line import-x/no-cycle -- see consent.jobs.ts: a cycle of the two barrels, not of modules
export { runConsentJobs } from './consent.jobs.ts';
export {
  assertConsentingParent,
  consentStatusOf,
  consentingParentId,
  afterLearnerSignUp,
  checkLearnerSignUp,
  isConsentingParentOf,
  requireConsent,
  mayBeLinked,
  mayFollow,
} from './consent.service.ts';
export { checkPassword } from './parent-consent.service.ts';
