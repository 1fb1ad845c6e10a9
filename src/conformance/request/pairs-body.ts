/**
 * A `{ "pairs": n }` body: keys `<prefix>0`, `<prefix>1`, … each with `v<i>`, or all with one
 * filler value (`valueChar` repeated `valueLength` times: the large-record cases of P-DATA-1 and
 * P-DATA-7), as a JSON object in key order or as a form. A filler is encoded once, not once a
 * pair, and kept for the next body with the same filler (a case sends several in a row).
 */

/** What a pairs body holds. */
export interface PairsBodySpec {
  readonly prefix: string;
  readonly count: number;
  readonly filler?: { readonly char: string; readonly length: number };
  readonly form: boolean;
}

const enc = new TextEncoder();

/** The last filler encoded: its spelling and its bytes. */
let lastFiller: { readonly id: string; readonly bytes: Uint8Array } | undefined;

/** The filler's bytes as a JSON string or a form value. */
function fillerBytes(filler: NonNullable<PairsBodySpec["filler"]>, form: boolean): Uint8Array {
  const id = `${form}:${filler.length}:${filler.char}`;
  if (lastFiller?.id !== id) {
    const value = filler.char.repeat(filler.length);
    lastFiller = {
      id,
      bytes: enc.encode(form ? encodeURIComponent(value) : JSON.stringify(value)),
    };
  }
  return lastFiller.bytes;
}

/**
 * The body's bytes: `{"<prefix>0":"v0",…}` (JSON.stringify's spelling) or
 * `<prefix>0=v0&…` (values percent-encoded, keys as they are).
 */
export function pairsBody(spec: PairsBodySpec): Uint8Array {
  const { form } = spec;
  const keys = Array.from({ length: spec.count }, (_, i) => `${spec.prefix}${i}`);
  if (!spec.filler) {
    // `v<i>` needs no escape in either spelling
    const pairs = keys.map((key, i) => (form ? `${key}=v${i}` : `${JSON.stringify(key)}:"v${i}"`));
    return enc.encode(form ? pairs.join("&") : `{${pairs.join(",")}}`);
  }
  // the filler's bytes between the keys' (JSON.stringify's spelling, pair by pair)
  const filler = fillerBytes(spec.filler, form);
  const [open, separator, close] = form ? ["", "&", ""] : ["{", ",", "}"];
  const pieces: Uint8Array[] = [];
  for (const [i, key] of keys.entries()) {
    const name = form ? `${key}=` : `${JSON.stringify(key)}:`;
    pieces.push(enc.encode(`${i === 0 ? open : separator}${name}`), filler);
  }
  pieces.push(enc.encode(keys.length === 0 ? `${open}${close}` : close));
  return Buffer.concat(pieces);
}
