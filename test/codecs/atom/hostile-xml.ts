/**
 * Hostile XML shapes shared by the scanner's bound tests and the runner's: built at a given size
 * in bytes (ASCII, so characters and bytes agree), never above it.
 */

/** ` ${name}${i}="${value}"` for i = 0, 1, …, at most `room` characters in all. */
export function attributes(name: string, room: number, value = ""): string {
  let out = "";
  for (let i = 0; ; i++) {
    const a = ` ${name}${i}="${value}"`;
    if (out.length + a.length > room) return out;
    out += a;
  }
}

/** Options of {@link manyPrefixedAttributes}. */
export interface PrefixedOptions {
  /** The root element's name (default `r`). */
  readonly root?: string;
  /** More attributes of the root, written first (with their leading space). */
  readonly rootAttributes?: string;
  /** End with `q:a0`, `q` bound to the same namespace name: a duplicate of `p:a0`. */
  readonly duplicate?: boolean;
}

/**
 * One long namespace name bound to `p` on the root element (half the document; a third, bound
 * to `q` too, with `duplicate`), and prefixed attributes `p:aN` filling the rest: the shape that
 * cost attributes × namespace-name length when each attribute was keyed by its full namespace
 * name.
 */
export function manyPrefixedAttributes(bytes: number, options: PrefixedOptions = {}): string {
  const { root = "r", rootAttributes = "", duplicate = false } = options;
  const uri = `urn:${"u".repeat(Math.floor(bytes / (duplicate ? 3 : 2)))}`;
  const head = `<${root}${rootAttributes} xmlns:p="${uri}"${duplicate ? ` xmlns:q="${uri}"` : ""}`;
  const tail = `${duplicate ? ' q:a0=""' : ""}/>`;
  return `${head}${attributes("p:a", bytes - head.length - tail.length)}${tail}`;
}
