/**
 * A `curl` command line that reproduces a request, with any consumer secret redacted where one
 * can appear (redact.ts). The OAuth signature sent is never shown (with the request's nonce,
 * timestamp and URL it would let anyone replay the request within the timestamp window): a
 * request the kit signed as the case meant is signed afresh by the line itself, with `openssl`
 * and the consumer secret from the environment (`OSK_CONSUMER_SECRET`), a new nonce (or the one
 * sent, for a case about a nonce used before) and the current time plus the case's skew; any
 * other signature stays redacted.
 */
import { redactRequest } from "./redact.js";
import { LINE_BODY_BYTES, RESIGN_MARKS, type Resign, type SentRequest } from "./sent-request.js";
import { hasUnsafe } from "./unsafe-text.js";

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

/**
 * The commands that write a filled body (sent-request.ts) to their output: the head, `length`
 * less the head's and the tail's bytes of the fill byte (zeros from /dev/zero turned into it by
 * `tr`), the tail; a 15 MiB body is written without being spelled out.
 */
function filledBodyCommands(
  filled: NonNullable<SentRequest["bodyFilled"]>,
  length: number,
): string {
  const head = Buffer.from(filled.head, "base64");
  const tail = Buffer.from(filled.tail, "base64");
  const run = length - head.length - tail.length;
  const octal = (b: number) => `\\${b.toString(8).padStart(3, "0")}`;
  return [
    "{",
    `printf ${quote(printfFormat(head))};`,
    `head -c ${run} /dev/zero | tr ${quote(octal(0))} ${quote(octal(filled.fill))};`,
    `printf ${quote(printfFormat(tail))};`,
    "}",
  ].join(" ");
}

/** The environment variable the line reads the consumer secret from. */
export const SECRET_VARIABLE = "OSK_CONSUMER_SECRET";

/** An awk program that writes decimal bytes (od -tu1) percent-encoded (RFC 5849 §3.6). */
const PERCENT_ENCODE_AWK =
  '{for(i=1;i<=NF;i++){c=$i+0; if((c>=48&&c<=57)||(c>=65&&c<=90)||(c>=97&&c<=122)||c==45||c==46||c==95||c==126) printf "%c", c; else printf "%%%02X", c}}';

/** `text` as one shell word, each mark in it the shell variable standing for its value. */
function withVariables(text: string): string {
  const variable: Record<string, string> = {
    [RESIGN_MARKS.nonce]: '"$n"',
    [RESIGN_MARKS.timestamp]: '"$t"',
    [RESIGN_MARKS.signature]: '"$s"',
  };
  return text
    .split(new RegExp(`(${Object.keys(variable).join("|")})`))
    .filter((piece) => piece !== "")
    .map((piece) => variable[piece] ?? quote(piece))
    .join("");
}

/**
 * The commands before curl that sign afresh: `n` the nonce, `t` the timestamp, `s` the
 * signature, percent-encoded (HMAC-SHA1 of the base string with the key `enc(secret)&`,
 * RFC 5849 §3.4.2, base64).
 */
function signingPrelude(r: Resign): string {
  const nonce = r.nonce === undefined ? "$(openssl rand -hex 12)" : quote(r.nonce);
  const offset = r.offsetS === 0 ? "" : `${r.offsetS > 0 ? "+" : "-"}${Math.abs(r.offsetS)}`;
  // the shell stops here, before anything is sent, when the variable is not set
  const check = `: "\${${SECRET_VARIABLE}:?set ${SECRET_VARIABLE} to the consumer secret}"`;
  // the key is the percent-encoded secret (RFC 5849 §3.6): every byte but the unreserved ones
  // as %XX, written by od and awk where the secret needs it
  const encoded = `$(printf %s "$${SECRET_VARIABLE}" | od -An -v -tu1 | awk '${PERCENT_ENCODE_AWK}')`;
  const key = r.encodeSecret ? `"$k&"` : `"$${SECRET_VARIABLE}&"`;
  return [
    check,
    ...(r.encodeSecret ? [`k=${encoded}`] : []),
    `n=${nonce}`,
    offset === "" ? "t=$(date +%s)" : `t=$(($(date +%s)${offset}))`,
    `s=$(printf %s ${withVariables(r.base)} | openssl dgst -sha1 -hmac ${key} -binary | base64 | sed 's/+/%2B/g;s|/|%2F|g;s/=/%3D/g')`,
  ]
    .map((command) => `${command} && `)
    .join("");
}

/** The curl line for `req`. */
export function curlLine(sent: SentRequest, secrets: readonly string[] = []): string {
  const req = redactRequest(sent, secrets);
  // HEAD as `-I`: with `-X HEAD` curl waits for the Content-Length bytes a HEAD answer never
  // carries (RFC 9110 §9.3.2), and the pasted line hangs.
  // A body that is not UTF-8 (kept as bytes, sent-request.ts) is piped in by printf, byte for
  // byte; redactRequest keeps the bytes only where the text needed no redaction. So is a text
  // body holding a line break or another character a report escapes (unsafe-text.ts): quoted
  // as it is, the console would show the escape, and a pasted line would send it.
  const raw =
    req.bodyBase64 !== undefined
      ? Buffer.from(req.bodyBase64, "base64")
      : req.body !== undefined && req.bodyBytes <= LINE_BODY_BYTES && hasUnsafe(req.body)
        ? Buffer.from(req.body, "utf8")
        : undefined;
  const parts: string[] = [];
  if (raw) parts.push("printf", quote(printfFormat(raw)), "|");
  else if (req.bodyFilled) parts.push(filledBodyCommands(req.bodyFilled, req.bodyBytes), "|");
  parts.push("curl", "-sS", req.method === "HEAD" ? "-I" : "-i");
  if (req.http === "1.0") parts.push("--http1.0");
  if (req.method !== "GET" && req.method !== "HEAD") parts.push("-X", req.method);
  parts.push(quote(req.url));
  for (const [k, v] of Object.entries(req.headers))
    parts.push(
      "-H",
      req.resign && k.toLowerCase() === "authorization"
        ? withVariables(`${k}: ${req.resign.authorization}`)
        : quote(`${k}: ${v}`),
    );
  if (raw || req.bodyFilled) parts.push("--data-binary", "@-");
  else if (req.body !== undefined) {
    if (req.bodyBytes > LINE_BODY_BYTES)
      parts.push("--data-binary", quote(`<${req.bodyBytes} bytes, see the case>`));
    else parts.push("--data-binary", quote(req.body));
  }
  // curl cannot hold a body back; the comment says what the kit sent instead.
  if (req.held)
    parts.push(
      `# the kit sent only the first ${req.held.after} bytes of the body${req.held.chunked ? " (chunked)" : ""}, then waited for the answer`,
    );
  // a request signed afresh: the signing commands first, then the request
  return (req.resign ? signingPrelude(req.resign) : "") + parts.join(" ");
}
