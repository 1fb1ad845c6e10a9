/**
 * Code point order of strings, the order of P-PAGE-3 (the same as UTF-8 byte order). JavaScript's
 * `<` on strings is UTF-16 order, which differs for characters beyond U+FFFF; the server sorts
 * ids with this, and the runner and the fuzzer's model judge and predict that order with it.
 */

/** Code point order of two strings: negative, zero or positive. */
export function codePointCompare(a: string, b: string): number {
  const ai = a[Symbol.iterator]();
  const bi = b[Symbol.iterator]();
  for (;;) {
    const x = ai.next();
    const y = bi.next();
    if (x.done || y.done) return x.done && y.done ? 0 : x.done ? -1 : 1;
    const d = (x.value.codePointAt(0) ?? 0) - (y.value.codePointAt(0) ?? 0);
    if (d !== 0) return d;
  }
}
