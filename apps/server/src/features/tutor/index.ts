// The tutor feature's public surface: what app.ts may import (decision 014).
export { parseEvents } from './tutor.fake-model.ts';
export { deleteStaleConversations } from './tutor.retention.ts';
