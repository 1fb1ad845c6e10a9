/**
 * JSON rewrites a correct server's responses may undergo and still conform:
 * member order, extra unknown members, §2's string renderings, entry order where no order is
 * promised, and a user with no keys listed with an empty record (§2.5 allows it; P-DATA-5 is the
 * profile's decision to leave the user out). Application-data records are data, not structure: their keys and values are
 * left alone, except by the two rewrites of profile revision 4 (P-FMT-3: JSON member order
 * carries no meaning at any level), which reorder records too.
 */

import type { BodyRewrite, RewrittenRequest } from "./variant-proxy.js";

/** The URL a rewritten answer's request named. */
const requestUrl = (request: RewrittenRequest): URL =>
  new URL(request.url, "http://variant.invalid");

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
type Obj = { [k: string]: Json };

const isObj = (v: Json | undefined): v is Obj =>
  v !== null && typeof v === "object" && !Array.isArray(v);

/** True for an appdata read response (§2.5: entry is a map of records, id[] lists its users). */
function isAppData(doc: Json): doc is Obj {
  return isObj(doc) && isObj(doc.entry) && Array.isArray(doc.id);
}

/** Applies `f` to every structural object (not appdata records, not the appdata entry map). */
function mapStructure(doc: Json, f: (o: Obj, depth: number) => Obj): Json {
  const walk = (v: Json, depth: number): Json => {
    if (Array.isArray(v)) return v.map((x) => walk(x, depth + 1));
    if (!isObj(v)) return v;
    const out: Obj = {};
    for (const [k, x] of Object.entries(v)) out[k] = walk(x, depth + 1);
    return f(out, depth);
  };
  if (isAppData(doc)) {
    const out: Obj = {};
    for (const [k, x] of Object.entries(doc)) out[k] = k === "entry" ? x : walk(x, 1);
    return f(out, 0);
  }
  return walk(doc, 0);
}

/**
 * Prefixes every integer-like member name in JSON text with U+0001 so that `JSON.parse` keeps
 * their order (P-FMT-3; it would otherwise move them first). `rewriteJson` strips the mark.
 */
function markIntegerKeys(text: string): string {
  let out = "";
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c !== '"') {
      out += c;
      i++;
      continue;
    }
    let j = i + 1;
    while (j < text.length && text[j] !== '"') j += text[j] === "\\" ? 2 : 1;
    const token = text.slice(i, j + 1);
    let k = j + 1;
    while (k < text.length && /\s/.test(text[k] ?? "")) k++;
    out += text[k] === ":" && /^"[0-9]+"$/.test(token) ? `"\\u0001${token.slice(1)}` : token;
    i = j + 1;
  }
  return out;
}

