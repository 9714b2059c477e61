import { useOnline } from '#src/lib/connectivity.ts';

/** A banner while the browser is offline: the app shell and static pages still work (SPEC §2 offline support). */
export function OfflineBanner() {
  const isOnline = useOnline();
  return (
    <div role="status" className={isOnline ? 'visually-hidden' : 'offline-banner'}>
      {isOnline ? '' : 'You are offline. Pages that need Vidya’s server will load again when you reconnect.'}
    </div>
  );
}

/** Shown instead of a page that needs the server while there is no connection. */
export function OfflinePage() {
  return (
    <div className="page narrow offline-page">
      <h1>You are offline</h1>
      <p>
        This page needs a connection to Vidya. It will load by itself when you are back online. Meanwhile the
        home page and About us still work.
      </p>
    </div>
  );
}
