/**
 * The reader's input: a string or UTF-8 bytes, refused when larger than the size limit, not
 * UTF-8, or holding a lone surrogate; a leading byte order mark is kept for the scanner, which
 * reads it (xml/scan.ts: it must agree with the declared encoding). `parseXmlDocument` adds the
 * parse's own bounds (DOCTYPE refused, depth, well-formedness, XML characters; see tree.ts).
 */
import { fail, type Issue, issue, ok, type Result } from "../../../model/issue.js";
import { limitOption } from "../../limit-option.js";
import {
  type AtomReadLimits,
  DEFAULT_ATOM_LIMITS,
  effectiveDepth,
  utf8LengthUpTo,
} from "../limits.js";
import { parseTree, type XmlElement } from "../tree.js";

function tooLarge(maxBytes: number): Issue {
  return issue("xml-too-large", "", `document larger than ${maxBytes} bytes`);
}

const SURROGATE = /[\uD800-\uDFFF]/g;

/** `String.prototype.isWellFormed` (ES2024, in Node 20): true when no surrogate is alone. */
const isWellFormed = (text: string): boolean =>
  (text as unknown as { isWellFormed(): boolean }).isWellFormed();

/**
 * Index of the first UTF-16 surrogate without its pair, or -1. Strings may hold one (bytes
 * cannot); the scanner would refuse it too, but here it is found before parsing, with its place. The native check answers for the
 * common case; the scan, surrogate to surrogate, finds where.
 */
function loneSurrogate(text: string): number {
  if (isWellFormed(text)) return -1;
  SURROGATE.lastIndex = 0;
  for (let m = SURROGATE.exec(text); m; m = SURROGATE.exec(text)) {
    const i = m.index;
    const c = text.charCodeAt(i);
    const d = text.charCodeAt(i + 1);
    if (c > 0xdbff || !(d >= 0xdc00 && d <= 0xdfff)) return i;
    SURROGATE.lastIndex = i + 2;
  }
  return -1;
}

/** Decodes `input` within the size limit, or the issue that refuses it. */
function decodeInput(input: unknown, maxBytes: number): Result<string> {
  let text: string;
  if (typeof input === "string") {
    const n = utf8LengthUpTo(input, maxBytes);
    if (n > maxBytes) return fail([tooLarge(maxBytes)]);
    text = input;
  } else if (input instanceof Uint8Array) {
    if (input.byteLength > maxBytes) return fail([tooLarge(maxBytes)]);
    try {
      text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(input);
    } catch {
      return fail([issue("xml-invalid-char", "", notUtf8(input))]);
    }
  } else {
    return fail([issue("xml-malformed", "", "the document must be text")]);
  }
  const lone = loneSurrogate(text);
  if (lone >= 0) {
    const before = text.slice(0, lone);
    const line = before.split("\n").length;
    const column = lone - before.lastIndexOf("\n");
    const message = "a lone surrogate is not an XML character";
    return fail([
      { code: "xml-invalid-char", pointer: "", message, xml: { xpath: "/", line, column } },
    ]);
  }
  return ok(text);
}

/** Why `bytes` could not be decoded: UTF-16 (by its byte order mark) or other bytes. */
function notUtf8(bytes: Uint8Array): string {
  const [a, b] = bytes;
  const utf16 = (a === 0xfe && b === 0xff) || (a === 0xff && b === 0xfe);
  return utf16
    ? "the document is UTF-16 (byte order mark); only UTF-8 is read"
    : "the document is not valid UTF-8";
}

/**
 * The element tree (its root) of untrusted XML (text or UTF-8 bytes) with every safety bound of
 * the Atom reader: size (UTF-8 bytes), DOCTYPE, depth, well-formedness, XML characters. For
 * checkers that look at more of the document than `fromAtom` keeps. Never throws.
 */
export function parseXmlDocument(
  xml: string | Uint8Array,
  limits: AtomReadLimits = {},
): Result<XmlElement> {
  const input = decodeInput(
    xml,
    limitOption("maxBytes", limits.maxBytes, DEFAULT_ATOM_LIMITS.maxBytes),
  );
  if (!input.ok) return input;
  return parseTree(input.value, effectiveDepth(limits));
}
