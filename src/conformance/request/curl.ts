/**
 * A `curl` command line that reproduces a request, with the OAuth signature (which would let
 * anyone replay the request within the timestamp window) and any consumer secret redacted where
 * one can appear (redact.ts).
 */
import { redactRequest } from "./redact.js";
import type { SentRequest } from "./sent-request.js";

function quote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

/** The curl line for `req`. */
export function curlLine(sent: SentRequest, secrets: readonly string[] = []): string {
  const req = redactRequest(sent, secrets);
  // HEAD as `-I`: with `-X HEAD` curl waits for the Content-Length bytes a HEAD answer never
  // carries (RFC 9110 §9.3.2), and the pasted line hangs.
  const parts = ["curl", "-sS", req.method === "HEAD" ? "-I" : "-i"];
  if (req.http === "1.0") parts.push("--http1.0");
  if (req.method !== "GET" && req.method !== "HEAD") parts.push("-X", req.method);
  parts.push(quote(req.url));
  for (const [k, v] of Object.entries(req.headers)) parts.push("-H", quote(`${k}: ${v}`));
  if (req.body !== undefined) {
    if (req.bodyBytes > 2000)
      parts.push("--data-binary", quote(`<${req.bodyBytes} bytes, see the case>`));
    else parts.push("--data-binary", quote(req.body));
  }
  // curl cannot hold a body back; the comment says what the kit sent instead.
  if (req.held)
    parts.push(
      `# the kit sent only the first ${req.held.after} bytes of the body${req.held.chunked ? " (chunked)" : ""}, then waited for the answer`,
    );
  return parts.join(" ");
}
