// The refit's worker thread (decision 010): the fit takes tens of CPU seconds, which must not stall the event loop
// that serves requests. It fits the production model on the attempt log it is given and the mastery evidence's
// two-state layer on each course's log (decision 015), and posts the fits back.
import { parentPort, workerData } from 'node:worker_threads';
import { fitKnowsParameters, refitModel, type KnowsParameters } from '@vidya/engine';
import type { RefitInput, RefitResult } from './model-fit.job.ts';

const { log, knowsLogs } = workerData as RefitInput;
const knows: Record<string, KnowsParameters> = {};
for (const [course, courseLog] of Object.entries(knowsLogs)) {
  const fit = fitKnowsParameters(courseLog);
  if (fit) knows[course] = fit.parameters;
}
parentPort!.postMessage({ model: refitModel(log), knows } satisfies RefitResult);
