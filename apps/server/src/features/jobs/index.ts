// The jobs feature's public surface: what app.ts and other features may import (decision 014).
export { scheduleJobs, runDueJobs } from './jobs.service.ts';
