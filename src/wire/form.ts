/**
 * Form-encoded text (`application/x-www-form-urlencoded`: a query, a form body) read into pairs
 * in order, as OAuth signs them (RFC 5849 §3.4.1.3.1) and as the write path stores them
 * (P-DATA-2): `&`-separated segments, empty ones skipped; the name before the first `=`, the
 * value after it (empty without one); `+` is a space and `%XX` escapes are UTF-8.
 */
import { fail, issue, ok, type Result } from "../model/issue.js";

/** One decoded pair. */
type FormPair = readonly [name: string, value: string];

/** Decodes one component (`+` as space); throws `URIError` on a malformed escape. */
function decodeComponent(text: string): string {
  if (!text.includes("%") && !text.includes("+")) return text;
  return decodeURIComponent(text.replace(/\+/g, " "));
}

/**
 * The pairs of `text`, in order, repeats kept. With `maxPairs`, reading stops after that many
 * (the rest is neither decoded nor checked). A malformed escape (`%ZZ`, an escape that is not
 * UTF-8) is a `form-malformed` issue.
 */
export function decodeForm(text: string, maxPairs = Number.POSITIVE_INFINITY): Result<FormPair[]> {
  const out: FormPair[] = [];
  for (const seg of text.split("&")) {
    if (out.length >= maxPairs) break;
    if (seg === "") continue;
    const eq = seg.indexOf("=");
    try {
      out.push([
        decodeComponent(eq < 0 ? seg : seg.slice(0, eq)),
        eq < 0 ? "" : decodeComponent(seg.slice(eq + 1)),
      ]);
    } catch {
      return fail([
        issue("form-malformed", "", `pair ${out.length + 1} holds a malformed percent escape`),
      ]);
    }
  }
  return ok(out);
}
