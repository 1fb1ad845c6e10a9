/**
 * A single-pass, namespace-aware scanner of untrusted XML 1.0 (5th ed.) text that builds the
 * element tree directly. It stops at the first problem, and reports the one saxes 6 (strict,
 * `xmlns: true`, version forced to 1.0) reports first, with the same issue code, except where the
 * specs side against saxes (the differential test holds it to that, with libxml2 as a second
 * oracle, and lists each exception with its clause): any DOCTYPE, nesting past the limit, a
 * character outside Char [2] or a bad character reference, anything else not well-formed or not
 * namespace-well-formed, a declared encoding the text is not in (encoding.ts). There is no DTD
 * support at all: the only entities are the five predefined ones and character references. The
 * W3C XML Conformance Test Suite runs against it (test/codecs/atom/w3c-suite.test.ts).
 *
 * Linear time: every character is looked at a bounded number of times, namespace prefixes are
 * resolved through one stack per prefix, attributes are told apart by an interned namespace id
 * and their local name (bindings.ts), duplicates are found pairwise only for a few attributes (a
 * set beyond), no regular expression can backtrack, no recursion.
 */
import type { IssueCode } from "../../../model/issue.js";
import { codePointLabel } from "../../../model/quote.js";
import { Bindings } from "./bindings.js";
import {
  isAsciiNameChar,
  isChar,
  isNameChar,
  isNameStartChar,
  isNCNameStartChar,
  isS,
} from "./chars.js";
import { type XmlElement, xpathOf } from "./element.js";
import { encodingProblem, type ReadEncoding } from "./encoding.js";

/** Why the scan stopped: an issue code, a message and where. */
interface ScanError {
  readonly code: IssueCode;
  readonly message: string;
  readonly line: number;
  readonly column: number;
  readonly xpath: string;
}

type ScanResult =
  | { readonly ok: true; readonly root: XmlElement }
  | { readonly ok: false; readonly error: ScanError };

/** Thrown inside the scanner to stop it; never escapes {@link scanXml}. */
class Stop {
  constructor(readonly error: ScanError) {}
}

const EOF = -1;
const LF = 0x0a;
const CR = 0x0d;
const TAB = 0x09;
const QUOTE = 0x22;
const APOS = 0x27;
const AMP = 0x26;
const SLASH = 0x2f;
const SEMICOLON = 0x3b;
const LT = 0x3c;
const EQ = 0x3d;
const GT = 0x3e;
const QUESTION = 0x3f;
const BANG = 0x21;
const MINUS = 0x2d;
const RBRACKET = 0x5d;
const HASH = 0x23;
const LOWER_X = 0x78;
const COLON = 0x3a;

const PREDEFINED: ReadonlyMap<string, string> = new Map([
  ["amp", "&"],
  ["lt", "<"],
  ["gt", ">"],
  ["quot", '"'],
  ["apos", "'"],
]);

/** The predefined references with their `;`, by first character (the common case, unsliced). */
const PREDEFINED_BY_FIRST: Record<number, readonly (readonly [string, string])[]> = {
  97: [
    ["amp;", "&"],
    ["apos;", "'"],
  ],
  108: [["lt;", "<"]],
  103: [["gt;", ">"]],
  113: [["quot;", '"']],
};

type Attributes = Record<string, { readonly value: string }>;
const NO_ATTRIBUTES: Attributes = Object.freeze(Object.create(null) as Attributes);

/** Above this many attributes on one element, duplicates are found with a set. */
const PAIRWISE_MAX = 16;

