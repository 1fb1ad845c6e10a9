/** Default limits of the HTTP adapter (P-ERR-4). */
import { DRAIN_BYTES, MAX_BODY_BYTES } from "../../model/limits.js";
import type { HttpLimits } from "../types.js";

/** The defaults; `createServer({ limits })` overrides any of them. */
export const DEFAULT_LIMITS: HttpLimits = {
  maxBodyBytes: MAX_BODY_BYTES,
  drainBytes: DRAIN_BYTES,
  maxUrlBytes: 8 * 1024,
  maxHeaderBytes: 16 * 1024,
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
};
