/**
 * RFC 6901 JSON Pointer syntax: the one place where reference tokens are escaped, unescaped,
 * joined and split. Every issue pointer in the kit (schemas, codecs, checks) is built here, so a
 * key holding `/` or `~` is located the same way everywhere (`{"a/b":1}` → `/a~1b`).
 */

/** Escapes one reference token (`~` → `~0`, `/` → `~1`, in that order, RFC 6901 §3). */
export function escapeToken(token: string): string {
  if (!token.includes("~") && !token.includes("/")) return token;
  return token.replace(/~/g, "~0").replace(/\//g, "~1");
}

/** Unescapes one reference token (`~1` → `/` first, then `~0` → `~`, RFC 6901 §4). */
export function unescapeToken(token: string): string {
  if (!token.includes("~")) return token;
  return token.replace(/~1/g, "/").replace(/~0/g, "~");
}

/** Builds a pointer from unescaped tokens (`[]` → `""`, the whole document). */
export function pointerOf(tokens: readonly (string | number)[]): string {
  let out = "";
  for (const t of tokens) out += `/${escapeToken(String(t))}`;
  return out;
}

/** Appends one unescaped token to a pointer. */
export function childPointer(parent: string, token: string | number): string {
  return `${parent}/${escapeToken(String(token))}`;
}

/** Splits a pointer into unescaped tokens (`""` → none). */
export function pointerTokens(pointer: string): string[] {
  if (pointer === "") return [];
  return pointer.slice(1).split("/").map(unescapeToken);
}

/** The value at `pointer` inside `root` (own members and array indexes only; undefined when absent). */
export function valueAtPointer(root: unknown, pointer: string): unknown {
  let node: unknown = root;
  for (const token of pointerTokens(pointer)) {
    if (node === null || typeof node !== "object" || !Object.hasOwn(node, token)) return undefined;
    node = (node as Record<string, unknown>)[token];
  }
  return node;
}
