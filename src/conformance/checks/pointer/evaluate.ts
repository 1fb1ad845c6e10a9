/**
 * RFC 6901 JSON Pointers with three extensions for checks: the token `*` maps over every
 * element of an array (or value of an object), `@one` unwraps a one-element array (so that a
 * core check accepts an object or a one-element array, P-PEOPLE-1), `[member=value]` keeps
 * the array elements whose member equals the text (e.g. `/entry/[id=example.org:album-1]`), and
 * `[member!=value]` those whose member is absent or differs (`/entry/[mediaItemCount!=0]/id`:
 * an album with photos, or any album of a server that leaves the count out).
 *
 * So that no check passes vacuously, an evaluation also reports where the path broke before
 * its last token (`broken`: a missing parent, a `*` over a non-container, a `[…]` over a
 * non-array, a name under an array) and where `*` or `[…]` met an empty container (`empty`).
 */

import { escapeToken, pointerOf, pointerTokens } from "../../../model/json-pointer.js";

const SELECT = /^\[([A-Za-z0-9_]+)(!?=)(.*)\]$/;

/** A value found at a concrete pointer. */
export interface Located {
  readonly pointer: string;
  readonly value: unknown;
}

/** What a pointer found: the values, and the concrete pointers where the path broke. */
interface Evaluation {
  readonly matches: Located[];
  readonly missing: string[];
  /** Breaks that make even `absent` meaningless: the parent of the last token is not there. */
  readonly broken: string[];
  /** `*` or `[member=value]` (`!=`) over an empty array or object (nothing to check). */
  readonly empty: string[];
}

/** True when the pointer maps over elements (`*`). */
export function hasWildcard(pointer: string): boolean {
  return pointerTokens(pointer).includes("*");
}

function child(value: unknown, token: string): { ok: true; value: unknown } | { ok: false } {
  if (Array.isArray(value)) {
    if (!/^(0|[1-9][0-9]*)$/.test(token)) return { ok: false };
    const i = Number(token);
    return i < value.length ? { ok: true, value: value[i] } : { ok: false };
  }
  if (value !== null && typeof value === "object" && Object.hasOwn(value, token)) {
    return { ok: true, value: (value as Record<string, unknown>)[token] };
  }
  return { ok: false };
}

function isContainer(v: unknown): v is object {
  return v !== null && typeof v === "object";
}

/** Evaluates `pointer` against `doc`. */
export function evaluatePointer(doc: unknown, pointer: string): Evaluation {
  let states: Located[] = [{ pointer: "", value: doc }];
  const missing: string[] = [];
  const broken: string[] = [];
  const empty: string[] = [];
  const tokens = pointerTokens(pointer);
  tokens.forEach((token, index) => {
    const last = index === tokens.length - 1;
    const next: Located[] = [];
    /** A missing value; before the last token, or a wrong kind of parent, it breaks the path. */
    const miss = (where: string, wrongKind: boolean) => {
      missing.push(where);
      if (!last || wrongKind) broken.push(where);
    };
    for (const s of states) {
      if (token === "*") {
        if (Array.isArray(s.value)) {
          if (s.value.length === 0) empty.push(s.pointer || "/");
          s.value.forEach((v, i) => {
            next.push({ pointer: `${s.pointer}/${i}`, value: v });
          });
        } else if (isContainer(s.value)) {
          const entries = Object.entries(s.value);
          if (entries.length === 0) empty.push(s.pointer || "/");
          for (const [k, v] of entries)
            next.push({ pointer: `${s.pointer}/${escapeToken(k)}`, value: v });
        } else miss(`${s.pointer}/* (${kindOf(s.value)}, not an array or object)`, true);
      } else if (SELECT.test(token)) {
        const [, member = "", op = "=", want = ""] = SELECT.exec(token) ?? [];
        const where = `${s.pointer}/[${member}${op}${want}]`;
        if (!Array.isArray(s.value)) {
          miss(`${where} (${kindOf(s.value)}, not an array)`, true);
          continue;
        }
        if (s.value.length === 0) empty.push(s.pointer || "/");
        const before = next.length;
        s.value.forEach((v, i) => {
          if (!isContainer(v)) return;
          const m = (v as Record<string, unknown>)[member];
          const equal = m !== undefined && String(m) === want;
          if (op === "=" ? equal : !equal) next.push({ pointer: `${s.pointer}/${i}`, value: v });
        });
        if (next.length === before) miss(where, false);
      } else if (token === "@one") {
        if (Array.isArray(s.value)) {
          if (s.value.length === 1) next.push({ pointer: `${s.pointer}/0`, value: s.value[0] });
          else miss(`${s.pointer} (an array of ${s.value.length}, not one element)`, true);
        } else if (isContainer(s.value)) next.push(s);
        else miss(s.pointer, true);
      } else {
        const c = child(s.value, token);
        const p = `${s.pointer}/${escapeToken(token)}`;
        if (c.ok) next.push({ pointer: p, value: c.value });
        else {
          const index = /^(0|[1-9][0-9]*)$/.test(token);
          const fits = Array.isArray(s.value) ? index : isContainer(s.value);
          miss(
            isContainer(s.value) ? p : `${p} (${kindOf(s.value)} at ${s.pointer || "/"})`,
            !fits,
          );
        }
      }
    }
    states = next;
  });
  return { matches: states, missing, broken, empty };
}

function kindOf(v: unknown): string {
  if (v === undefined) return "nothing";
  if (v === null) return "null";
  return Array.isArray(v) ? "an array" : typeof v === "object" ? "an object" : `a ${typeof v}`;
}

/**
 * The nearest ancestor of `pointer` (a concrete one, or one with `*`, `@one` or `[…]`) that
 * `doc` has, and its value: where a reader looks when a member is missing. The root at worst.
 */
export function nearestExisting(doc: unknown, pointer: string): Located {
  const tokens = pointerTokens(pointer);
  for (let n = tokens.length - 1; n > 0; n--) {
    const found = evaluatePointer(doc, pointerOf(tokens.slice(0, n))).matches[0];
    if (found) return found;
  }
  return { pointer: "", value: doc };
}
