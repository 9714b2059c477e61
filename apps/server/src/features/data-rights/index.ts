// The data-rights feature's public surface: what app.ts and other features may import (decision 014).
// eslint-disable-next-line import-x/no-cycle -- see consent.jobs.ts: a cycle of the two barrels, not of modules
export { deleteLearnerIn } from './data-rights.service.ts';
