// The progress feature's public surface: what app.ts and other features may import (decisions 013, 014).
export { awardBadges, badgesHeld, quizTally } from './badges-sql.ts';
export { judgeBadges, quizStreak, timeZoneOf, type StoredQuizTally } from './progress.facts.ts';
export { badgesAwardedBetween, learnerProgress } from './progress.service.ts';
