import { useSyncExternalStore } from 'react';

// navigator.onLine only knows about the network adapter (and stays true on a fresh load under some offline
// conditions), so a request that cannot reach the server counts too, until the next one that can.
let isServerReachable = true;
const listeners = new Set<() => void>();

const setReachable = (value: boolean) => {
  if (value === isServerReachable) return;
  isServerReachable = value;
  for (const listener of listeners) listener();
};

/** The API client reports each request that reached the server, or did not. */
export const reportServerReachable = (value: boolean): void => setReachable(value);

const subscribe = (onChange: () => void) => {
  listeners.add(onChange);
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
};

/** Whether the browser is online and the last request reached the server. */
export const isOnline = (): boolean => navigator.onLine && isServerReachable;

/** `isOnline`, re-rendering when it changes. */
export const useOnline = (): boolean => useSyncExternalStore(subscribe, isOnline, () => true);
