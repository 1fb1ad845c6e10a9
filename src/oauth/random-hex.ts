/**
 * Random hex text for nonces (P-AUTH-3: a nonce is unique per consumer key within the window)
 * and run-unique names. The bytes come from the CSPRNG in 4 KiB refills: `randomBytes(12)` per
 * request cost about 3 µs (a call into OpenSSL each time); a slice of the pool costs a tenth.
 */
import { randomBytes, randomFillSync } from "node:crypto";

const POOL_BYTES = 4096;
const pool = Buffer.alloc(POOL_BYTES);
let used = POOL_BYTES;

/** `bytes` (a non-negative integer) random bytes as lower-case hex: `2 * bytes` characters. */
export function randomHex(bytes: number): string {
  if (bytes > POOL_BYTES) return randomBytes(bytes).toString("hex");
  if (used + bytes > POOL_BYTES) {
    randomFillSync(pool);
    used = 0;
  }
  const text = pool.toString("hex", used, used + bytes);
  used += bytes;
  return text;
}
