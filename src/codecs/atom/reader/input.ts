/**
 * The reader's input: a string, or bytes in UTF-8 or (after its byte order mark) UTF-16 (XML 1.0
 * §4.3.3: processors must read both), refused when larger than the size limit, not in the
 * encoding, or holding a lone surrogate; a leading byte order mark is kept for the scanner, which
 * reads it (xml/scan.ts: it must agree with the declared encoding). `parseXmlDocument` adds the
 * parse's own bounds (DOCTYPE refused, depth, well-formedness, XML characters; see tree.ts).
 */
import { isAscii } from "node:buffer";
import { fail, type Issue, issue, ok, type Result } from "../../../model/issue.js";
import { limitOption } from "../../limit-option.js";
import {
  type AtomReadLimits,
  DEFAULT_ATOM_LIMITS,
  effectiveDepth,
  utf8LengthUpTo,
} from "../limits.js";
import { parseTree, type XmlElement } from "../tree.js";
import type { ReadEncoding } from "../xml/encoding.js";

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

/** The UTF-16 decoder bytes call for by their byte order mark (XML 1.0 Appendix F), if any. */
function utf16Of(bytes: Uint8Array): "utf-16be" | "utf-16le" | undefined {
  const [a, b] = bytes;
  if (a === 0xfe && b === 0xff) return "utf-16be";
  return a === 0xff && b === 0xfe ? "utf-16le" : undefined;
}

/** UTF-8 with undecodable bytes as U+FFFD, a byte order mark kept as U+FEFF. */
const lenientUtf8 = new TextDecoder("utf-8", { ignoreBOM: true });

/**
 * The text of an answer's bytes for a reader that may meet XML: UTF-16 where its byte order mark
 * is followed by markup (`<`, after white space: an XML document, XML 1.0 §4.3.3), else UTF-8;
 * undecodable bytes as U+FFFD. JSON, which is UTF-8 alone (RFC 8259 §8.1), is never read as
 * UTF-16.
 */
export function answerText(bytes: Uint8Array): string {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // most answers: ASCII is its own Latin-1 spelling, the fastest copy into a string
  if (isAscii(buf)) return buf.toString("latin1");
  const utf16 = utf16Of(bytes);
  if (utf16 !== undefined) {
    const text = new TextDecoder(utf16, { ignoreBOM: true }).decode(bytes);
    if (/^\uFEFF\s*</.test(text)) return text;
  }
  return lenientUtf8.decode(bytes);
}

/** A decoded document and the encoding it was decoded from. */
interface DecodedInput {
  readonly text: string;
  readonly read: ReadEncoding;
}

/** Decodes `input` within the size limit, or the issue that refuses it. */
function decodeInput(input: unknown, maxBytes: number): Result<DecodedInput> {
  let text: string;
  let read: ReadEncoding = "UTF-8";
  if (typeof input === "string") {
    const n = utf8LengthUpTo(input, maxBytes);
    if (n > maxBytes) return fail([tooLarge(maxBytes)]);
    text = input;
  } else if (input instanceof Uint8Array) {
    if (input.byteLength > maxBytes) return fail([tooLarge(maxBytes)]);
    const utf16 = utf16Of(input);
    if (utf16 !== undefined) read = "UTF-16";
    try {
      text = new TextDecoder(utf16 ?? "utf-8", { fatal: true, ignoreBOM: true }).decode(input);
    } catch {
      const message = utf16
        ? "the document is not valid UTF-16"
        : "the document is not valid UTF-8";
      return fail([issue("xml-invalid-char", "", message)]);
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
  return ok({ text, read });
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
  return parseTree(input.value.text, effectiveDepth(limits), input.value.read);
}
