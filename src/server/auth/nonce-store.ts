/**
 * Replay protection (P-AUTH-3): a (consumer key, nonce) pair is refused while its timestamp is
 * still inside the window. Entries expire when their timestamp leaves the window, so the store
 * holds at most one window's worth of verified requests.
 */

/** Seconds a timestamp may differ from the server clock (P-AUTH-3). */
export const TIMESTAMP_WINDOW_S = 300;

/** Records nonces of verified requests. */
export interface NonceStore {
  /** Records the pair and returns true, or returns false when it was seen within the window. */
  claim(consumerKey: string, nonce: string, timestampS: number, nowMs: number): boolean;
  readonly size: number;
}

/** Creates an empty nonce store. */
export function nonceStore(): NonceStore {
  const expiries = new Map<string, number>();
  let lastPrune = 0;
  const prune = (nowMs: number): void => {
    if (nowMs - lastPrune < 5_000) return;
    lastPrune = nowMs;
    for (const [k, exp] of expiries) if (exp < nowMs) expiries.delete(k);
  };
  return {
    claim(consumerKey, nonce, timestampS, nowMs) {
      prune(nowMs);
      const id = `${consumerKey}\n${nonce}`;
      const exp = expiries.get(id);
      if (exp !== undefined && exp >= nowMs) return false;
      expiries.set(id, (timestampS + TIMESTAMP_WINDOW_S) * 1000);
      return true;
    },
    get size() {
      return expiries.size;
    },
  };
}
