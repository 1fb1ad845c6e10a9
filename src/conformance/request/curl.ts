/**
 * A `curl` command line that reproduces a request, with secrets redacted: the OAuth signature
 * (which would let anyone replay the request within the timestamp window) and any consumer
 * secret that appears anywhere.
 */
import type { SentRequest } from "../run/results.js";

const REDACTED = "REDACTED";

function quote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

/** Redacts signatures and the given secrets in `text`. */
export function redact(text: string, secrets: readonly string[] = []): string {
  let out = text
    .replace(/(oauth_signature=")[^"]*(")/g, `$1${REDACTED}$2`)
    .replace(/(oauth_signature=)(?!")[^&\s'"]*/g, `$1${REDACTED}`);
  for (const s of secrets) if (s.length >= 4) out = out.split(s).join(REDACTED);
  return out;
}

/** The curl line for `req`. */
export function curlLine(req: SentRequest, secrets: readonly string[] = []): string {
  const parts = ["curl", "-sS", "-i"];
  if (req.http === "1.0") parts.push("--http1.0");
  if (req.method !== "GET") parts.push("-X", req.method);
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
  return redact(parts.join(" "), secrets);
}
