/**
 * Pre-signed requests for the server bench. Every request carries its own nonce,
 * so requests are signed before the load starts (the load generator's signing cost is not the
 * server's). The pool is sized from the rate measured in the warm-up (`poolSize`), and never runs
 * dry: past its end it signs the next batch on demand and counts it (`lateSigned`), which the
 * bench reports, instead of stopping with "pool exhausted" on a faster machine.
 */

/** One signed request as autocannon sends it. */
export interface PoolItem {
  readonly path: string;
  readonly headers: Record<string, string>;
  readonly body?: string;
}

/** Requests to pre-sign for `seconds` at `rate` req/s: `headroom` times that, at least `floor`. */
export function poolSize(rate: number, seconds: number, headroom = 2, floor = 5_000): number {
  const need = Number.isFinite(rate) && rate > 0 ? rate * seconds * headroom : 0;
  return Math.max(floor, Math.ceil(need));
}

/**
 * A pool of signed requests handed out in order. A batch is let go once handed out, so a long
 * run (1,000 connections for 30 s) holds at most the initial batch in memory, not every request.
 */
export class SignedPool {
  readonly #sign: (i: number) => PoolItem;
  readonly #batch: number;
  #items: PoolItem[] = [];
  #next = 0;
  #signed = 0;
  /** Requests signed on demand, during the load, because the pool ran out. */
  lateSigned = 0;

  /** Signs `initial` requests now with `sign(i)`; later ones in batches of `batch`. */
  constructor(sign: (i: number) => PoolItem, initial: number, batch = 2_000) {
    this.#sign = sign;
    this.#batch = Math.max(1, batch);
    this.#fill(initial);
  }

  /** Replaces the used-up batch with `n` newly signed requests. */
  #fill(n: number): void {
    const items: PoolItem[] = [];
    for (let i = 0; i < n; i++) items.push(this.#sign(this.#signed + i));
    this.#signed += n;
    this.#items = items;
    this.#next = 0;
  }

  /** Requests signed so far. */
  get size(): number {
    return this.#signed;
  }

  /** The next request; signs a batch first when the pool is used up. */
  next(): PoolItem {
    if (this.#next >= this.#items.length) {
      this.#fill(this.#batch);
      this.lateSigned += this.#batch;
    }
    return this.#items[this.#next++] as PoolItem;
  }
}
