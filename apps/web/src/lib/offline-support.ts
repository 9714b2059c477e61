/** SPEC §9: register after the app has been stable, waiting at most 30000 ms. */
export const STABLE_WAIT_MS = 30_000;
export const UNSUPPORTED_MESSAGE = 'Service workers are disabled or not supported by this browser';
const WORKER_URL = '/sw.js';

export interface OfflineSupportOptions {
  /** Development builds never register (SPEC §2); tests pass false. */
  isDev?: boolean;
  container?: ServiceWorkerContainer | undefined;
}

/**
 * Registers the offline-support worker (built by vite-plugin-pwa) once the page has loaded and the browser is
 * idle, and never later than 30 s after start. Outside development only; a failure is logged, nothing more.
 * Registration is one call, so workbox-window stays out of the first load.
 */
export function registerOfflineSupport({
  isDev = import.meta.env.DEV,
  container = 'serviceWorker' in navigator ? navigator.serviceWorker : undefined,
}: OfflineSupportOptions = {}): void {
  if (isDev) return;
  if (!container) {
    console.warn(UNSUPPORTED_MESSAGE);
    return;
  }
  let isStarted = false;
  const register = () => {
    if (isStarted) return;
    isStarted = true;
    container
      .register(WORKER_URL, { scope: '/' })
      .catch((error: unknown) => console.error('The offline-support worker could not be registered', error));
  };
  const deadline = setTimeout(register, STABLE_WAIT_MS);
  const whenIdle = () => {
    const registerNow = () => {
      clearTimeout(deadline);
      register();
    };
    if (typeof window.requestIdleCallback === 'function') {
      window.requestIdleCallback(registerNow, { timeout: STABLE_WAIT_MS });
    } else setTimeout(registerNow, 1_000);
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
