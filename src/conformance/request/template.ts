/**
 * Placeholders in case strings (README-writing-cases.md): `{viewer}` and the other roles,
 * `{viewer.bare}` (the value without its namespace, P-AUTH-4), `{namespace}`, `{unknownUser}`,
 * `{unique}` (a per-run token for keys no other case touches), `{uniqueDigits}` (eight digits
 * from the same token, for integer-like keys), `{$name}` / `{$name.0.id}`
 * (values captured by earlier steps) and `{#/pointer}` (the count of the array or object at a
 * pointer of the current response).
 */
import { parsePlatformId } from "../../model/ids.js";
import { escapeToken } from "../../model/json-pointer.js";
import { evaluatePointer } from "../checks/pointer/evaluate.js";

/** Everything a placeholder can name. */
export interface TemplateContext {
  /** Role or synthetic name (`unknownUser`) → full platformUserId. */
  readonly users: Readonly<Record<string, string>>;
  readonly namespace: string;
  readonly unique: string;
  readonly captures: ReadonlyMap<string, unknown>;
  /** The current response body (for `{#/pointer}`), when there is one. */
  readonly body?: unknown;
}

/** A placeholder the context cannot fill. */
export class PlaceholderError extends Error {
  override readonly name = "PlaceholderError";
}

const PLACEHOLDER = /\{(\$?[A-Za-z][A-Za-z0-9_.-]*|#(?:\/[^{}]*)?)\}/g;
const WHOLE = /^\{(\$?[A-Za-z][A-Za-z0-9_.-]*|#(?:\/[^{}]*)?)\}$/;

/** The names of roles a string refers to (for role resolution before a run). */
export function placeholderNames(text: string): string[] {
  return [...text.matchAll(PLACEHOLDER)].map((m) => m[1] ?? "");
}

/** Eight decimal digits derived from the unique token (for integer-like keys, P-FMT-3). */
function uniqueDigits(unique: string): string {
  let h = 0;
  for (const ch of unique) h = (h * 31 + (ch.codePointAt(0) ?? 0)) % 100_000_000;
  return String(h).padStart(8, "0");
}

/** Resolves one placeholder name to its value. Throws {@link PlaceholderError}. */
export function lookup(name: string, ctx: TemplateContext): unknown {
  if (name.startsWith("#")) {
    const found = evaluatePointer(ctx.body, name.slice(1));
    const v = found.matches[0]?.value;
    if (Array.isArray(v)) return v.length;
    if (v !== null && typeof v === "object") return Object.keys(v).length;
    throw new PlaceholderError(`{${name}}: no array or object at ${name.slice(1) || "/"}`);
  }
  if (name.startsWith("$")) {
    const [cap = "", ...path] = name.slice(1).split(".");
    if (!ctx.captures.has(cap)) throw new PlaceholderError(`{${name}}: nothing captured as ${cap}`);
    let v: unknown = ctx.captures.get(cap);
    for (const seg of path) {
      if (v !== null && typeof v === "object" && Object.hasOwn(v, seg)) {
        v = (v as Record<string, unknown>)[seg];
      } else {
        throw new PlaceholderError(`{${name}}: captured ${cap} has no ${seg}`);
      }
    }
    return v;
  }
  if (name === "unique") return ctx.unique;
  if (name === "uniqueDigits") return uniqueDigits(ctx.unique);
  if (name === "namespace") return ctx.namespace;
  const [who = "", form] = name.split(".");
  const id = ctx.users[who];
  if (id === undefined) throw new PlaceholderError(`{${name}}: unknown placeholder or role`);
  if (form === undefined) return id;
  if (form === "bare") return parsePlatformId(id)?.value ?? id;
  throw new PlaceholderError(`{${name}}: unknown form ${form}`);
}

/** Fills the placeholders of a string; a string that is one placeholder keeps the value's type. */
export function fillString(text: string, ctx: TemplateContext): unknown {
  const whole = WHOLE.exec(text);
  if (whole) return lookup(whole[1] ?? "", ctx);
  return text.replace(PLACEHOLDER, (_m, name: string) => {
    const v = lookup(name, ctx);
    return typeof v === "string" ? v : JSON.stringify(v);
  });
}

/**
 * Fills the placeholders of a JSON Pointer (a check's or a capture's): each value filled in is
 * the text of one token, escaped as RFC 6901 §3 says (`~` as `~0`, `/` as `~1`), so an id
 * holding `~` names one member, not a broken path.
 */
export function fillPointer(text: string, ctx: TemplateContext): string {
  return text.replace(PLACEHOLDER, (_m, name: string) => {
    const v = lookup(name, ctx);
    return escapeToken(typeof v === "string" ? v : JSON.stringify(v));
  });
}

/** Fills a string and requires a string result. */
export function fillText(text: string, ctx: TemplateContext): string {
  const v = fillString(text, ctx);
  return typeof v === "string" ? v : typeof v === "number" ? String(v) : JSON.stringify(v);
}

/** Fills every string (property names included) of a JSON-like value. */
export function fill(value: unknown, ctx: TemplateContext): unknown {
  if (typeof value === "string") return fillString(value, ctx);
  if (Array.isArray(value)) return value.map((v) => fill(v, ctx));
  if (value !== null && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[fillText(k, ctx)] = fill(v, ctx);
    return out;
  }
  return value;
}
