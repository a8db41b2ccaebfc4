/** Helpers over an injected random source; nothing here reads Math.random. */
import type { Random } from './types';

/** A uniform integer in [0, n). */
export function randomIndex(n: number, random: Random): number {
  return Math.min(n - 1, Math.floor(random() * n));
}

/** A shuffled copy (Fisher-Yates). */
export function shuffle<T>(items: readonly T[], random: Random): T[] {
  const out = items.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const j = randomIndex(i + 1, random);
    const tmp = out[i] as T;
    out[i] = out[j] as T;
    out[j] = tmp;
  }
  return out;
}

/** Up to `count` distinct items chosen uniformly (a partial Fisher-Yates, O(count) swaps). */
export function sample<T>(items: readonly T[], count: number, random: Random): T[] {
  const pool = items.slice();
  const n = Math.min(count, pool.length);
  for (let i = 0; i < n; i++) {
    const j = i + randomIndex(pool.length - i, random);
    const tmp = pool[i] as T;
    pool[i] = pool[j] as T;
    pool[j] = tmp;
  }
  return pool.slice(0, n);
}

/** A small seeded generator (mulberry32) for tests, benchmarks and reproducible sessions. */
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
