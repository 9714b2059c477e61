// The accounts feature's public surface: what app.ts and other features may import (decisions 013, 014).
export { logOut } from './accounts.service.ts';
export { SessionGuard, type Caller, type SessionKey, type SessionRead } from './session-guard.ts';
export { learnerSession, sessionHolds } from './session-sql.ts';
export { signUp } from './accounts.service.ts';
