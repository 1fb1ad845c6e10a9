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

/**
 * A POSIX `printf` format that writes `bytes` exactly: printable ASCII as itself (`%` and `\`
 * doubled), every other byte as a three-digit octal escape. A leading `-` is escaped too: a
 * format that starts with `-` is read by printf as an option.
 */
function printfFormat(bytes: Uint8Array): string {
  let out = "";
  for (const b of bytes) {
    if (b === 0x25) out += "%%";
    else if (b === 0x5c) out += "\\\\";
    else if (b === 0x2d && out === "") out += "\\055";
    else if (b >= 0x20 && b < 0x7f) out += String.fromCharCode(b);
    else out += `\\${b.toString(8).padStart(3, "0")}`;
  }
  return out;
}

/** The curl line for `req`. */
export function curlLine(sent: SentRequest, secrets: readonly string[] = []): string {
  const req = redactRequest(sent, secrets);
  // HEAD as `-I`: with `-X HEAD` curl waits for the Content-Length bytes a HEAD answer never
  // carries (RFC 9110 §9.3.2), and the pasted line hangs.
  // A body that is not UTF-8 (kept as bytes, sent-request.ts) is piped in by printf, byte for
  // byte; redactRequest keeps the bytes only where the text needed no redaction.
  const raw = req.bodyBase64 === undefined ? undefined : Buffer.from(req.bodyBase64, "base64");
  const parts = raw ? ["printf", quote(printfFormat(raw)), "|"] : [];
  parts.push("curl", "-sS", req.method === "HEAD" ? "-I" : "-i");
  if (req.http === "1.0") parts.push("--http1.0");
  if (req.method !== "GET" && req.method !== "HEAD") parts.push("-X", req.method);
  parts.push(quote(req.url));
  for (const [k, v] of Object.entries(req.headers)) parts.push("-H", quote(`${k}: ${v}`));
  if (raw) parts.push("--data-binary", "@-");
  else if (req.body !== undefined) {
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
