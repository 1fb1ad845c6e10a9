/**
 * Replay protection (P-AUTH-3): a (consumer key, nonce) pair is refused while its timestamp is
 * still inside the window. Entries expire when their timestamp leaves the window, so the store
 * holds at most one window's worth of verified requests; expired entries are dropped bucket by
 * bucket (one bucket per second of expiry), so pruning costs only what it frees.
 *
 * The in-memory store is bounded (`maxPairs`): a window's worth of requests at a sustained rate
 * grows with the rate (30,000 req/s for 300 s is 9 million pairs, about 1.2 GB at ~128 bytes a
 * pair, and V8 refuses a Map of more than 2^24 entries). Once full, a new pair is refused as the
 * store being unavailable (503), never recorded half-way: replay protection holds.
 */
import { TIMESTAMP_WINDOW_S } from "../../model/limits.js";
import { OperationalError } from "../../model/operational-error.js";

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
interface MemoryNonceStore extends NonceStore {
  claim(consumerKey: string, nonce: string, timestampS: number, nowMs: number): boolean;
  readonly size: number;
}

/** Default bound of the in-memory store: about 512 MB, 13,000 req/s sustained over the window. */
const MAX_NONCE_PAIRS = 4_000_000;

/** Creates an empty in-memory nonce store, for a server that runs as one process. */
export function nonceStore(options: { maxPairs?: number } = {}): MemoryNonceStore {
  const maxPairs = options.maxPairs ?? MAX_NONCE_PAIRS;
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
      if (exp === undefined && expiries.size >= maxPairs)
        throw new OperationalError(
          "OSK_STORE_UNAVAILABLE",
          `nonce store full (${maxPairs} requests within the ${TIMESTAMP_WINDOW_S} s window)`,
        );
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
