/**
 * Placeholders in case strings (README-writing-cases.md): `{viewer}` and the other roles,
 * `{viewer.bare}` (the value without its namespace, P-AUTH-4), `{namespace}`, `{unknownUser}`,
 * `{unique}` (a per-run token for keys no other case touches), `{uniqueDigits}` (eight digits
 * from the same token, for integer-like keys), `{$name}` / `{$name.0.id}`
 * (values captured by earlier steps) and `{#/pointer}` (the count of the array or object at a
 * pointer of the current response). Filling returns the value or, for a placeholder the context
 * cannot fill, a coded case problem (case-problems.ts): never a throw.
 */
import { parsePlatformId } from "../../model/ids.js";
import { escapeToken } from "../../model/json-pointer.js";
import { PLACEHOLDER, WHOLE_PLACEHOLDER } from "../suite/placeholders.js";
import type { CaseOutcome, CaseProblem } from "./case-problems.js";

/** Everything a placeholder can name. */
export interface TemplateContext {
  /** Role or synthetic name (`unknownUser`) → full platformUserId. */
  readonly users: Readonly<Record<string, string>>;
  readonly namespace: string;
  readonly unique: string;
  readonly captures: ReadonlyMap<string, unknown>;
  /**
   * The value at a pointer of the current response body, for `{#/pointer}`, when there is a
   * body: the checks give it, reading the pointer in their language (checks/json-pointer.ts).
   */
  readonly valueAt?: (pointer: string) => unknown;
}

/** Eight decimal digits derived from the unique token (for integer-like keys, P-FMT-3). */
function uniqueDigits(unique: string): string {
  let h = 0;
  for (const ch of unique) h = (h * 31 + (ch.codePointAt(0) ?? 0)) % 100_000_000;
  return String(h).padStart(8, "0");
}

/** A value filled in, as the outcome the template functions return. */
const ok = <T>(value: T): CaseOutcome<T> => ({ ok: true, value });

/** Why a placeholder cannot be filled, as the outcome the template functions return. */
const cannot = (problem: CaseProblem): CaseOutcome<never> => ({ ok: false, problem });

/** Resolves one placeholder name to its value, or says why it cannot be filled. */
export function lookup(name: string, ctx: TemplateContext): CaseOutcome<unknown> {
  if (name.startsWith("#")) {
    const v = ctx.valueAt?.(name.slice(1));
    if (Array.isArray(v)) return ok(v.length);
    if (v !== null && typeof v === "object") return ok(Object.keys(v).length);
    return cannot({ code: "placeholder-no-count", placeholder: name, pointer: name.slice(1) });
  }
  if (name.startsWith("$")) {
    const [cap = "", ...path] = name.slice(1).split(".");
    if (!ctx.captures.has(cap))
      return cannot({ code: "placeholder-not-captured", placeholder: name, capture: cap });
    let v: unknown = ctx.captures.get(cap);
    for (const seg of path) {
      if (v !== null && typeof v === "object" && Object.hasOwn(v, seg)) {
        v = (v as Record<string, unknown>)[seg];
      } else {
        return cannot({
          code: "placeholder-no-member",
          placeholder: name,
          capture: cap,
          member: seg,
        });
      }
    }
    return ok(v);
  }
  if (name === "unique") return ok(ctx.unique);
  if (name === "uniqueDigits") return ok(uniqueDigits(ctx.unique));
  if (name === "namespace") return ok(ctx.namespace);
  const [who = "", form] = name.split(".");
  const id = ctx.users[who];
  if (id === undefined) return cannot({ code: "placeholder-unknown", placeholder: name });
  if (form === undefined) return ok(id);
  if (form === "bare") return ok(parsePlatformId(id)?.value ?? id);
  return cannot({ code: "placeholder-form", placeholder: name, form });
}

/**
 * Fills every placeholder of `text`, each value turned into text by `show`; the first that cannot
 * be filled stops it.
 */
function replaceAll(
  text: string,
  ctx: TemplateContext,
  show: (v: unknown) => string,
): CaseOutcome<string> {
  if (!text.includes("{")) return ok(text);
  let out = "";
  let last = 0;
  for (const m of text.matchAll(PLACEHOLDER)) {
    const v = lookup(m[1] ?? "", ctx);
    if (!v.ok) return v;
    out += text.slice(last, m.index) + show(v.value);
    last = m.index + m[0].length;
  }
  return ok(out + text.slice(last));
}

