/**
 * Random hex text for nonces (P-AUTH-3: a nonce is unique per consumer key within the window)
 * and run-unique names. The bytes come from the CSPRNG in 4 KiB refills: `randomBytes(12)` per
 * request cost about 3 µs (a call into OpenSSL each time); a slice of the pool costs a tenth.
 * Each byte of a refill is handed out once.
 */
import { randomBytes, randomFillSync } from "node:crypto";
import { KitError } from "../model/kit-error.js";

const POOL_BYTES = 4096;
const pool = Buffer.alloc(POOL_BYTES);
let used = POOL_BYTES;

/**
 * `bytes` random bytes as lower-case hex: `2 * bytes` characters. A count that is not a whole
 * number, 0 or more, is a `KitError` `OSK_INVALID_BYTE_COUNT` (it could hand out bytes twice).
 */
export function randomHex(bytes: number): string {
  if (!Number.isSafeInteger(bytes) || bytes < 0) throw new KitError("OSK_INVALID_BYTE_COUNT");
  if (bytes > POOL_BYTES) return randomBytes(bytes).toString("hex");
  if (used + bytes > POOL_BYTES) {
    randomFillSync(pool);
    used = 0;
  }
  const text = pool.toString("hex", used, used + bytes);
  used += bytes;
  return text;
}
