import { afterEach, vi } from 'vitest';
import { registerOfflineSupport, STABLE_WAIT_MS, UNSUPPORTED_MESSAGE } from './offline-support.ts';

const fakeContainer = (register: ServiceWorkerContainer['register']) =>
  ({ register }) as unknown as ServiceWorkerContainer;

describe('registerOfflineSupport', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('does nothing in development', () => {
    const register = vi.fn();
    registerOfflineSupport({ isDev: true, container: fakeContainer(register) });
    expect(register).not.toHaveBeenCalled();
  });

  it('logs the spec message when the browser has no service workers', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    registerOfflineSupport({ isDev: false, container: undefined });
    expect(warn).toHaveBeenCalledWith(UNSUPPORTED_MESSAGE);
  });

  it('registers /sw.js once, at the latest after 30 s', async () => {
    vi.useFakeTimers();
    const register = vi.fn(() => Promise.resolve({} as ServiceWorkerRegistration));
    vi.spyOn(window, 'addEventListener').mockImplementation(() => undefined);
    Object.defineProperty(document, 'readyState', { value: 'loading', configurable: true });
    registerOfflineSupport({ isDev: false, container: fakeContainer(register) });
    await vi.advanceTimersByTimeAsync(STABLE_WAIT_MS - 1);
    expect(register).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(register).toHaveBeenCalledExactlyOnceWith('/sw.js', { scope: '/' });
    Reflect.deleteProperty(document, 'readyState');
  });

  it('logs a failed registration', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const failure = new Error('blocked');
    registerOfflineSupport({ isDev: false, container: fakeContainer(() => Promise.reject(failure)) });
    await vi.waitFor(() => expect(error).toHaveBeenCalledWith(expect.any(String), failure), {
      timeout: 3_000,
    });
  });
});
