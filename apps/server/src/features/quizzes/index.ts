// The quizzes feature's public surface: what the app and the shared test tooling may use (decisions 013, 014).
export { answeredItem, generatedStatsKey, ItemBank, statsFor } from './item-bank.ts';
export { loadNewestFit, scheduleModelFit } from './model-fit.job.ts';
export { loadLearning, type Learning } from './quiz-store.ts';
export { recordedAttempts } from './model-fit.repository.ts';
