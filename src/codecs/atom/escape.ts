/**
 * Escaping of character data and attribute values for the Atom writer. One pass over the text;
 * text without anything to escape is returned as is (no copy). Non-ASCII and astral characters
 * are kept as they are (the document is UTF-8). A character that XML 1.0 cannot carry (a C0
 * control other than tab, LF, CR; a lone surrogate; U+FFFE, U+FFFF) throws `OSK_XML_UNWRITABLE`:
 * no character reference can carry it either.
 */
import { KitError } from "../../model/kit-error.js";
import { codePointLabel } from "../../model/quote.js";

/**
 * Escapes `text` for element content: `&`, `<`, `>` (so `]]>` never appears) and CR (as `&#xD;`,
 * which a parser would otherwise turn into LF). Quotes need no escape in content and are kept.
 */
export function escapeText(text: string): string {
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x20 || c === 0x26 || c === 0x3c || c === 0x3e || c >= 0xd800) {
      return escapeFrom(text, i, false);
    }
  }
  return text;
}

/** Escapes `text` for a double- or single-quoted attribute value: `& < > " '` and tab, LF, CR. */
export function escapeAttribute(text: string): string {
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (
      c < 0x20 ||
      c === 0x26 ||
      c === 0x3c ||
      c === 0x3e ||
      c === 0x22 ||
      c === 0x27 ||
      c >= 0xd800
    ) {
      return escapeFrom(text, i, true);
    }
  }
  return text;
}

/** The slow path: `text[0, start)` needs nothing; escape from `start` on. */
function escapeFrom(text: string, start: number, attribute: boolean): string {
  let out = "";
  let last = 0;
  const n = text.length;
  for (let i = start; i < n; i++) {
    const c = text.charCodeAt(i);
    let rep: string | undefined;
    if (c < 0x20) {
      if (c === 0x0d) rep = "&#xD;";
      else if (c === 0x09) rep = attribute ? "&#x9;" : undefined;
      else if (c === 0x0a) rep = attribute ? "&#xA;" : undefined;
      else throw unwritable(text, i);
    } else if (c === 0x26) rep = "&amp;";
    else if (c === 0x3c) rep = "&lt;";
    else if (c === 0x3e) rep = "&gt;";
    else if (attribute && c === 0x22) rep = "&quot;";
    else if (attribute && c === 0x27) rep = "&apos;";
    else if (c >= 0xd800) {
      if (c <= 0xdbff) {
        const d = i + 1 < n ? text.charCodeAt(i + 1) : 0;
        if (d < 0xdc00 || d > 0xdfff) throw unwritable(text, i);
        i++;
      } else if (c <= 0xdfff || c === 0xfffe || c === 0xffff) throw unwritable(text, i);
    }
    if (rep !== undefined) {
      out += text.slice(last, i) + rep;
      last = i + 1;
    }
  }
  return last === 0 ? text : out + text.slice(last);
}

function unwritable(text: string, index: number): KitError {
  return new KitError(
    "OSK_XML_UNWRITABLE",
    `${codePointLabel(text.charCodeAt(index))} at index ${index}`,
  );
}
