/**
 * A request as the transport sends it: method, path with query, headers and body bytes, built
 * from a case's step (request-build.ts) and sent by transport/.
 */

/** A request on the wire. */
export interface WireRequest {
  readonly method: string;
  /** Path and query, sent verbatim after the target's base path (transport/target-address.ts). */
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: Uint8Array;
}
