// Seeded randomness for bench:selection: every draw comes from a seed, so a run is deterministic given --seed.

/** A uniform random source in [0, 1). */
export type Random = () => number;

/** A seeded uniform random source in [0, 1) (mulberry32). */
export function seededRandom(seed: number): Random {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A 32-bit seed mixed from several numbers or texts (FNV-1a over their decimal or literal form). */
export function mixSeed(...parts: readonly (number | string)[]): number {
  let hash = 0x811c9dc5;
  for (const part of parts) {
    const text = `${part}|`;
    for (let i = 0; i < text.length; i++) {
      hash ^= text.charCodeAt(i);
      hash = Math.imul(hash, 0x01000193) >>> 0;
    }
  }
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