function rewriteJson(body: string, type: string, f: (doc: Json) => Json, indent?: string): string {
  if (!type.includes("json")) return body;
  const doc = JSON.parse(markIntegerKeys(body)) as Json;
  return JSON.stringify(f(doc), null, indent).replace(/"\\u0001/g, '"');
}

const reverseMembers = (o: Obj): Obj => Object.fromEntries(Object.entries(o).reverse());

/** Members of every object in reverse order. */
export const memberOrder = (body: string, type: string): string =>
  rewriteJson(body, type, (doc) => mapStructure(doc, reverseMembers));

/** An unknown member added to every structural object. */
export const extraMembers = (body: string, type: string): string =>
  rewriteJson(body, type, (doc) =>
    mapStructure(doc, (o) => ({ ...o, xVendorExtension: { note: "ignore me", n: 1 } })),
  );

/** Integers as numeric strings and booleans as "true"/"false" (§2.2, §2.3, §2.4, §2.6). */
export const stringRendering = (body: string, type: string): string =>
  rewriteJson(body, type, (doc) =>
    mapStructure(doc, (o) =>
      Object.fromEntries(
        Object.entries(o).map(([k, v]) => [
          k,
          typeof v === "number" || typeof v === "boolean" ? String(v) : v,
        ]),
      ),
    ),
  );

/** Application-data users (`entry` members and `id`) in reverse order: no order is promised by the profile either. */
export const appDataUserOrder = (body: string, type: string): string =>
  rewriteJson(body, type, (doc) =>
    isAppData(doc) && isObj(doc.entry) && Array.isArray(doc.id)
      ? { ...doc, entry: reverseMembers(doc.entry), id: [...doc.id].reverse() }
      : doc,
  );

/** `entry` lists, appdata users and `id` in reverse order (no order is promised by social-api.md). */
export const entryOrder = (body: string, type: string): string =>
  rewriteJson(body, type, (doc) => {
    if (!isObj(doc)) return doc;
    if (isAppData(doc) && isObj(doc.entry) && Array.isArray(doc.id)) {
      return { ...doc, entry: reverseMembers(doc.entry), id: [...doc.id].reverse() };
    }
    return Array.isArray(doc.entry) ? { ...doc, entry: [...doc.entry].reverse() } : doc;
  });

/** Reverses the members of every object, application-data records and the entry map included. */
function reverseEverywhere(v: Json): Json {
  if (Array.isArray(v)) return v.map(reverseEverywhere);
  if (!isObj(v)) return v;
  return Object.fromEntries(
    Object.entries(v)
      .map(([k, x]) => [k, reverseEverywhere(x)])
      .reverse(),
  );
}

/** P-FMT-3 (rev. 4): every JSON object's members in reverse order, appdata records included. */
export const memberOrderEverywhere = (body: string, type: string): string =>
  rewriteJson(body, type, reverseEverywhere);

/**
 * P-FMT-3 (rev. 4): the JSON re-serialised by a parser that moves integer-like member names
 * first (as JavaScript's `JSON.parse` does, and a PHP array sorted before `json_encode`).
 */
export const integerKeysFirst = (body: string, type: string): string =>
  type.includes("json") ? JSON.stringify(JSON.parse(body) as Json) : body;

/**
 * A user asked for with `@self` who has no key to return is listed with an empty record (`{}`,
 * in `id` and counted in `totalResults`) instead of being left out: §2.5 allows it, P-DATA-5
 * (profile) decides otherwise. The user is the path's guid, or for `@me` the query's
 * `xoauth_requestor_id`.
 */
export const emptyRecords: BodyRewrite = (body, type, request) => {
  const url = requestUrl(request);
  const m = /^\/os\/0\.8\/appdata\/([^/]+)\/@self\/@app\/?$/.exec(url.pathname);
  if (request.method !== "GET" || !m?.[1]) return body;
  const guid = decodeURIComponent(m[1]);
  const viewer = url.searchParams.get("xoauth_requestor_id") ?? "";
  // `@me` is the viewer; a bare id (P-AUTH-4) is in the viewer's namespace.
  const user =
    guid === "@me" ? viewer : guid.includes(":") ? guid : `${viewer.split(":")[0]}:${guid}`;
  if (!user || user.startsWith(":")) return body;
  return rewriteJson(body, type, (doc) =>
    isAppData(doc) &&
    isObj(doc.entry) &&
    Array.isArray(doc.id) &&
    Object.keys(doc.entry).length === 0
      ? {
          ...doc,
          entry: { [user]: {} },
          id: [user],
          totalResults: 1,
        }
      : doc,
  );
};

/** Marks a number zero for {@link negativeZero}; the mark becomes `-0` in the text. */
const ZERO_MARK = "\u0002-0";

/** Every structural zero written `-0`: a JSON number of value zero (RFC 8259 §6's grammar). */
export const negativeZero = (body: string, type: string): string =>
  rewriteJson(body, type, (doc) =>
    mapStructure(doc, (o) =>
      Object.fromEntries(Object.entries(o).map(([k, v]) => [k, v === 0 ? ZERO_MARK : v])),
    ),
  ).replace(/"\\u0002-0"/g, "-0");

/**
 * On a people read whose `fields` names `addresses`, a person without addresses written with
 * an empty list (§2.6: the field is present when named; no document says a user without
 * addresses leaves it out).
 */
export const emptyAddressLists: BodyRewrite = (body, type, request) => {
  const url = requestUrl(request);
  const named = (url.searchParams.get("fields") ?? "")
    .split(",")
    .some((f) => f.trim() === "addresses");
  if (!url.pathname.startsWith("/os/0.8/people/") || !named) return body;
  const fill = (p: Json): Json => (isObj(p) && !("addresses" in p) ? { ...p, addresses: [] } : p);
  return rewriteJson(body, type, (doc) => {
    if (!isObj(doc)) return doc;
    if (Array.isArray(doc.entry)) return { ...doc, entry: doc.entry.map(fill) };
    return isObj(doc.entry) ? { ...doc, entry: fill(doc.entry) } : doc;
  });
};

/**
 * The same JSON laid out with other insignificant whitespace (RFC 8259 §2: whitespace is allowed
 * before or after any structural character): tab indentation, CRLF line ends, a blank line before
 * the value and a newline after it.
 */
export const jsonLayout = (body: string, type: string): string =>
  type.includes("json")
    ? `\r\n${rewriteJson(body, type, (doc) => doc, "\t").replace(/\n/g, "\r\n")}\n`
    : body;

/** Every string of JSON text (member names and values) passed through `f`, quotes included. */
const mapStrings = (text: string, f: (s: string) => string): string =>
  text.replace(/"(?:[^"\\]|\\.)*"/g, f);

