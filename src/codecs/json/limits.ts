/**
 * Bounds on JSON input, checked before `JSON.parse` so that hostile text costs linear time and
 * never overflows the stack.
 */
import { fail, issue, ok, type Result } from "../../model/issue.js";
import { limitOption } from "../limit-option.js";
import { jsonSyntaxMessage } from "./syntax-error.js";

/** Limits applied to JSON text. */
export interface JsonLimits {
  /** Longest accepted text, in UTF-16 code units (not bytes). Default 8 Mi (8,388,608). */
  maxLength?: number;
  /** Deepest accepted nesting of arrays and objects. Default 64. */
  maxDepth?: number;
}

const DEFAULT_JSON_LIMITS = { maxLength: 8 * 1024 * 1024, maxDepth: 64 } as const;

/** `text` itself, or a `too-large`/`too-deep` issue when it breaks a limit; scans it once. */
function checkJsonLimits(text: string, limits: JsonLimits = {}): Result<string> {
  const maxLength = limitOption("maxLength", limits.maxLength, DEFAULT_JSON_LIMITS.maxLength);
  const maxDepth = limitOption("maxDepth", limits.maxDepth, DEFAULT_JSON_LIMITS.maxDepth);
  if (text.length > maxLength) {
    return fail([
      issue("too-large", "", `JSON text of ${text.length} characters exceeds ${maxLength}`),
    ]);
  }
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > maxDepth) {
        return fail([issue("too-deep", "", `JSON nesting deeper than ${maxDepth}`)]);
      }
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return ok(text);
}

/**
 * `text` without one leading byte order mark (U+FEFF): RFC 8259 §8.1 forbids a sender one but
 * lets a parser ignore it. For readers that choose to (fromJson, local files); `parseJsonText`
 * itself does not, so that a server's answer with one is still reported.
 */
export function withoutBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** Parses JSON text within limits: the value, or the issue (`too-large`, `too-deep`, `not-json`). */
export function parseJsonText(text: string, limits: JsonLimits = {}): Result<unknown> {
  const limit = checkJsonLimits(text, limits);
  if (!limit.ok) return limit;
  try {
    return ok(JSON.parse(text) as unknown);
  } catch {
    return fail([issue("not-json", "", `not JSON: ${jsonSyntaxMessage(text)}`)]);
  }
}
