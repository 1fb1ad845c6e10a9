/**
 * RFC 6901 JSON Pointers with three extensions for checks: the token `*` maps over every
 * element of an array (or value of an object), `@one` unwraps a one-element array (so that a
 * core check accepts an object or a one-element array, P-PEOPLE-1), and `[member=value]` keeps
 * the array elements whose member equals the text (e.g. `/entry/[id=example.org:album-1]`).
 */

const SELECT = /^\[([A-Za-z0-9_]+)=(.*)\]$/;

/** A value found at a concrete pointer. */
export interface Located {
  readonly pointer: string;
  readonly value: unknown;
}

/** What a pointer found: the values, and the concrete pointers where the path broke. */
export interface Evaluation {
  readonly matches: Located[];
  readonly missing: string[];
}

/** Escapes one reference token. */
export function escapeToken(token: string): string {
  return token.replace(/~/g, "~0").replace(/\//g, "~1");
}

function unescapeToken(token: string): string {
  return token.replace(/~1/g, "/").replace(/~0/g, "~");
}

/** Splits a pointer into tokens (`""` → none). */
export function pointerTokens(pointer: string): string[] {
  if (pointer === "") return [];
  return pointer.slice(1).split("/").map(unescapeToken);
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

/** Evaluates `pointer` against `doc`. */
export function evaluatePointer(doc: unknown, pointer: string): Evaluation {
  let states: Located[] = [{ pointer: "", value: doc }];
  const missing: string[] = [];
  for (const token of pointerTokens(pointer)) {
    const next: Located[] = [];
    for (const s of states) {
      if (token === "*") {
        if (Array.isArray(s.value)) {
          s.value.forEach((v, i) => {
            next.push({ pointer: `${s.pointer}/${i}`, value: v });
          });
        } else if (s.value !== null && typeof s.value === "object") {
          for (const [k, v] of Object.entries(s.value))
            next.push({ pointer: `${s.pointer}/${escapeToken(k)}`, value: v });
        } else missing.push(`${s.pointer}/*`);
      } else if (SELECT.test(token)) {
        const [, member = "", want = ""] = SELECT.exec(token) ?? [];
        const list = Array.isArray(s.value) ? s.value : [];
        list.forEach((v, i) => {
          const m =
            v !== null && typeof v === "object"
              ? (v as Record<string, unknown>)[member]
              : undefined;
          if (m !== undefined && String(m) === want)
            next.push({ pointer: `${s.pointer}/${i}`, value: v });
        });
        if (!next.length) missing.push(`${s.pointer}/[${member}=${want}]`);
      } else if (token === "@one") {
        if (Array.isArray(s.value)) {
          if (s.value.length === 1) next.push({ pointer: `${s.pointer}/0`, value: s.value[0] });
          else missing.push(`${s.pointer} (an array of ${s.value.length}, not one element)`);
        } else if (s.value !== null && typeof s.value === "object") next.push(s);
        else missing.push(s.pointer);
      } else {
        const c = child(s.value, token);
        const p = `${s.pointer}/${escapeToken(token)}`;
        if (c.ok) next.push({ pointer: p, value: c.value });
        else missing.push(p);
      }
    }
    states = next;
  }
  return { matches: states, missing };
}
