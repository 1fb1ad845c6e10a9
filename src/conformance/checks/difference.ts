/**
 * The first semantic difference between two JSON values under the readers' tolerance: object
 * member order never counts (RFC 8259 §4, P-FMT-3 rev. 4); at core a number matches its decimal
 * string and a boolean "true"/"false" (P-FMT-6); members the documents do not name (vendor
 * extensions) may be ignored. Arrays keep their order unless the caller says otherwise.
 */

import { escapeToken } from "../../model/json-pointer.js";
import { OPTIONAL_PERSON_FIELDS } from "../../model/resources.js";
import { type Leniency, valuesEqual } from "./compare.js";

/** Where two values differ. */
export interface Difference {
  /** RFC 6901 pointer into the values. */
  readonly pointer: string;
  readonly expected: unknown;
  readonly actual: unknown;
}

/** How to compare. */
interface DifferenceOptions {
  /** Accept the P-FMT-6 renderings (core), or record those a profile check tolerated (checks/compare.ts). */
  readonly lenient: Leniency;
  /** Members of `actual` to ignore when `expected` lacks them (names the documents leave open). */
  readonly ignoreExtra?: (name: string, pointer: string) => boolean;
  /** Also skip members `expected` has and `actual` lacks when `ignoreExtra` names them. */
  readonly bothWays?: boolean;
  /** Arrays at these pointers are compared as multisets (no order promised). */
  readonly unordered?: (pointer: string) => boolean;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === "object" && !Array.isArray(v);

/** The first difference of `actual` from `expected`, or undefined when they mean the same. */
export function firstDifference(
  expected: unknown,
  actual: unknown,
  opts: DifferenceOptions,
  pointer = "",
): Difference | undefined {
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return { pointer, expected, actual };
    if (opts.unordered?.(pointer)) {
      // Items with an id are paired by id, so a difference inside one is shown where it lies.
      const byId = new Map(actual.map((x, i) => [isObject(x) ? x.id : undefined, i] as const));
      for (const e of expected) {
        const i = isObject(e) && e.id !== undefined ? byId.get(e.id) : undefined;
        if (i === undefined) continue;
        const d = firstDifference(e, actual[i], opts, `${pointer}/${i}`);
        if (d) return d;
      }
      const rest = [...actual];
      for (const e of expected) {
        const i = rest.findIndex((a) => firstDifference(e, a, opts, pointer) === undefined);
        if (i < 0) return { pointer, expected, actual };
        rest.splice(i, 1);
      }
      return rest.length ? { pointer, expected, actual } : undefined;
    }
    for (let i = 0; i < Math.max(expected.length, actual.length); i++) {
      if (i >= expected.length || i >= actual.length)
        return { pointer: `${pointer}/${i}`, expected: expected[i], actual: actual[i] };
      const d = firstDifference(expected[i], actual[i], opts, `${pointer}/${i}`);
      if (d) return d;
    }
    return undefined;
  }
  if (isObject(expected)) {
    if (!isObject(actual)) return { pointer, expected, actual };
    for (const [k, v] of Object.entries(expected)) {
      const p = `${pointer}/${escapeToken(k)}`;
      if (!Object.hasOwn(actual, k)) {
        if (opts.bothWays && opts.ignoreExtra?.(k, p)) continue;
        return { pointer: p, expected: v, actual: undefined };
      }
      const d = firstDifference(v, actual[k], opts, p);
      if (d) return d;
    }
    for (const [k, v] of Object.entries(actual)) {
      if (Object.hasOwn(expected, k)) continue;
      const p = `${pointer}/${escapeToken(k)}`;
      if (!opts.ignoreExtra?.(k, p)) return { pointer: p, expected: undefined, actual: v };
    }
    return undefined;
  }
  return valuesEqual(expected, actual, opts.lenient) ? undefined : { pointer, expected, actual };
}

/** Member names social-api.md and profile.md give to response objects (the rest are extensions). */
export const KNOWN_MEMBERS: ReadonlySet<string> = new Set([
  "entry",
  "id",
  "startIndex",
  "itemsPerPage",
  "totalResults",
  "error",
  "code",
  "message",
  "nickname",
  "displayName",
  "updated",
  "hasApp",
  "thumbnailUrl",
  "isViewer",
  "isOwner",
  ...OPTIONAL_PERSON_FIELDS,
  "title",
  "caption",
  "description",
  "mediaItemCount",
  "ownerId",
  "mediaMimeType",
  "albumId",
  "fileSize",
  "url",
]);

/**
 * The extension members a reader ignores: in an application-data answer only at the top level
 * (its records are data: an extra key is a difference), elsewhere any member name the documents
 * do not give.
 */
export function extensionMembers(appdata: boolean): (name: string, pointer: string) => boolean {
  return appdata
    ? (name, pointer) => pointer.lastIndexOf("/") === 0 && !KNOWN_MEMBERS.has(name)
    : (name) => !KNOWN_MEMBERS.has(name);
}
