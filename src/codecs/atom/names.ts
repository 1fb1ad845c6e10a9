/**
 * Profile P-FMT-4: keys and member names that are not XML element names are written with the
 * SQL/XML name escape. Each offending UTF-16 code unit becomes `_xHHHH_` (four upper-case hex
 * digits; an astral character becomes its two surrogates, each escaped), and the `_` of a literal
 * `_x` + four hex digits + `_` is itself escaped as `_x005F_`. `decodeName` reverses it (hex in
 * either case). Names are NCNames: `:` is always escaped, so a key never looks like a prefix.
 */

import { KitError } from "../../model/kit-error.js";
import { isNCNameChar, isNCNameStartChar } from "./xml/chars.js";

const ESCAPE = /_x([0-9A-Fa-f]{4})_/g;

/** NameStartChar / NameChar without `:`, on a UTF-16 code unit (a surrogate is neither). */
const isNameStart = isNCNameStartChar;
const isNameChar = isNCNameChar;

function isHex(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66);
}

/** True when `name[i]` must be escaped at its position. */
function offends(name: string, i: number): boolean {
  const c = name.charCodeAt(i);
  return i === 0 ? !isNameStart(c) : !isNameChar(c);
}

/** True when the `_` at `i` starts a literal `_xHHHH` that would read back as an escape. */
function looksEscaped(name: string, i: number): boolean {
  if (name.charCodeAt(i + 1) !== 0x78 || i + 6 > name.length) return false;
  for (let k = i + 2; k < i + 6; k++) if (!isHex(name.charCodeAt(k))) return false;
  // The code unit after the four digits is `_`, or is escaped (its escape starts with `_`).
  return i + 6 < name.length && (name.charCodeAt(i + 6) === 0x5f || offends(name, i + 6));
}

function hex4(c: number): string {
  return `_x${c.toString(16).toUpperCase().padStart(4, "0")}_`;
}

/** True when `name` is written unchanged: an NCName holding no `_x`. */
function isPlain(name: string): boolean {
  const n = name.length;
  if (n === 0 || !isNameStart(name.charCodeAt(0))) return false;
  for (let i = 1; i < n; i++) if (!isNameChar(name.charCodeAt(i))) return false;
  return !name.includes("_x");
}

/** P-FMT-4: the element name for `key` (unchanged when it is already a plain XML name). */
export function encodeName(key: string): string {
  if (isPlain(key)) return key;
  if (key === "") throw new KitError("OSK_INVALID_KEY", "an empty name cannot be an element name");
  let out = "";
  for (let i = 0; i < key.length; i++) {
    const c = key.charCodeAt(i);
    if (offends(key, i) || (c === 0x5f && looksEscaped(key, i))) out += hex4(c);
    else out += key[i];
  }
  return out;
}

/** Escaped local names seen lately → their key (names repeat from entry to entry). */
const DECODED = new Map<string, string>();
const DECODED_MAX = 4096;

/** P-FMT-4: the key an element's local name stands for (escapes in either case undone). */
export function decodeName(local: string): string {
  if (!local.includes("_x")) return local;
  let key = DECODED.get(local);
  if (key !== undefined) return key;
  key = local.replace(ESCAPE, (_m, h: string) => String.fromCharCode(Number.parseInt(h, 16)));
  if (DECODED.size >= DECODED_MAX) DECODED.clear();
  DECODED.set(local, key);
  return key;
}
