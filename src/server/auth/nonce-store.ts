/**
 * Replay protection (P-AUTH-3): a (consumer key, nonce) pair is refused while its timestamp is
 * still inside the window. Entries expire when their timestamp leaves the window, so the store
 * holds at most one window's worth of verified requests; expired entries are dropped bucket by
 * bucket (one bucket per second of expiry), so pruning costs only what it frees.
 */

/** Seconds a timestamp may differ from the server clock (P-AUTH-3). */
export const TIMESTAMP_WINDOW_S = 300;

/**
 * Records nonces of verified requests: in memory for one process ({@link nonceStore}), or in a
 * database that every instance shares (the PostgreSQL store's `nonces`).
 */
export interface NonceStore {
  /** Records the pair and returns true, or returns false when it was seen within the window. */
  claim(
    consumerKey: string,
    nonce: string,
    timestampS: number,
    nowMs: number,
  ): boolean | Promise<boolean>;
}

/** The in-memory nonce store, with the number of pairs it holds. */
export interface MemoryNonceStore extends NonceStore {
  claim(consumerKey: string, nonce: string, timestampS: number, nowMs: number): boolean;
  readonly size: number;
}

/** Creates an empty in-memory nonce store, for a server that runs as one process. */
export function nonceStore(): MemoryNonceStore {
  const expiries = new Map<string, number>();
  const buckets = new Map<number, string[]>();
  let prunedAt = Number.NEGATIVE_INFINITY;
  // At most once a second: drop the buckets (at most ~600) whose second has passed.
  const prune = (nowS: number): void => {
    if (nowS <= prunedAt) return;
    prunedAt = nowS;
    for (const [until, ids] of buckets) {
      if (until >= nowS) continue;
      for (const id of ids) if ((expiries.get(id) ?? 0) <= until) expiries.delete(id);
      buckets.delete(until);
    }
  };
  return {
    claim(consumerKey, nonce, timestampS, nowMs) {
      const nowS = Math.floor(nowMs / 1000);
      prune(nowS);
      const id = `${consumerKey}\n${nonce}`;
      const exp = expiries.get(id);
      if (exp !== undefined && exp >= nowS) return false;
      const until = timestampS + TIMESTAMP_WINDOW_S;
      expiries.set(id, until);
      const bucket = buckets.get(until);
      if (bucket) bucket.push(id);
      else buckets.set(until, [id]);
      return true;
    },
    get size() {
      return expiries.size;
    },
  };
}
