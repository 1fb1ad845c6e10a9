/**
 * The encodings the reader reads: UTF-8, which it decodes (bytes) or is given as text, UTF-16,
 * which it decodes from bytes that begin with its byte order mark, and US-ASCII when the text is
 * ASCII (its bytes are then the same as UTF-8's). XML 1.0 §4.3.3: processors must read UTF-8 and
 * UTF-16; a document in an encoding other than the one it declares is a fatal error, and so is
 * one whose byte order mark contradicts its declaration.
 */

/** The encoding the document's bytes were decoded from: UTF-8 (or given as text), or UTF-16. */
export type ReadEncoding = "UTF-8" | "UTF-16";

/** Any character outside ASCII. */
const NOT_ASCII = /[\u0080-\uffff]/;

/**
 * Why a document that declares `encoding` cannot be read as the `text` it is, decoded from `read`
 * (`bom`: it began with a byte order mark), or undefined when it can. Encoding names match
 * without regard to case (§4.3.3).
 */
export function encodingProblem(
  encoding: string,
  text: string,
  bom: boolean,
  read: ReadEncoding = "UTF-8",
): string | undefined {
  const name = encoding.toUpperCase();
  if (read === "UTF-16")
    return name === "UTF-16" ? undefined : "the document is UTF-16 (its byte order mark)";
  if (name === "UTF-8") return undefined;
  if (name === "US-ASCII") {
    if (bom) return "a byte order mark contradicts it";
    return NOT_ASCII.test(text) ? "the text is not ASCII" : undefined;
  }
  return name === "UTF-16"
    ? "the document is not UTF-16 (no UTF-16 byte order mark)"
    : "only UTF-8, UTF-16 (or US-ASCII text) is read";
}
