// The refit's worker thread (decision 010): the fit takes tens of CPU seconds, which must not stall the event loop
// that serves requests. It fits the attempt log it is given and posts the fit back.
import { parentPort, workerData } from 'node:worker_threads';
import { refitModel, type AttemptLog } from '@vidya/engine';

parentPort!.postMessage(refitModel(workerData as AttemptLog));
