/**
 * A request as the transport sends it: method, path with query, headers and body bytes, built
 * from a case's step (request-build.ts) and sent by transport/.
 */

import type { BodyBytes } from "./body-bytes.js";

/** A request on the wire. */
export interface WireRequest {
  readonly method: string;
  /** Path and query, sent verbatim after the target's base path (transport/target-address.ts). */
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
  /** Held whole, or a large body described, never held (body-bytes.ts). */
  readonly body?: BodyBytes;
}
