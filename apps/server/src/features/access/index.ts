// The access feature's public surface: what app.ts and other features may import (decision 014).
export { recordEvent, recordEventBy, type Actor } from './access.log.ts';
