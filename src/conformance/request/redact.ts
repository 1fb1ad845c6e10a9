/**
 * Redaction, only where a secret can appear: the OAuth signature (which would let anyone replay
 * a request within the timestamp window), Authorization parameter values, query and body values,
 * and what the target sent (base strings and signing keys in its error messages, values it
 * echoes). Never the kit's own text: case ids, descriptions, statements, pointers, file names and
 * URL paths are printed as they are, so a consumer secret that is an ordinary word (`secret`,
 * `auth`, `a`, `0`) does not eat them.
 *
 * A consumer secret is looked for in the forms it takes on the wire: as is, percent-encoded once
 * (a signing key, a form value) and twice (inside a base string). A value equal to one of them is
 * redacted whatever its length; inside a longer text, a form of at least
 * {@link SECRET_WORD_CHARS} characters is redacted where it stands as a word (not between letters
 * or digits), and one of at least {@link SECRET_ANYWHERE_CHARS} wherever it appears.
 */
import { percentEncode } from "../../oauth/index.js";
import { FORM_MEDIA_TYPE, mediaTypeOf } from "../../wire/media-type.js";
import type { SentRequest } from "./sent-request.js";

/** What a redacted secret or signature is printed as. */
const REDACTED = "REDACTED";

/** A secret this long is redacted inside a text where it stands as a word. */
const SECRET_WORD_CHARS = 4;

/** A secret this long is redacted inside a text wherever it appears. */
const SECRET_ANYWHERE_CHARS = 8;

/** Redacts secrets in values and texts, compiled once for a list of secrets. */
export interface Redactor {
  /** A value the target or the request carries (a query, form or header value, a JSON string). */
  value(v: string): string;
  /** A text that holds values (a body, a message): signatures and secrets in it. */
  text(t: string): string;
  /** Any JSON-like value, its strings redacted as values. */
  deep<T>(v: T): T;
}

const ALNUM = /[A-Za-z0-9]/;

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** The forms of `secret` on the wire: as is, percent-encoded once (a signing key) and twice. */
export function wireForms(secret: string): string[] {
  let once = secret;
  let twice = secret;
  try {
    once = percentEncode(secret);
    twice = percentEncode(once);
  } catch {
    // a secret percentEncode cannot take (a lone surrogate) is looked for as it is
  }
  return [...new Set([secret, once, twice, encodeURIComponent(secret)])];
}

/** Whether `form` is long enough to be looked for inside a longer text. */
const soughtInText = (form: string): boolean => form.length >= SECRET_WORD_CHARS;

/** The pattern for a form {@link soughtInText} inside a text. */
function inTextPattern(form: string): string {
  if (form.length >= SECRET_ANYWHERE_CHARS) return escapeRegExp(form);
  const before = ALNUM.test(form[0] ?? "") ? "(?<![A-Za-z0-9])" : "";
  const after = ALNUM.test(form.at(-1) ?? "") ? "(?![A-Za-z0-9])" : "";
  return `${before}${escapeRegExp(form)}${after}`;
}

