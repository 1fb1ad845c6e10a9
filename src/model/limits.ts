/**
 * The profile's numeric limits, each written once: the server enforces them, the fuzzer's model
 * predicts them, the codecs and the public API read them from here.
 */

/** P-DATA-1: the longest key, in characters. */
export const MAX_KEY_LENGTH = 128;
/** P-DATA-1: the longest value, in Unicode code points. */
export const MAX_VALUE_CODE_POINTS = 65_536;
/** P-DATA-3 / §8: a request with this many pairs (or `fields` keys) or more is refused. */
export const PAIR_LIMIT = 100;

/**
 * P-DATA-7: one user's record for one application holds at most 10,000 keys and 4 MiB of keys
 * and values (UTF-8, as {@link recordBytes} counts them). A write that would cross either bound
 * is refused as a whole (400), so merged writes cannot grow a record until reading it fails.
 */
export const RECORD_LIMITS = { maxKeys: 10_000, maxBytes: 4 * 1024 * 1024 } as const;

/** UTF-8 size of one key and its value, as {@link RECORD_LIMITS} counts it. */
export function pairBytes(key: string, value: string): number {
  return Buffer.byteLength(key) + Buffer.byteLength(value);
}

/** UTF-8 size of a record's keys and values, as {@link RECORD_LIMITS} counts it. */
export function recordBytes(record: Iterable<readonly [string, string]>): number {
  let n = 0;
  for (const [k, v] of record) n += pairBytes(k, v);
  return n;
}

/** P-AUTH-3: seconds an `oauth_timestamp` may differ from the server clock, either side. */
export const TIMESTAMP_WINDOW_S = 300;

/** P-PAGE-1: the largest accepted `count`. */
export const MAX_COUNT = 1000;
/** P-PAGE-1: the page size of each list without `count`. */
export const DEFAULT_COUNT = { albums: 20, photos: 20, friends: 50 } as const;
/** P-PAGE-2: the largest paging value (`startIndex`, `count`) that is a number at all. */
export const MAX_PAGING_VALUE = 2_147_483_647;

/** P-ERR-4: the largest request body, in bytes (1 MiB); a larger one is answered 413. */
export const MAX_BODY_BYTES = 1024 * 1024;
/** P-ERR-4: how much more of a refused body is discarded before the connection closes (16 MiB). */
export const DRAIN_BYTES = 16 * 1024 * 1024;
