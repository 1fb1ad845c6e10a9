/**
 * Strict UTF-8 decoding (P-DATA-1: a body that is not valid UTF-8 is refused), as the WHATWG
 * decoder with `fatal` decodes: a leading byte order mark dropped, any ill-formed sequence
 * refused. Bodies run to 1 MiB (P-ERR-4), and how they are decoded is chosen by what they hold:
 * - ASCII (checked at a few GB/s) is its own Latin-1 spelling, the fastest copy into a string;
 * - other text from {@link TRANSCODE_FROM_BYTES} on is validated as UTF-8 (simdutf) and
 *   transcoded to UTF-16 by ICU: 0.7–1.3 ns a byte where TextDecoder takes 5–7 (`é`, emoji);
 * - shorter text goes to TextDecoder, whose fixed cost is the lower.
 */
import { isAscii, isUtf8, transcode } from "node:buffer";

const decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false });

/** From this many bytes a non-ASCII text is transcoded: ICU's fixed cost is about 0.7 µs. */
const TRANSCODE_FROM_BYTES = 1024;

/** True when `b` starts with the UTF-8 byte order mark. */
const startsWithBom = (b: Buffer): boolean => b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf;

/** The text of `bytes`, or undefined when they are not valid UTF-8. */
export function decodeUtf8(bytes: Uint8Array): string | undefined {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (isAscii(buf)) return buf.toString("latin1");
  if (buf.length >= TRANSCODE_FROM_BYTES) {
    if (!isUtf8(buf)) return undefined;
    return transcode(buf.subarray(startsWithBom(buf) ? 3 : 0), "utf8", "utf16le").toString(
      "utf16le",
    );
  }
  try {
    return decoder.decode(bytes);
  } catch {
    return undefined;
  }
}
