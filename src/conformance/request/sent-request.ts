/**
 * The record of a request a step sent, as the report keeps it (request-build.ts makes it): what
 * the curl line (curl.ts) and the reporters show, redacted (redact.ts).
 */

/** The request a step sent, secrets left out (for the report and the curl line). */
export interface SentRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  /** Body text, cut to 2,000 characters. */
  readonly body?: string;
  readonly bodyBytes: number;
  /**
   * The body's bytes in base64 when they are not UTF-8 (a body of at most 2,000 bytes): `body`
   * shows them with U+FFFD, and the curl line sends these instead.
   */
  readonly bodyBase64?: string;
  readonly http: "1.1" | "1.0";
  /** Only the first `after` bytes of the body were sent; the answer was awaited without the rest. */
  readonly held?: { readonly after: number; readonly chunked: boolean };
  /** The whole body was written before anything of the answer was read. */
  readonly writeFirst?: true;
}
