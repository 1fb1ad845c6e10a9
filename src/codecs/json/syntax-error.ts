/**
 * Where JSON text stops being JSON (RFC 8259), said by line and column only. `JSON.parse`'s own
 * message quotes the text around the fault, which for a target or world file is a consumer
 * secret left unquoted, and its wording changes between Node versions; this one does neither.
 * Run only after `JSON.parse` refused the text, so its cost is never on a good input's path.
 */

const LITERALS: Readonly<Record<string, string>> = { t: "true", f: "false", n: "null" };
const ESCAPES = new Set(['"', "\\", "/", "b", "f", "n", "r", "t"]);
const isDigit = (c: string | undefined): boolean => c !== undefined && c >= "0" && c <= "9";
const isHex = (c: string | undefined): boolean => c !== undefined && /^[0-9a-fA-F]$/.test(c);

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
  // Each reader below takes the token at `i`: true when it is whole, `i` after it; false with
  // `i` at the first character that cannot continue it (`n` when the text ended first).
  /** A string at its opening quote. */
  const string = (): boolean => {
    if (text[i] !== '"') return false;
    for (i++; i < n; ) {
      const c = text.charCodeAt(i);
      if (c === 0x22) {
        i++;
        return true;
      }
      if (c < 0x20) return false;
      if (c !== 0x5c) {
        i++;
        continue;
      }
      i++; // the escape's letter
      if (i >= n) return false;
      if (text[i] !== "u") {
        if (!ESCAPES.has(text[i] ?? "")) return false;
        i++;
        continue;
      }
      for (let k = 0; k < 4; k++) if (!isHex(text[++i])) return false;
      i++;
    }
    return false;
  };
  /** `true`, `false` or `null`, starting with its first letter. */
  const literal = (word: string): boolean => {
    for (const c of word) {
      if (text[i] !== c) return false;
      i++;
    }
    return true;
  };
  /** An RFC 8259 §6 number. */
  const number = (): boolean => {
    if (text[i] === "-") i++;
    if (text[i] === "0") i++;
    else if (isDigit(text[i])) while (isDigit(text[i])) i++;
    else return false;
    if (text[i] === ".") {
      if (!isDigit(text[++i])) return false;
      while (isDigit(text[i])) i++;
    }
    if (text[i] === "e" || text[i] === "E") {
      i++;
      if (text[i] === "+" || text[i] === "-") i++;
      if (!isDigit(text[i])) return false;
      while (isDigit(text[i])) i++;
    }
    return true;
  };
  /** A string, literal or number. */
  const scalar = (): boolean => {
    const c = text[i];
    if (c === '"') return string();
    const word = c === undefined ? undefined : LITERALS[c];
    if (word) return literal(word);
    return c === "-" || isDigit(c) ? number() : false;
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
 * it: "unexpected character at line 3, column 18". A text that starts with a byte order mark
 * says so: RFC 8259 §8.1 forbids a sender one, and "unexpected character" at the first column
 * would point at a character no editor shows.
 */
export function jsonSyntaxMessage(text: string): string {
  const at = jsonSyntaxErrorAt(text);
  if (at === undefined) return "not JSON";
  if (at === 0 && text.startsWith("\uFEFF"))
    return "a byte order mark (U+FEFF) before the value, at line 1, column 1 (RFC 8259 §8.1 forbids a sender one)";
  if (/^[ \t\n\r]*$/.test(text)) return "no value (the text is empty)";
  const before = text.slice(0, at);
  const line = before.split("\n").length;
  const column = at - (before.lastIndexOf("\n") + 1) + 1;
  const what = at >= text.length ? "the text ends too soon" : "unexpected character";
  return `${what} at line ${line}, column ${column}`;
}
