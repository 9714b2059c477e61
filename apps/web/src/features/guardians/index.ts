// The guardians feature's public surface for other features (decision 014); app/ composes features directly.
export { linkRequestsRef } from './api/link-requests.ts';
export { ProgressPanel } from './components/progress-panel.tsx';