/** A filled-in value as text: a string as it is, anything else as JSON. */
const asText = (v: unknown): string => (typeof v === "string" ? v : JSON.stringify(v));

/** Fills the placeholders of a string; a string that is one placeholder keeps the value's type. */
function fillString(text: string, ctx: TemplateContext): CaseOutcome<unknown> {
  const whole = WHOLE_PLACEHOLDER.exec(text);
  if (whole) return lookup(whole[1] ?? "", ctx);
  return replaceAll(text, ctx, asText);
}

/**
 * Fills the placeholders of a JSON Pointer (a check's or a capture's): each value filled in is
 * the text of one token, escaped as RFC 6901 §3 says (`~` as `~0`, `/` as `~1`), so an id
 * holding `~` names one member, not a broken path.
 */
export function fillPointer(text: string, ctx: TemplateContext): CaseOutcome<string> {
  return replaceAll(text, ctx, (v) => escapeToken(asText(v)));
}

/** Fills a string and requires a string result. */
export function fillText(text: string, ctx: TemplateContext): CaseOutcome<string> {
  const v = fillString(text, ctx);
  if (!v.ok) return v;
  return ok(
    typeof v.value === "string"
      ? v.value
      : typeof v.value === "number"
        ? String(v.value)
        : JSON.stringify(v.value),
  );
}

/** How {@link fillWith} makes a filled value: an object, an array, a filled-in value. */
export interface FilledShape<T> {
  /** An object from its filled members, in order. */
  object(members: [string, T][]): T;
  /** An array from its filled items. */
  array(items: T[]): T;
  /** A value filled in for a placeholder, or a number, boolean or null of the source. */
  value(v: unknown): T;
}

/** Fills every string (property names included) of a JSON-like value, in document order. */
export function fillWith<T>(
  value: unknown,
  ctx: TemplateContext,
  shape: FilledShape<T>,
): CaseOutcome<T> {
  if (typeof value === "string") {
    const v = fillString(value, ctx);
    return v.ok ? ok(shape.value(v.value)) : v;
  }
  if (Array.isArray(value)) {
    const out: T[] = [];
    for (const item of value) {
      const v = fillWith(item, ctx, shape);
      if (!v.ok) return v;
      out.push(v.value);
    }
    return ok(shape.array(out));
  }
  if (value !== null && typeof value === "object") {
    const members: [string, T][] = [];
    for (const [k, item] of Object.entries(value)) {
      const key = fillText(k, ctx);
      if (!key.ok) return key;
      const v = fillWith(item, ctx, shape);
      if (!v.ok) return v;
      members.push([key.value, v.value]);
    }
    return ok(shape.object(members));
  }
  return ok(shape.value(value));
}

/** Plain JSON-like values: objects as plain objects (a later member of the same name wins). */
const PLAIN: FilledShape<unknown> = {
  object(members) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of members) out[k] = v;
    return out;
  },
  array: (items) => items,
  value: (v) => v,
};

/** Fills every string (property names included) of a JSON-like value. */
export function fill(value: unknown, ctx: TemplateContext): CaseOutcome<unknown> {
  return fillWith(value, ctx, PLAIN);
}

/** Fills many case strings and values in turn, keeping the first problem (see {@link caseFiller}). */
export interface CaseFiller {
  /** `text` filled as {@link fillText} does, or `""` once anything could not be filled. */
  text(text: string): string;
  /** `value` filled as {@link fill} does, or `undefined` once anything could not be filled. */
  value(value: unknown): unknown;
  /** Keeps `problem` (unless one is kept already): what the case asks cannot be done. */
  fail(problem: CaseProblem): void;
  /** The first problem met, if any: what was made after it is to be set aside. */
  readonly problem: CaseProblem | undefined;
}

/**
 * A filler for code that makes one thing from many case strings (a request's path, query,
 * headers and body; a check's expected values): each is filled in turn, and the caller asks once
 * done whether one could not be, instead of after each.
 */
export function caseFiller(ctx: TemplateContext): CaseFiller {
  let problem: CaseProblem | undefined;
  const take = <T>(made: () => CaseOutcome<T>, none: T): T => {
    if (problem) return none;
    const v = made();
    if (v.ok) return v.value;
    problem = v.problem;
    return none;
  };
  return {
    text: (text) => take(() => fillText(text, ctx), ""),
    value: (value) => take(() => fill(value, ctx), undefined),
    fail(p) {
      problem ??= p;
    },
    get problem() {
      return problem;
    },
  };
}
