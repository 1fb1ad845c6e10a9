/** Strict UTF-8 decoding (P-DATA-1: a body that is not valid UTF-8 is refused). */

const decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false });

/** The text of `bytes`, or undefined when they are not valid UTF-8. */
export function decodeUtf8(bytes: Uint8Array): string | undefined {
  try {
    return decoder.decode(bytes);
  } catch {
    return undefined;
  }
}
