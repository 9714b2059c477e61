// Seeded randomness for bench:selection: every draw comes from a seed, so a run is deterministic given --seed.

import type { Random } from '../../src/testing/seeded-random.ts';

export { seededRandom, type Random } from '../../src/testing/seeded-random.ts';

/** A 32-bit seed mixed from several numbers or texts (FNV-1a over their text, then MurmurHash3's finaliser). */
export function mixSeed(...parts: readonly (number | string)[]): number {
  let hash = 0x811c9dc5;
  for (const part of parts) {
    const text = `${part}|`;
    for (let i = 0; i < text.length; i++) {
      hash ^= text.charCodeAt(i);
      hash = Math.imul(hash, 0x01000193) >>> 0;
    }
  }
  // MurmurHash3's finaliser: FNV-1a alone leaves seeds of similar texts close, and mulberry32's first draws for
  // close seeds are correlated.
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return hash >>> 0;
}

/** A standard normal draw (Box–Muller). */
export function normal(random: Random): number {
  const u = Math.max(random(), 1e-12);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

/** A uniform draw from [low, high). */
export function uniform(random: Random, low: number, high: number): number {
  return low + (high - low) * random();
}

/** A uniformly chosen element of a non-empty list. */
export function pickOne<T>(random: Random, list: readonly T[]): T {
  const chosen = list[Math.floor(random() * list.length)];
  if (chosen === undefined) throw new Error('pickOne needs a non-empty list');
  return chosen;
}

/** The logistic function. */
export function sigmoid(x: number): number {
  return 1 / (1 + Math.exp(-x));
}

/** Clamps `x` into [low, high]. */
export function clamp(x: number, low: number, high: number): number {
  return Math.min(high, Math.max(low, x));
}
