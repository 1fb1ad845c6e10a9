/**
 * The encodings the reader reads: UTF-8, which it decodes (bytes) or is given as text, and
 * US-ASCII when the text is ASCII (its bytes are then the same). XML 1.0 §4.3.3: a document in
 * an encoding other than the one it declares is a fatal error, and so is one whose byte order
 * mark contradicts its declaration; processors must read UTF-8 and UTF-16, and this one reads
 * UTF-8 only (UTF-16 bytes are not UTF-8, and are refused as such).
 */

/** Any character outside ASCII. */
const NOT_ASCII = /[\u0080-\uffff]/;

/**
 * Why a document that declares `encoding` cannot be read as the UTF-8 `text` it is (`bom`: it
 * began with a byte order mark), or undefined when it can. Encoding names match without regard
 * to case (§4.3.3).
 */
export function encodingProblem(encoding: string, text: string, bom: boolean): string | undefined {
  const name = encoding.toUpperCase();
  if (name === "UTF-8") return undefined;
  if (name === "US-ASCII") {
    if (bom) return "a byte order mark contradicts it";
    return NOT_ASCII.test(text) ? "the text is not ASCII" : undefined;
  }
  return "only UTF-8 (or US-ASCII text) is read";
}