/** `text` cut to a readable length for a message. */
function shown(text: string): string {
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

/**
 * The prefix and local part of `name` (a Name [5]), or undefined when it is not a QName
 * (Namespaces [7]): both parts NCNames [4], so the local part starts with a NameStartChar other
 * than `:` (the prefix does, as the start of the Name) and holds no `:`.
 */
function splitQName(name: string): [prefix: string, local: string] | undefined {
  const colon = name.indexOf(":");
  if (colon === -1) return ["", name];
  const prefix = name.slice(0, colon);
  const local = name.slice(colon + 1);
  if (prefix === "" || local === "" || local.includes(":")) return undefined;
  if (!isNCNameStartChar(local.codePointAt(0) as number)) return undefined;
  return [prefix, local];
}

class Scanner {
  private i = 0;
  private line = 1;
  /** Index of the first character of the current line. */
  private lineStart = 0;
  /** Surrogate pairs read since `lineStart` (a column counts characters, not code units). */
  private astral = 0;
  /**
   * Where the document starts: after a byte order mark, an encoding signature that is no
   * character of the document (XML 1.0 §4.3.3), so no column counts it; the only place for an
   * XML declaration.
   */
  private docStart = 0;
  private depth = 0;
  private root: XmlElement | undefined;
  private current: XmlElement | undefined;
  private sawRoot = false;
  private closedRoot = false;
  /** Qualified names of the open elements, and the prefixes each declared. */
  private readonly openNames: string[] = [];
  private readonly openDeclared: (string[] | undefined)[] = [];
  /** Surrogate pairs in each open element's name (for the column when its end tag is read). */
  private readonly openAstral: number[] = [];
  private nameAstral = 0;
  private readonly ns = new Bindings();
  /** The start tag being read: its attributes and the prefixes it declares. */
  private attrCount = 0;
  private readonly attrNames: string[] = [];
  private readonly attrPrefixes: string[] = [];
  private readonly attrLocals: string[] = [];
  private readonly attrValues: string[] = [];
  private readonly eqNames: string[] = [];
  private declared: string[] | undefined;

  constructor(
    private readonly s: string,
    private readonly maxDepth: number,
    /** The encoding `s` was decoded from, which a declaration must name. */
    private readonly read: ReadEncoding,
  ) {}

  run(): XmlElement {
    if (this.s.charCodeAt(0) === 0xfeff) this.i = 1;
    this.docStart = this.lineStart = this.i;
    for (;;) {
      const more = this.current === undefined ? this.textOutside() : this.textInside();
      if (!more) break;
      this.markup();
    }
    if (!this.sawRoot || !this.root) this.fail("xml-malformed", "no root element");
    if (this.current) this.fail("xml-malformed", `unclosed tag <${this.top()}>`);
    return this.root;
  }

  private top(): string {
    return this.openNames[this.openNames.length - 1] ?? "";
  }

  private fail(code: IssueCode, message: string): never {
    throw new Stop({
      code,
      message,
      line: this.line,
      column: this.i - this.lineStart - this.astral,
      xpath: this.current ? xpathOf(this.current) : "/",
    });
  }

  private malformed(message: string): never {
    this.fail("xml-malformed", message);
  }

  private unexpectedEnd(): never {
    this.malformed("unexpected end of the document");
  }

  private newline(at: number): void {
    this.line++;
    this.lineStart = at;
    this.astral = 0;
  }

  /**
   * Reads one character (a code point) and checks it against Char [2]; CR and CRLF read as LF
   * (end-of-line handling, 2.11). EOF at the end.
   */
  private next(): number {
    const s = this.s;
    const i = this.i;
    if (i >= s.length) return EOF;
    const c = s.charCodeAt(i);
    this.i = i + 1;
    if (c >= 0x20 && c < 0xd800) return c;
    if (c === LF) {
      this.newline(i + 1);
      return LF;
    }
    if (c === CR) {
      if (s.charCodeAt(i + 1) === LF) this.i = i + 2;
      this.newline(this.i);
      return LF;
    }
    if (c === TAB) return c;
    if (c < 0x20) this.invalidChar(c);
    if (c >= 0xdc00) {
      if (c <= 0xdfff || c >= 0xfffe) this.invalidChar(c);
      return c;
    }
    const d = s.charCodeAt(i + 1);
    if (!(d >= 0xdc00 && d <= 0xdfff)) this.invalidChar(c);
    this.i = i + 2;
    this.astral++;
    return 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
  }

  private invalidChar(c: number): never {
    this.fail("xml-invalid-char", `${codePointLabel(c)} is not an XML character`);
  }

  /**
   * Past the character at `i`, one that is not plain (a control character, or U+D800 and above):
   * a surrogate pair or U+E000–U+FFFD at once, anything else through {@link next}.
   */
  private past(i: number): number {
    const s = this.s;
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        this.astral++;
        return i + 2;
      }
    } else if (c >= 0xe000 && c <= 0xfffd) return i + 1;
    this.i = i;
    this.next();
    return this.i;
  }

  /** Puts back `c`, a name character just read (never a line end). */
  private unread(c: number): void {
    if (c >= 0x10000) {
      this.i -= 2;
      this.astral--;
    } else this.i -= 1;
  }

  /** Reads past white space (S [3]); the first other character, or EOF. */
  private skipSpaces(): number {
    for (;;) {
      const c = this.next();
      if (c !== 0x20 && c !== LF && c !== TAB) return c;
    }
  }

  /**
   * The end of the run of NameChar [4a] from `i` (without `:` unless `colon`), counting
   * surrogate pairs for the column.
   */
  private nameEnd(i: number, colon: boolean): number {
    const s = this.s;
    for (;;) {
      const c = s.charCodeAt(i);
      if (c < 0x80) {
        if (isAsciiNameChar(c) && (colon || c !== COLON)) {
          i++;
          continue;
        }
        return i;
      }
      if (!(c >= 0x80)) return i; // NaN: the end
      if (c >= 0xd800 && c <= 0xdbff) {
        const d = s.charCodeAt(i + 1);
        if (
          d >= 0xdc00 &&
          d <= 0xdfff &&
          isNameChar(0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00))
        ) {
          i += 2;
          this.astral++;
          continue;
        }
        return i;
      }
      if (!isNameChar(c)) return i;
      i++;
    }
  }

  /** Text before or after the root element: white space only. True when a `<` follows. */
  private textOutside(): boolean {
    const s = this.s;
    let nonSpace = false;
    for (;;) {
      if (this.i >= s.length) {
        if (nonSpace) this.malformed("text outside the root element");
        return false;
      }
      const c = s.charCodeAt(this.i);
      if (c === LT) {
        if (nonSpace) this.malformed("text outside the root element");
        this.i++;
        return true;
      }
      if (c === AMP) {
        this.i++;
        this.malformed("a reference outside the root element");
      }
      if (!isS(this.next())) nonSpace = true;
    }
  }

  /** Character data inside an element, with references. True when a `<` follows. */
  private textInside(): boolean {
    const s = this.s;
    const len = s.length;
    const el = this.current as XmlElement;
    let i = this.i;
    let start = i;
    let run = i;
    for (;;) {
      if (i >= len) {
        this.i = i;
        return false;
      }
      const c = s.charCodeAt(i);
      if (c === LT) {
        if (i > start) el.text += s.slice(start, i);
        this.i = i + 1;
        return true;
      }
      if (c === AMP) {
        if (i > start) el.text += s.slice(start, i);
        this.i = i + 1;
        el.text += this.reference();
        i = start = run = this.i;
        continue;
      }
      if (c === GT) {
        if (i - 2 >= run && s.charCodeAt(i - 1) === RBRACKET && s.charCodeAt(i - 2) === RBRACKET) {
          this.i = i;
          this.malformed('"]]>" is not allowed in character data');
        }
        i++;
        continue;
      }
      if (c >= 0x20 && c < 0xd800) {
        i++;
        continue;
      }
      if (c === LF) {
        i++;
        this.newline(i);
      } else if (c === CR) {
        el.text += `${s.slice(start, i)}\n`;
        i++;
        if (s.charCodeAt(i) === LF) i++;
        this.newline(i);
        start = i;
      } else if (c === TAB) {
        i++;
      } else i = this.past(i);
    }
  }

  /** After `&`: a reference up to its `;`, replaced. */
  private reference(): string {
    const s = this.s;
    let j = this.i;
    const fast = PREDEFINED_BY_FIRST[s.charCodeAt(j)];
    if (fast) {
      for (const [ref, value] of fast) {
        if (s.startsWith(ref, j)) {
          this.i = j + ref.length;
          return value;
        }
      }
    }
    if (s.charCodeAt(j) === HASH) {
      const code = this.shortCharRef(j + 1);
      if (code >= 0) return String.fromCodePoint(code);
    }
    for (;;) {
      const c = s.charCodeAt(j);
      if (c === SEMICOLON) break;
      if (!(c >= 0x20 && c < 0xd800)) {
        j = -1;
        break;
      }
      j++;
    }
    let name: string;
    if (j >= 0) {
      name = s.slice(this.i, j);
      this.i = j + 1;
    } else {
      // A line end, tab or character from U+D800 on before the `;`: never one of the names a
      // reference may have, so read to the `;` (checking each character) and refuse, unbuilt.
      const from = this.i;
      for (;;) {
        const c = this.next();
        if (c === EOF) this.malformed("a reference without its ;");
        if (c === SEMICOLON) break;
      }
      name = s.slice(from, this.i - 1);
      const code: IssueCode = name.charCodeAt(0) === HASH ? "xml-invalid-char" : "xml-malformed";
      this.fail(code, `&${shown(name)}; is neither a predefined entity nor a character reference`);
    }
    if (name === "") this.malformed("an empty reference &;");
    if (name.charCodeAt(0) !== HASH) {
      const value = PREDEFINED.get(name);
      if (value === undefined) {
        this.malformed(`undeclared entity &${shown(name)}; (only the five predefined exist)`);
      }
      return value;
    }
    let code = Number.NaN;
    if (name.charCodeAt(1) === LOWER_X && /^#x[0-9a-f]+$/i.test(name)) {
      code = Number.parseInt(name.slice(2), 16);
    } else if (/^#[0-9]+$/.test(name)) {
      code = Number.parseInt(name.slice(1), 10);
    }
    if (!isChar(code)) {
      this.fail("xml-invalid-char", `&${shown(name)}; is not a reference to an XML character`);
    }
    return String.fromCodePoint(code);
  }

  /**
   * The common character reference after `&#` (at `k`): up to 6 hex or 7 decimal digits, `;`, an
   * XML character; its code, read past. Otherwise -1, and the general reading decides.
   */
  private shortCharRef(k: number): number {
    const s = this.s;
    const hex = s.charCodeAt(k) === LOWER_X;
    if (hex) k++;
    const from = k;
    let code = 0;
    for (; k - from < 7; k++) {
      const c = s.charCodeAt(k);
      let digit = c - 0x30;
      if (hex && !(digit >= 0 && digit <= 9)) {
        const letter = c | 0x20;
        digit = letter >= 0x61 && letter <= 0x66 ? letter - 0x61 + 10 : -1;
      }
      if (!(digit >= 0 && digit < (hex ? 16 : 10))) break;
      code = code * (hex ? 16 : 10) + digit;
    }
    if (k === from || s.charCodeAt(k) !== SEMICOLON || !isChar(code)) return -1;
    this.i = k + 1;
    return code;
  }

  /** After `<`. */
  private markup(): void {
    const c = this.next();
    if (isNameStartChar(c)) {
      this.unread(c);
      this.startTag();
    } else if (c === SLASH) this.endTag();
    else if (c === BANG) this.bang();
    else if (c === QUESTION) this.pi();
    else if (c === EOF) this.unexpectedEnd();
    else this.malformed("< not followed by a name, /, ! or ?");
  }

  private startTag(): void {
    const from = this.i;
    const astral = this.astral;
    this.i = this.nameEnd(from, true);
    this.nameAstral = this.astral - astral;
    const name = this.s.slice(from, this.i);
    let c = this.next();
    if (c === EOF) this.unexpectedEnd();
    if (this.closedRoot) this.malformed("a second root element");
    this.sawRoot = true;
    this.attrCount = 0;
    this.declared = undefined;
    if (this.tagEnd(c, name)) return;
    if (!isS(c)) this.malformed(`disallowed character in the tag <${shown(name)}>`);
    for (;;) {
      c = this.skipSpaces();
      if (this.tagEnd(c, name)) return;
      if (c === EOF) this.unexpectedEnd();
      if (!isNameStartChar(c)) this.malformed("disallowed character in an attribute name");
      this.unread(c);
      const at = this.i;
      this.i = this.nameEnd(at, true);
      const attr = this.s.slice(at, this.i);
      c = this.next();
      if (c !== EQ) {
        if (c === EOF) this.unexpectedEnd();
        if (!isS(c)) this.malformed(`attribute ${shown(attr)} without a value`);
        c = this.skipSpaces();
        if (c === EOF) this.unexpectedEnd();
        if (c !== EQ) this.malformed(`attribute ${shown(attr)} without a value`);
      }
      c = this.skipSpaces();
      if (c === EOF) this.unexpectedEnd();
      if (c !== QUOTE && c !== APOS) this.malformed(`unquoted value of attribute ${shown(attr)}`);
      this.attribute(attr, this.attributeValue(c));
      c = this.next();
      if (this.tagEnd(c, name)) return;
      if (c === EOF) this.unexpectedEnd();
      if (!isS(c)) {
        this.malformed(
          isNameStartChar(c)
            ? "no white space between attributes"
            : "disallowed character after an attribute value",
        );
      }
    }
  }

  /** True when `c` ended the start tag `name` (`>`, or `/` and then `>`). */
  private tagEnd(c: number, name: string): boolean {
    if (c === GT) this.openTag(name, false);
    else if (c === SLASH) this.selfClose(name);
    else return false;
    return true;
  }

  private selfClose(name: string): void {
    const c = this.next();
    if (c === EOF) this.unexpectedEnd();
    if (c !== GT) this.malformed("/ not followed by > in a start tag");
    this.openTag(name, true);
  }

  /** After the opening quote `q`: the normalized value (3.3.3), the closing quote read. */
  private attributeValue(q: number): string {
    const s = this.s;
    const len = s.length;
    let i = this.i;
    let start = i;
    let value = "";
    for (;;) {
      if (i >= len) {
        this.i = i;
        this.unexpectedEnd();
      }
      const c = s.charCodeAt(i);
      if (c === q) {
        this.i = i + 1;
        return i > start ? value + s.slice(start, i) : value;
      }
      if (c === AMP) {
        value += s.slice(start, i);
        this.i = i + 1;
        value += this.reference();
        i = start = this.i;
        continue;
      }
      if (c === LT) {
        this.i = i + 1;
        this.malformed("< in an attribute value");
      }
      if (c >= 0x20 && c < 0xd800) {
        i++;
        continue;
      }
      if (c === TAB || c === LF || c === CR) {
        value += `${s.slice(start, i)} `;
        i++;
        if (c === CR && s.charCodeAt(i) === LF) i++;
        if (c !== TAB) this.newline(i);
        start = i;
      } else i = this.past(i);
    }
  }

  /**
   * An attribute just read: a namespace declaration takes effect for its element at once. The
   * namespace name is the attribute's normalised value (3.3.3) as it is (Namespaces §3): only
   * `xmlns=""` undeclares (the default namespace, Namespaces §6.2), and `xmlns:p=""` is refused
   * (§3).
   */
  private attribute(name: string, value: string): void {
    const q = splitQName(name);
    if (!q) this.malformed(`${shown(name)} is not a qualified name`);
    const [prefix, local] = q;
    if (prefix === "xmlns") {
      if (value === "") this.malformed(`xmlns:${shown(local)}="" (a prefix cannot be undeclared)`);
      this.declare(local, value);
    } else if (name === "xmlns") {
      this.declare("", value);
    }
    const n = this.attrCount++;
    this.attrNames[n] = name;
    this.attrPrefixes[n] = prefix;
    this.attrLocals[n] = local;
    this.attrValues[n] = value;
  }

  /** Binds `prefix` ("" for the default namespace) to `uri`, with the rules of Namespaces 3. */
  private declare(prefix: string, uri: string): void {
    const refused = this.ns.declare(prefix, uri);
    if (refused !== undefined) this.malformed(refused);
    if (this.declared) this.declared.push(prefix);
    else this.declared = [prefix];
  }

  /** The start tag `name` ended (with `/>` when `empty`): check its names, open the element. */
  private openTag(name: string, empty: boolean): void {
    const colon = name.indexOf(":");
    let prefix = "";
    let local = name;
    if (colon !== -1) {
      const q = splitQName(name);
      if (!q) this.malformed(`${shown(name)} is not a qualified name`);
      [prefix, local] = q;
    }
    if (prefix === "xmlns") this.malformed("an element name cannot have the prefix xmlns");
    const id = this.ns.resolve(prefix);
    if (id < 0) this.malformed(`unbound namespace prefix ${shown(prefix)}`);
    const uri = this.ns.name(id);
    const attributes = this.attrCount === 0 ? NO_ATTRIBUTES : this.attributes();
    if (++this.depth > this.maxDepth) {
      const where = this.current ? `${xpathOf(this.current)}/*` : "/";
      throw new Stop({
        code: "xml-too-deep",
        message: `elements nested deeper than ${this.maxDepth}`,
        line: this.line,
        column: this.i - this.lineStart - this.astral,
        xpath: where,
      });
    }
    const parent = this.current;
    const el: XmlElement = {
      uri,
      local,
      parent,
      children: [],
      text: "",
      line: this.line,
      column: this.i - this.lineStart - this.astral,
      attributes,
    };
    if (parent) parent.children.push(el);
    else this.root = el;
    if (empty) {
      this.ns.undeclare(this.declared);
      this.depth--;
      if (!parent) this.closedRoot = true;
    } else {
      this.openNames.push(name);
      this.openAstral.push(this.nameAstral);
      this.openDeclared.push(this.declared);
      this.current = el;
    }
  }

  /**
   * The attributes of the start tag just read, checked for unbound prefixes and duplicates
   * (Namespaces §6.3): one without a prefix is known by its name, one with a prefix by the id of
   * its namespace name and its local part (`id:local`; a name without a prefix has no `:`).
   */
  private attributes(): Attributes {
    const n = this.attrCount;
    const { attrNames, attrPrefixes, attrLocals, attrValues, eqNames } = this;
    const seen = n > PAIRWISE_MAX ? new Set<string>() : undefined;
    for (let k = 0; k < n; k++) {
      const prefix = attrPrefixes[k] as string;
      let eq = attrNames[k] as string;
      if (prefix !== "") {
        const id = this.ns.resolve(prefix);
        if (id < 0) this.malformed(`unbound namespace prefix ${shown(prefix)}`);
        eq = `${id}:${attrLocals[k]}`;
      }
      let dup = false;
      if (seen) {
        dup = seen.has(eq);
        seen.add(eq);
      } else {
        for (let m = 0; m < k; m++) if (eqNames[m] === eq) dup = true;
        eqNames[k] = eq;
      }
      if (dup) this.malformed(`duplicate attribute ${shown(attrNames[k] as string)}`);
    }
    const attributes: Attributes = Object.create(null);
    for (let k = 0; k < n; k++) {
      attributes[attrNames[k] as string] = { value: attrValues[k] as string };
    }
    return attributes;
  }

  /** After `</`. */
  private endTag(): void {
    const s = this.s;
    const from = this.i;
    const open = this.current;
    if (open) {
      // The common case: the open element's name and `>` (the name ends there: `>` is no NameChar).
      const top = this.top();
      const gt = from + top.length;
      if (s.charCodeAt(gt) === GT && s.startsWith(top, from)) {
        this.astral += this.openAstral[this.openAstral.length - 1] as number;
        this.i = gt + 1;
        this.close(open);
        return;
      }
    }
    const end = this.nameEnd(from, true);
    this.i = end;
    let c = this.next();
    if (c !== GT) {
      if (c === EOF) this.unexpectedEnd();
      if (!isS(c))
        this.malformed(`disallowed character in the end tag </${shown(s.slice(from, end))}>`);
      c = this.skipSpaces();
      if (c === EOF) this.unexpectedEnd();
      if (c !== GT)
        this.malformed(`disallowed character in the end tag </${shown(s.slice(from, end))}>`);
    }
    if (end === from) this.malformed("an end tag without a name");
    const el = this.current;
    if (!el) this.malformed(`end tag </${shown(s.slice(from, end))}> without its start tag`);
    const top = this.top();
    if (end - from !== top.length || !s.startsWith(top, from)) {
      this.malformed(`end tag </${shown(s.slice(from, end))}> does not match <${shown(top)}>`);
    }
    this.close(el);
  }

  /** Closes `el`, the innermost open element. */
  private close(el: XmlElement): void {
    this.openNames.pop();
    this.openAstral.pop();
    this.ns.undeclare(this.openDeclared.pop());
    this.depth--;
    this.current = el.parent;
    if (!this.current) this.closedRoot = true;
  }

  /** After `<!`: a comment, a CDATA section or a DOCTYPE. */
  private bang(): void {
    let seen = "";
    for (;;) {
      const c = this.next();
      if (c === EOF) this.unexpectedEnd();
      seen += String.fromCodePoint(c);
      if (seen === "--") {
        this.comment();
        return;
      }
      if (seen === "[CDATA[") {
        this.cdata();
        return;
      }
      if (seen === "DOCTYPE") {
        if (this.sawRoot) this.malformed("a DOCTYPE after the start of the root element");
        this.fail("xml-doctype", "a DOCTYPE is not accepted (no DTDs, no entities)");
      }
      if (seen.length >= 7) this.malformed("<! not followed by --, [CDATA[ or DOCTYPE");
    }
  }

  /** After `<!--`: up to `-->`; `--` inside is not allowed. */
  private comment(): void {
    const s = this.s;
    for (;;) {
      const c = s.charCodeAt(this.i);
      if (c === MINUS && s.charCodeAt(this.i + 1) === MINUS) {
        this.i += 2;
        const after = this.next();
        if (after === EOF) this.unexpectedEnd();
        if (after !== GT) this.malformed("-- inside a comment");
        return;
      }
      if (c > 0x20 && c < 0xd800) this.i++;
      else if (this.next() === EOF) this.unexpectedEnd();
    }
  }

  /** After `<![CDATA[`: up to `]]>`, added to the element's text. */
  private cdata(): void {
    if (!this.sawRoot || this.closedRoot)
      this.malformed("a CDATA section outside the root element");
    const s = this.s;
    const len = s.length;
    const el = this.current as XmlElement;
    let i = this.i;
    let start = i;
    let text = "";
    for (;;) {
      if (i >= len) {
        this.i = i;
        this.unexpectedEnd();
      }
      const c = s.charCodeAt(i);
      if (c === RBRACKET && s.charCodeAt(i + 1) === RBRACKET && s.charCodeAt(i + 2) === GT) {
        el.text += text + s.slice(start, i);
        this.i = i + 3;
        return;
      }
      if (c >= 0x20 && c < 0xd800) i++;
      else if (c === LF) {
        i++;
        this.newline(i);
      } else if (c === CR) {
        text += `${s.slice(start, i)}\n`;
        i++;
        if (s.charCodeAt(i) === LF) i++;
        this.newline(i);
        start = i;
      } else i = this.past(i);
    }
  }

  /** After `<?`: a processing instruction, or the XML declaration. */
  private pi(): void {
    const at = this.i - 2;
    let c = this.next();
    if (c === EOF) this.unexpectedEnd();
    if (!isNCNameStartChar(c)) {
      this.malformed(
        c === QUESTION || isS(c)
          ? "a processing instruction without a target"
          : "disallowed character in a processing instruction target",
      );
    }
    this.unread(c);
    const from = this.i;
    this.i = this.nameEnd(from, false);
    const target = this.s.slice(from, this.i);
    c = this.next();
    if (c === EOF) this.unexpectedEnd();
    if (c !== QUESTION && !isS(c)) {
      this.malformed("disallowed character in a processing instruction target");
    }
    if (target === "xml") {
      if (at !== this.docStart) {
        this.malformed("the XML declaration must be at the start of the document");
      }
      this.xmlDeclaration(c);
      return;
    }
    if (c === QUESTION) {
      // PI [16]: white space after the target, unless `?>` ends the PI at once.
      if (this.s.charCodeAt(this.i) !== GT) {
        this.malformed("white space required after a processing instruction target");
      }
      this.i--;
    }
    const s = this.s;
    for (;;) {
      const d = s.charCodeAt(this.i);
      if (d === QUESTION && s.charCodeAt(this.i + 1) === GT) {
        this.i += 2;
        break;
      }
      if (d > 0x20 && d < 0xd800) this.i++;
      else if (this.next() === EOF) this.unexpectedEnd();
    }
    if (target.toLowerCase() === "xml") {
      this.malformed(`the processing instruction target ${target} is reserved`);
    }
  }

  /**
   * After `<?xml` and `c` (white space or `?`): the XML declaration [23] (version, then
   * encoding, then standalone; the version is read as 1.0 whatever it says).
   */
  private xmlDeclaration(c: number): void {
    let expects = ["version"];
    if (c !== QUESTION) {
      for (;;) {
        c = this.skipSpaces();
        if (c === QUESTION) break;
        if (c === EOF) this.unexpectedEnd();
        // names and values are sliced from the text, never built a character at a time (a
        // megabyte-long name would cost a string per character)
        const nameStart = this.i - (c > 0xffff ? 2 : 1);
        let nameEnd = this.i;
        for (;;) {
          nameEnd = this.i;
          c = this.next();
          if (c === EOF) this.unexpectedEnd();
          if (c === EQ || c === QUESTION || isS(c)) break;
        }
        const name = this.s.slice(nameStart, nameEnd);
        if (c === QUESTION) this.malformed("the XML declaration is incomplete");
        if (!expects.includes(name)) {
          this.malformed(
            expects.length === 0
              ? "nothing may follow standalone in the XML declaration"
              : `expected ${expects.join(" or ")} in the XML declaration`,
          );
        }
        while (c !== EQ) {
          c = this.next();
          if (c === QUESTION) this.malformed("the XML declaration is incomplete");
          if (c === EOF) this.unexpectedEnd();
          if (!isS(c) && c !== EQ) this.malformed(`${name} without a value`);
        }
        const q = this.skipSpaces();
        if (q === QUESTION) this.malformed("the XML declaration is incomplete");
        if (q === EOF) this.unexpectedEnd();
        if (q !== QUOTE && q !== APOS) this.malformed(`${name} value must be quoted`);
        const valueStart = this.i;
        let valueEnd = this.i;
        for (;;) {
          valueEnd = this.i;
          const d = this.next();
          if (d === EOF) this.unexpectedEnd();
          if (d === QUESTION) this.malformed("the XML declaration is incomplete");
          if (d === q) break;
        }
        const value = this.s.slice(valueStart, valueEnd);
        if (name === "version") {
          expects = ["encoding", "standalone"];
          if (!/^1\.[0-9]+$/.test(value)) this.malformed("version must be 1.x");
        } else if (name === "encoding") {
          if (!/^[A-Za-z][A-Za-z0-9._-]*$/.test(value)) this.malformed("malformed encoding name");
          const refused = encodingProblem(value, this.s, this.docStart > 0, this.read);
          if (refused !== undefined) this.malformed(`encoding="${shown(value)}": ${refused}`);
          expects = ["standalone"];
        } else {
          if (value !== "yes" && value !== "no") this.malformed('standalone must be "yes" or "no"');
          expects = [];
        }
        c = this.next();
        if (c === QUESTION) break;
        if (!isS(c)) this.malformed("white space required in the XML declaration");
      }
    }
    c = this.next();
    if (c !== GT) this.malformed("? not followed by > in the XML declaration");
    if (expects.includes("version")) this.malformed("the XML declaration must have a version");
  }
}

/**
 * Scans `text` (decoded from `read`) into its element tree, stopping at the first problem. Never
 * throws.
 */
export function scanXml(text: string, maxDepth: number, read: ReadEncoding = "UTF-8"): ScanResult {
  const scanner = new Scanner(text, maxDepth, read);
  try {
    return { ok: true, root: scanner.run() };
  } catch (e) {
    if (e instanceof Stop) return { ok: false, error: e.error };
    const message = e instanceof Error ? e.message : String(e);
    return {
      ok: false,
      error: { code: "xml-malformed", message, line: 0, column: 0, xpath: "/" },
    };
  }
}
