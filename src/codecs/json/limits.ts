/**
 * Bounds on JSON input, checked before `JSON.parse` so that hostile text costs linear time and
 * never overflows the stack.
 */
import type { Issue } from "../../model/issue.js";

/** Limits applied to JSON text. */
export interface JsonLimits {
  /** Longest accepted text, in UTF-16 code units. Default 8 MiB. */
  maxLength?: number;
  /** Deepest accepted nesting of arrays and objects. Default 64. */
  maxDepth?: number;
}

export const DEFAULT_JSON_LIMITS = { maxLength: 8 * 1024 * 1024, maxDepth: 64 } as const;

/** Returns an issue when `text` breaks a limit, scanning it once. */
export function checkJsonLimits(text: string, limits: JsonLimits = {}): Issue | undefined {
  const maxLength = limits.maxLength ?? DEFAULT_JSON_LIMITS.maxLength;
  const maxDepth = limits.maxDepth ?? DEFAULT_JSON_LIMITS.maxDepth;
  if (text.length > maxLength) {
    return {
      code: "too-large",
      pointer: "",
      message: `JSON text of ${text.length} characters exceeds ${maxLength}`,
    };
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
        return { code: "too-deep", pointer: "", message: `JSON nesting deeper than ${maxDepth}` };
      }
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return undefined;
}

/** Parses JSON text within limits: the value, or one issue. */
export function parseJsonText(
  text: string,
  limits: JsonLimits = {},
): { ok: true; value: unknown } | { ok: false; issue: Issue } {
  const limit = checkJsonLimits(text, limits);
  if (limit) return { ok: false, issue: limit };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (e) {
    return {
      ok: false,
      issue: { code: "not-json", pointer: "", message: `not JSON: ${(e as Error).message}` },
    };
  }
}
