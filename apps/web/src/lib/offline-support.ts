const STABLE_WAIT_MS = 30_000;

/** Registers the offline-support worker once the app is stable, at most 30 s after start, outside development (SPEC §9). */
export function registerOfflineSupport(): void {
  if (import.meta.env.DEV) return;
  if (!('serviceWorker' in navigator)) {
    console.warn('Service workers are disabled or not supported by this browser');
    return;
  }
  const register = () => {
    import('virtual:pwa-register')
      .then(({ registerSW }) => registerSW({ immediate: true, onRegisterError: (e) => console.error(e) }))
      .catch((error: unknown) => console.error('Offline support could not be registered', error));
  };
  // "Stable": the page has loaded and the browser is idle; never later than 30 s.
  const whenIdle = () => {
    if (typeof window.requestIdleCallback === 'function') {
      window.requestIdleCallback(register, { timeout: STABLE_WAIT_MS });
    } else setTimeout(register, 1000);
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