/**
 * Strings written with the escapes RFC 8259 §7 allows for any character, as PHP's
 * `json_encode` writes them by default: `\/` for every solidus, `\uXXXX` for every character
 * outside ASCII (astral ones as a surrogate pair), and here every `a` as `\u0061` too, in
 * member names as in values.
 */
export const jsonEscapes = (body: string, type: string): string =>
  type.includes("json")
    ? mapStrings(
        rewriteJson(body, type, (doc) => doc),
        (s) =>
          s.replace(/\\u[0-9a-fA-F]{4}|\\.|[a/]|[^ -~\t\n\r]/g, (t) =>
            t.startsWith("\\")
              ? t
              : t === "/"
                ? "\\/"
                : `\\u${t.charCodeAt(0).toString(16).padStart(4, "0")}`,
          ),
      )
    : body;

/** Marks a number for {@link integersWithFraction}; the mark becomes `n.0` in the text. */
const FRACTION_MARK = "\u0003";

/**
 * Every structural integer written with a zero fraction (`20.0`): the same JSON number (RFC 8259
 * §6 has no integer type; JSON Schema's `integer` is any number with a zero fractional part), as
 * a server that holds numbers as doubles writes them.
 */
export const integersWithFraction = (body: string, type: string): string =>
  rewriteJson(body, type, (doc) =>
    mapStructure(doc, (o) =>
      Object.fromEntries(
        Object.entries(o).map(([k, v]) => [
          k,
          typeof v === "number" && Number.isInteger(v) ? `${FRACTION_MARK}${v}` : v,
        ]),
      ),
    ),
  ).replace(/"\\u0003(-?[0-9]+)"/g, "$1.0");

/** Marks a number for {@link integersWithExponent}; the mark becomes an exponent form in the text. */
const EXPONENT_MARK = "\u0004";

/**
 * Every structural integer written with an exponent, in turn `20E0`, `200e-1` and `20e+0`: the
 * same JSON number (RFC 8259 §6: an exponent is part of the number's grammar, `E` or `e`, with or
 * without a sign), as a serialiser that formats numbers in scientific notation writes them.
 */
export const integersWithExponent = (body: string, type: string): string => {
  let n = 0;
  return rewriteJson(body, type, (doc) =>
    mapStructure(doc, (o) =>
      Object.fromEntries(
        Object.entries(o).map(([k, v]) => [
          k,
          typeof v === "number" && Number.isInteger(v) ? `${EXPONENT_MARK}${v}` : v,
        ]),
      ),
    ),
  ).replace(/"\\u0004(-?[0-9]+)"/g, (_, digits: string) => {
    const form = n++ % 3;
    // `0` as `00e-1` would be no JSON number (a leading zero): `0e-1` is
    if (form === 1) return digits === "0" ? "0e-1" : `${digits}0e-1`;
    return form === 0 ? `${digits}E0` : `${digits}e+0`;
  });
};

/**
 * Every error body's `message` another text of the server's own, with non-ASCII letters and an
 * escaped quote (P-ERR-1 fixes the `code` and that there is a message, not its words).
 */
export const otherErrorMessages = (body: string, type: string): string =>
  rewriteJson(body, type, (doc) =>
    isObj(doc) && isObj(doc.error)
      ? { ...doc, error: { ...doc.error, message: 'Anfrage abgelehnt – «refusé», see "docs"' } }
      : doc,
  );

/**
 * Every error body's message 10,000 characters long, as a server's that echoes what it refused
 * (a long id, a body's excerpt): P-ERR-1 fixes the code and the shape, not the message's length.
 */
export const longErrorMessages = (body: string, type: string): string =>
  rewriteJson(body, type, (doc) =>
    isObj(doc) && isObj(doc.error)
      ? { ...doc, error: { ...doc.error, message: `refused: ${"x".repeat(9_991)}` } }
      : doc,
  );

/**
 * Every character of every string, member names included, written as a `\uXXXX` escape in upper-case hex
 * (RFC 8259 §7: any character may be escaped so, hex digits in either case), the quotation mark
 * and reverse solidus too (`\u0022`, `\u005C`), astral characters as surrogate pairs.
 */
export const everyCharacterEscaped = (body: string, type: string): string =>
  type.includes("json")
    ? mapStrings(
        rewriteJson(body, type, (doc) => doc),
        (s) => {
          const value = JSON.parse(s) as string;
          let out = "";
          for (let i = 0; i < value.length; i++)
            out += `\\u${value.charCodeAt(i).toString(16).toUpperCase().padStart(4, "0")}`;
          return `"${out}"`;
        },
      )
    : body;
