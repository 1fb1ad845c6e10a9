/** Default limits of the HTTP adapter (P-ERR-4). */
import type { HttpLimits } from "../types.js";

/** The defaults; `createServer({ limits })` overrides any of them. */
export const DEFAULT_LIMITS: HttpLimits = {
  maxBodyBytes: 1024 * 1024,
  drainBytes: 16 * 1024 * 1024,
  maxUrlBytes: 8 * 1024,
  maxHeaderBytes: 16 * 1024,
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
};
