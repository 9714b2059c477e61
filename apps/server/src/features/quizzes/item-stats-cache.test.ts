import { afterEach, describe, expect, it, vi } from 'vitest';
import { ItemStatsCache } from './item-bank.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('ItemStatsCache', () => {
  it('waits for the first read, serves it while fresh, then reads again in the background', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(0);
    let attempts = 1;
    const read = vi.fn(async () => [
      { itemId: 'a', attempts: attempts++, correct: 0, residual: 0, information: 0 },
    ]);
    const cache = new ItemStatsCache(read, 5_000);

    expect((await cache.current()).get('a')?.attempts).toBe(1);
    vi.setSystemTime(4_000);
    expect((await cache.current()).get('a')?.attempts).toBe(1);
    expect(read).toHaveBeenCalledTimes(1);

    vi.setSystemTime(6_000);
    // Past its age: the caller gets the last figures at once, and a new read starts.
    expect((await cache.current()).get('a')?.attempts).toBe(1);
    await vi.waitFor(() => expect(read).toHaveBeenCalledTimes(2));
    await vi.waitFor(async () => expect((await cache.current()).get('a')?.attempts).toBe(2));
  });

  it('keeps the last figures when a background read fails, and fails the first read loudly', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(0);
    const failing = new ItemStatsCache(() => Promise.reject(new Error('database away')));
    await expect(failing.current()).rejects.toThrow('database away');

    let fail = false;
    const cache = new ItemStatsCache(async () => {
      if (fail) throw new Error('database away');
      return [{ itemId: 'a', attempts: 3, correct: 1, residual: 0.4, information: 0.6 }];
    }, 1_000);
    await cache.current();
    fail = true;
    vi.setSystemTime(2_000);
    expect((await cache.current()).get('a')).toEqual({
      itemId: 'a',
      attempts: 3,
      correct: 1,
      residual: 0.4,
      information: 0.6,
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect((await cache.current()).get('a')?.attempts).toBe(3);
  });
});
