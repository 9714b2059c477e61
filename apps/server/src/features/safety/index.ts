// The safety feature's public surface: what app.ts and other features may import (decision 014).
export { detectConcern, safetyReply } from './safety.classifier.ts';
export { raiseAlert } from './safety.service.ts';