/** The signature in an Authorization header, a query or a curl line. */
const SIGNATURE = /(oauth_signature=")[^"]*(")|(oauth_signature=)(?!")[^&\s'"]*/g;

/** Redacts OAuth signatures in `text`. */
function redactSignatures(text: string): string {
  return text.replace(SIGNATURE, (_m, q1?: string, q2?: string, bare?: string) =>
    bare !== undefined ? `${bare}${REDACTED}` : `${q1}${REDACTED}${q2}`,
  );
}

const cache = new Map<string, Redactor>();

/** The redactor for `secrets` (empty ones are ignored), compiled once per list. */
export function redactor(secrets: readonly string[]): Redactor {
  const key = JSON.stringify(secrets);
  const known = cache.get(key);
  if (known) return known;
  const r = compile(secrets);
  if (cache.size > 64) cache.clear();
  cache.set(key, r);
  return r;
}

/**
 * The OAuth signatures `sent` carried (Authorization header or query), decoded: a check may
 * quote one (a body that must not echo it, P-ERR-1.2), and with the request's nonce, timestamp
 * and URL, also in the report, a signature lets anyone test guesses of the secret that made it.
 */
export function sentSignatures(sent: SentRequest): string[] {
  const header =
    Object.entries(sent.headers).find(([k]) => k.toLowerCase() === "authorization")?.[1] ?? "";
  return [...header.matchAll(SIGNATURE), ...sent.url.matchAll(SIGNATURE)].map((m) => {
    const encoded = m[1] !== undefined ? m[0].slice(m[1].length, -1) : m[0].slice(m[3]?.length);
    try {
      return decodeURIComponent(encoded.replace(/\+/g, " "));
    } catch {
      return encoded;
    }
  });
}

/**
 * The redactor for what one request's exchange shows: `secrets` and the signatures `sent`
 * carried (a one-off list, compiled apart from the cache of secret lists).
 */
export function exchangeRedactor(secrets: readonly string[], sent?: SentRequest): Redactor {
  const signed = sent ? sentSignatures(sent) : [];
  return signed.length ? compile([...secrets, ...signed]) : redactor(secrets);
}

/**
 * Replaces with `by` every match of the alternation of the `literals`' patterns, each of which
 * matches only where its literal stands: a text that holds none of the literals is returned as
 * it is, and the alternation is made only when a text holds one. A step's redactor (its
 * request's signatures beside the secrets) serves one step of the report, whose texts seldom
 * hold any of them.
 */
function replacer(
  literals: readonly string[],
  pattern: (literal: string) => string,
  by: string,
): (t: string) => string {
  if (literals.length === 0) return (t) => t;
  let re: RegExp | undefined;
  return (t) => {
    if (!literals.some((l) => t.includes(l))) return t;
    re ??= new RegExp(literals.map(pattern).join("|"), "g");
    return t.replace(re, by);
  };
}

function compile(secrets: readonly string[]): Redactor {
  const forms = [...new Set(secrets.filter((s) => s !== "").flatMap(wireForms))].sort(
    (a, b) => b.length - a.length,
  );
  const equal = new Set(forms);
  const inside = replacer(forms.filter(soughtInText), inTextPattern, REDACTED);
  // A JSON string equal to a secret, inside a body's text: the quotes bound it.
  const asJson = replacer(
    forms.map((f) => JSON.stringify(f)),
    escapeRegExp,
    `"${REDACTED}"`,
  );
  const r: Redactor = {
    value: (v) => (equal.has(v) ? REDACTED : inside(v)),
    text: (t) => inside(asJson(redactSignatures(t))),
    deep: <T>(v: T): T => deepValues(v, r.value) as T,
  };
  return r;
}

function deepValues(v: unknown, f: (s: string) => string): unknown {
  if (typeof v === "string") return f(v);
  if (Array.isArray(v)) return v.map((x) => deepValues(x, f));
  if (v !== null && typeof v === "object")
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, deepValues(x, f)]));
  return v;
}

/** Redacts signatures and secrets in a text (fuzz and diff reports, curl lines). */
export function redact(text: string, secrets: readonly string[] = []): string {
  return redactor(secrets).text(text);
}

/** `name="value"` parameters of an Authorization header, each value redacted if it is a secret. */
function authorizationValue(header: string, r: Redactor): string {
  return redactSignatures(header).replace(
    /([A-Za-z0-9_]+=")([^"]*)(")/g,
    (_m, head: string, v: string, tail: string) =>
      `${head}${v === REDACTED ? v : equalOnly(v, r)}${tail}`,
  );
}

/** A protocol parameter's value: redacted only when it is a secret (a value like `1.0` is not). */
function equalOnly(v: string, r: Redactor): string {
  return r.value(v) === REDACTED ? REDACTED : v;
}

/** `k=v&…` with each value redacted as a value, and the signature; the names are kept. */
function pairsText(pairs: string, r: Redactor): string {
  return pairs
    .split("&")
    .map((pair) => {
      const eq = pair.indexOf("=");
      if (eq < 0) return pair;
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      return `${name}=${name === "oauth_signature" ? REDACTED : r.value(value)}`;
    })
    .join("&");
}

/**
 * The request as a report shows it: the signature and any secret redacted in the Authorization
 * parameters, the query values, the other header values and the body; the method, the URL's path
 * and the parameter names as sent. A body's bytes (`bodyBase64`) go only with a text that
 * needed no redaction.
 */
export function redactRequest(req: SentRequest, secrets: readonly string[]): SentRequest {
  const r = redactor(secrets);
  const q = req.url.indexOf("?");
  const url = q < 0 ? req.url : `${req.url.slice(0, q + 1)}${pairsText(req.url.slice(q + 1), r)}`;
  const headers = Object.fromEntries(
    Object.entries(req.headers).map(([k, v]) => [
      k,
      k.toLowerCase() === "authorization" ? authorizationValue(v, r) : r.value(v),
    ]),
  );
  const type = Object.entries(req.headers).find(([k]) => k.toLowerCase() === "content-type")?.[1];
  const form = mediaTypeOf(type) === FORM_MEDIA_TYPE;
  const body =
    req.body === undefined ? undefined : form ? pairsText(req.body, r) : r.text(req.body);
  // bytes that are not UTF-8 are kept only while their text needed no redaction, and so is
  // the recipe for signing afresh (its base string holds the query and a form body)
  const { bodyBase64, resign, ...rest } = req;
  const clean = (t: string) => r.value(t) === t;
  return {
    ...rest,
    url,
    headers,
    ...(body !== undefined ? { body } : {}),
    ...(bodyBase64 !== undefined && body === req.body ? { bodyBase64 } : {}),
    ...(resign !== undefined && clean(resign.base) && clean(resign.authorization)
      ? { resign }
      : {}),
  };
}
