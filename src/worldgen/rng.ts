/**
 * A small seeded pseudo-random generator (mulberry32) and the draws the world generator makes
 * with it. Its own, so that a seed gives the same world on every release and platform: nothing
 * here depends on a library's sampling order.
 */
import { KitError } from "../model/kit-error.js";

/** Largest seed: seeds are the unsigned 32-bit integers. */
export const MAX_SEED = 0xffff_ffff;

/** Draws from one seeded stream. */
export interface Rng {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both included. */
  int(min: number, max: number): number;
  /** True with probability `p`. */
  chance(p: number): boolean;
  /** One element of a non-empty list. */
  pick<T>(items: readonly T[]): T;
  /** `n` distinct elements of `items` (all of them when n ≥ its length), in random order. */
  sample<T>(items: readonly T[], n: number): T[];
}

/** True when `seed` is a seed (an integer 0 … {@link MAX_SEED}). */
export function isSeed(seed: number): boolean {
  return Number.isInteger(seed) && seed >= 0 && seed <= MAX_SEED;
}

/** The stream of `seed`; throws `OSK_INVALID_VALUE` for a value that is not a seed. */
export function seededRng(seed: number): Rng {
  if (!isSeed(seed)) throw new KitError("OSK_INVALID_VALUE", `seed ${seed}`);
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => {
    if (items.length === 0) throw new KitError("OSK_INVALID_VALUE", "pick from an empty list");
    return items[int(0, items.length - 1)] as T;
  };
  const sample = <T>(items: readonly T[], n: number): T[] => {
    const pool = [...items];
    for (let i = pool.length - 1; i > 0; i--) {
      const j = int(0, i);
      [pool[i], pool[j]] = [pool[j] as T, pool[i] as T];
    }
    return pool.slice(0, Math.max(0, n));
  };
  return { next, int, chance: (p) => next() < p, pick, sample };
}
