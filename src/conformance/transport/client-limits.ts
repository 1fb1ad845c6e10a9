/**
 * The limits of one exchange and their defaults, in a module of their own that imports nothing:
 * the CLI's option tables read the default timeout from here without loading the transport
 * (`--help` and a usage error stay as quick to start as `--version`).
 */

/** Limits of one exchange. */
export interface ClientLimits {
  readonly timeoutMs: number;
  readonly maxBodyBytes: number;
}

/** Default limits: 10 s, 4 MiB. */
export const DEFAULT_LIMITS: ClientLimits = { timeoutMs: 10_000, maxBodyBytes: 4 * 1024 * 1024 };

/**
 * The largest answer cap a run may set (`--max-answer-bytes`), 256 MiB: every answer a case reads
 * is held whole, `--concurrency` of them at once.
 */
export const LARGEST_ANSWER_BYTES = 256 * 1024 * 1024;

/**
 * The largest answer head (status line and header fields) either transport reads, 64 KiB: no
 * document bounds it, and a proxy's Content-Security-Policy and cookies can pass node:http's own
 * 16 KiB, which would end the exchange as if the server had closed the connection.
 */
export const ANSWER_HEAD_BYTES = 64 * 1024;
