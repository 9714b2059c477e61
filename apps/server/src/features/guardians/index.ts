// The guardians feature's public surface: what app.ts and other features may import (decision 014).
export { exposesLearner } from './guardians.policy.ts';
export { learnerRequests, removeLinkAsLearner } from './guardians.service.ts';
