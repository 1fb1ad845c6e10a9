/**
 * Structured request logs: one JSON object per answered request, with nothing a
 * client could use to replay or sign (no query string, so no `oauth_signature` sent there; no
 * header values, so no `Authorization`; no body).
 */
import type { ServerRequest, ServerResponse } from "./types.js";

/** One request as logged. */
export interface RequestLogEntry {
  /** ISO 8601 time the request was answered. */
  time: string;
  method: string;
  /** The path as sent, without the query string. */
  path: string;
  status: number;
  /** Milliseconds from the complete request to the response. */
  ms: number;
  bytesIn: number;
  bytesOut: number;
}

/** The log entry of `req` answered with `res` after `ms` milliseconds. */
export function requestLogEntry(
  req: ServerRequest,
  res: ServerResponse,
  ms: number,
): RequestLogEntry {
  const q = req.url.indexOf("?");
  return {
    time: new Date().toISOString(),
    method: req.method,
    path: q < 0 ? req.url : req.url.slice(0, q),
    status: res.status,
    ms: Math.round(ms * 1000) / 1000,
    bytesIn: req.body.length,
    bytesOut: res.body.length,
  };
}

/** Writes each entry as one JSON line to `out` (default stdout). */
export function jsonLinesLog(
  out: { write(line: string): unknown } = process.stdout,
): (entry: RequestLogEntry) => void {
  return (entry) => out.write(`${JSON.stringify(entry)}\n`);
}
