/**
 * Captured payloads (`opensocial-kit validate` and `convert`): a response body
 * saved from some implementation, as bytes, checked as a JSON or Atom document of one kind and
 * converted to the other form. Bounded and never throwing: binary input, invalid UTF-8, an
 * oversized document, hostile XML (DOCTYPE, entities, depth) and invalid values are issues with
 * a pointer (JSON) or an XPath with line and column (Atom).
 */
import { fail, type Issue, type Result } from "../model/issue.js";
import { KitError } from "../model/kit-error.js";
import type { KindValue } from "../schemas/kind-values.js";

import { isKind, type Kind, unknownKind } from "../schemas/kinds.js";
import { validateInPlace } from "../schemas/validate.js";
import { ATOM_KINDS, type AtomKind, fromAtom, isAtomKind, toAtom } from "./atom/index.js";
import { parseJsonText } from "./json/limits.js";
import { toJson } from "./json/write.js";

/** The two forms of a document. */
export type CapturedFormat = "json" | "atom";

/** The largest captured document read (bytes). */
export const MAX_CAPTURED_BYTES = 8 * 1024 * 1024;

/** How to read a captured document of kind `K`. */
export interface CapturedOptions<K extends Kind = Kind> {
  kind: K;
  /** Default: Atom when the first non-blank character is `<`, else JSON. */
  format?: CapturedFormat;
  /** P-FMT-6: report numbers and booleans rendered as strings (the writers' rule). */
  strict?: boolean;
}

/** A captured document of kind `K` read and checked: its form, and its value normalised. */
export interface Captured<K extends Kind = Kind> {
  format: CapturedFormat;
  value: KindValue<K>;
}

const issue = (code: Issue["code"], message: string): Issue => ({ code, pointer: "", message });

/** A kind (known, so short) without an Atom form, when one was asked for. */
const noAtomForm = (kind: Kind): Result<never> =>
  fail([issue("unknown-kind", `kind ${kind} has no Atom form (${ATOM_KINDS.join(", ")})`)]);

/** Decodes `bytes` as UTF-8 text, or says why they are no document. */
function decode(bytes: Uint8Array): Result<string> {
  if (bytes.length > MAX_CAPTURED_BYTES)
    return fail([
      issue("too-large", `more than ${MAX_CAPTURED_BYTES} bytes: larger documents are not read`),
    ]);
  const nul = bytes.indexOf(0);
  if (nul >= 0)
    return fail([
      issue(
        "binary-input",
        `binary data (a NUL byte at offset ${nul}): not a JSON or Atom document`,
      ),
    ]);
  try {
    return { ok: true, value: new TextDecoder("utf-8", { fatal: true }).decode(bytes) };
  } catch {
    return fail([issue("invalid-utf8", "the bytes are not valid UTF-8")]);
  }
}

/** Reads `bytes` as a document of `options.kind` and validates it. */
export function readCaptured<K extends Kind>(
  bytes: Uint8Array,
  options: CapturedOptions<K>,
): Result<Captured<K>> {
  if (!isKind(options.kind)) return unknownKind(options.kind);
  const text = decode(bytes);
  if (!text.ok) return text;
  const looks = text.value.trimStart().startsWith("<") ? "atom" : "json";
  const format = options.format ?? looks;
  // A document read as the other form: say what it looks like, not what the parser tripped on.
  const first = text.value.trimStart()[0];
  if (format !== looks && first !== undefined && (first === "<" || first === "{" || first === "["))
    return fail([
      issue(
        format === "atom" ? "xml-malformed" : "not-json",
        format === "atom"
          ? `this looks like JSON (it starts with ${first}), not an Atom feed: read it as JSON`
          : "this looks like XML (it starts with <), not JSON: read it as Atom",
      ),
    ]);
  let value: unknown;
  if (format === "atom") {
    if (!isAtomKind(options.kind)) return noAtomForm(options.kind);
    const read = fromAtom(options.kind, text.value);
    if (!read.ok) return read;
    value = read.value;
  } else {
    const parsed = parseJsonText(text.value);
    if (!parsed.ok) return parsed;
    value = parsed.value;
  }
  // the value just read is the reader's own: normalised in place, and returned as normalised
  // (lenient: "0" → 0 in JSON, as the Atom reader already gives it)
  const checked = validateInPlace(options.kind, value, options.strict ? "strict" : "lenient");
  return checked.ok ? { ok: true, value: { format, value: checked.value } } : fail(checked.issues);
}

/** Converts a captured document to the other form (`to`); photos need the album owner. */
export function convertCaptured(
  bytes: Uint8Array,
  options: CapturedOptions & { to: CapturedFormat; ownerId?: string },
): Result<string> {
  const read = readCaptured(bytes, { ...options, strict: false });
  if (!read.ok) return read;
  try {
    if (options.to === "json")
      return { ok: true, value: `${toJson(options.kind, read.value.value)}\n` };
    if (!isAtomKind(options.kind)) return noAtomForm(options.kind);
    const kind: AtomKind = options.kind;
    if (kind === "photos" && !options.ownerId)
      return fail([
        issue(
          "missing-member",
          "photos in Atom name the album owner as each entry's author: give ownerId",
        ),
      ]);
    const atom = toAtom(
      kind,
      read.value.value as never,
      options.ownerId ? { ownerId: options.ownerId } : {},
    );
    return { ok: true, value: atom };
  } catch (e) {
    // A value the schema lets through but the other form cannot carry (e.g. U+FFFF in XML).
    if (e instanceof KitError) return fail([issue("invalid-value", `${e.code}: ${e.message}`)]);
    throw e;
  }
}
