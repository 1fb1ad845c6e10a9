/**
 * Where JSON text stops being JSON (RFC 8259), said by line and column only. `JSON.parse`'s own
 * message quotes the text around the fault, which for a target or world file is a consumer
 * secret left unquoted, and its wording changes between Node versions; this one does neither.
 * Run only after `JSON.parse` refused the text, so its cost is never on a good input's path.
 */

/** RFC 8259 §6 number, anchored where it is tried. */
const NUMBER = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;
const LITERALS = ["true", "false", "null"] as const;
const ESCAPES = new Set(['"', "\\", "/", "b", "f", "n", "r", "t"]);
const HEX4 = /^[0-9a-fA-F]{4}$/;

/**
 * The offset (UTF-16 units) of the first character at which `text` is not JSON, or
 * `text.length` when it ends too soon; undefined when it is JSON. Iterative: any nesting depth.
 */
export function jsonSyntaxErrorAt(text: string): number | undefined {
  const n = text.length;
  let i = 0;
  /** Open containers: true an object, false an array. */
  const open: boolean[] = [];
  const space = () => {
    for (let c = text.charCodeAt(i); c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d; )
      c = text.charCodeAt(++i);
  };
  /** A string at `i` (its quote): true when whole, `i` after it; else `i` at the fault. */
  const string = (): boolean => {
    if (text[i] !== '"') return false;
    for (i++; i < n; ) {
      const c = text.charCodeAt(i);
      if (c === 0x22) {
        i++;
        return true;
      }
      if (c < 0x20) return false;
      if (c !== 0x5c) i++;
      else if (text[i + 1] === "u" && HEX4.test(text.slice(i + 2, i + 6))) i += 6;
      else if (ESCAPES.has(text[i + 1] ?? "")) i += 2;
      else return false;
    }
    return false;
  };
  /** A scalar at `i`: true when whole, `i` after it. */
  const scalar = (): boolean => {
    if (text[i] === '"') return string();
    const word = LITERALS.find((w) => text.startsWith(w, i));
    if (word) {
      i += word.length;
      return true;
    }
    NUMBER.lastIndex = i;
    if (!NUMBER.test(text)) return false;
    i = NUMBER.lastIndex;
    return true;
  };
  /** A member's name and colon at `i`: true when both are there, `i` at the value. */
  const name = (): boolean => {
    if (!string()) return false;
    space();
    if (text[i] !== ":") return false;
    i++;
    return true;
  };
  for (;;) {
    // a value is expected at i
    space();
    const c = text[i];
    if (c === "{" || c === "[") {
      open.push(c === "{");
      i++;
      space();
      if (text[i] === (c === "{" ? "}" : "]")) {
        open.pop();
        i++;
      } else {
        if (c === "{" && !name()) return i;
        continue;
      }
    } else if (!scalar()) return i;
    // after a value: close containers, or a comma and the next member
    for (;;) {
      space();
      if (open.length === 0) return i < n ? i : undefined;
      const inObject = open[open.length - 1];
      if (text[i] === (inObject ? "}" : "]")) {
        open.pop();
        i++;
      } else if (text[i] === ",") {
        i++;
        if (inObject) {
          space();
          if (!name()) return i;
        }
        break;
      } else return i;
    }
  }
}

/**
 * Why `text` is not JSON, by line and column (1-based, counting UTF-16 units), quoting none of
 * it: "unexpected character at line 3, column 18".
 */
export function jsonSyntaxMessage(text: string): string {
  const at = jsonSyntaxErrorAt(text);
  if (at === undefined) return "not JSON";
  if (text.trim() === "") return "no value (the text is empty)";
  const before = text.slice(0, at);
  const line = before.split("\n").length;
  const column = at - (before.lastIndexOf("\n") + 1) + 1;
  const what = at >= text.length ? "the text ends too soon" : "unexpected character";
  return `${what} at line ${line}, column ${column}`;
}
