/**
 * XML 1.0 (5th ed.) character classes on code points: Char [2], S [3], NameStartChar [4],
 * NameChar [4a]; and the NCName variants of Namespaces in XML 1.0 (3rd ed.) [4], without `:`.
 */

/** Bit 1: NameStartChar; bit 2: NameChar (both for ASCII, `:` included). */
const ASCII = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  const start = (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === 0x3a || c === 0x5f;
  const name = start || (c >= 0x30 && c <= 0x39) || c === 0x2d || c === 0x2e;
  ASCII[c] = (start ? 1 : 0) | (name ? 2 : 0);
}

/** NameStartChar [4] (with `:`). */
export function isNameStartChar(c: number): boolean {
  if (c < 128) return c >= 0 && ((ASCII[c] as number) & 1) !== 0;
  return (
    (c >= 0xc0 && c <= 0xd6) ||
    (c >= 0xd8 && c <= 0xf6) ||
    (c >= 0xf8 && c <= 0x2ff) ||
    (c >= 0x370 && c <= 0x37d) ||
    (c >= 0x37f && c <= 0x1fff) ||
    c === 0x200c ||
    c === 0x200d ||
    (c >= 0x2070 && c <= 0x218f) ||
    (c >= 0x2c00 && c <= 0x2fef) ||
    (c >= 0x3001 && c <= 0xd7ff) ||
    (c >= 0xf900 && c <= 0xfdcf) ||
    (c >= 0xfdf0 && c <= 0xfffd) ||
    (c >= 0x10000 && c <= 0xeffff)
  );
}

/** NameChar [4a] (with `:`). */
export function isNameChar(c: number): boolean {
  if (c < 128) return c >= 0 && ((ASCII[c] as number) & 2) !== 0;
  return (
    isNameStartChar(c) || c === 0xb7 || (c >= 0x300 && c <= 0x36f) || c === 0x203f || c === 0x2040
  );
}

/** NCName start character: NameStartChar without `:`. */
export function isNCNameStartChar(c: number): boolean {
  return c !== 0x3a && isNameStartChar(c);
}

/** NCName character: NameChar without `:`. */
export function isNCNameChar(c: number): boolean {
  return c !== 0x3a && isNameChar(c);
}

/** NameChar for an ASCII code unit (`c` < 128), from the table. */
export function isAsciiNameChar(c: number): boolean {
  return ((ASCII[c] as number) & 2) !== 0;
}

/** S [3]: space, tab, LF, CR. */
export function isS(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
}

/** Char [2]. */
export function isChar(c: number): boolean {
  return (
    (c >= 0x20 && c <= 0xd7ff) ||
    c === 0x0a ||
    c === 0x0d ||
    c === 0x09 ||
    (c >= 0xe000 && c <= 0xfffd) ||
    (c >= 0x10000 && c <= 0x10ffff)
  );
}
