// The benchmark document: one application-data response of 50 users with 10
// keys each, every value escaping-heavy (markup characters, `]]>`, CR/LF, non-ASCII, astral).
import type { AppDataResponse } from "../../src/model/responses.js";

const PIECES = [
  "Tom & Jerry <b>bold</b> \"quoted\" 'single'",
  "x&amp;y stays x&amp;y",
  "end]]>of CDATA",
  "line one\r\nline two\ttabbed",
  "café naïve 日本語テキスト",
  "emoji 😀🎉 astral 𝄞",
  "a < b > c & d",
  "<script>alert('x')</script>",
  "_x0041_ looks like an escape",
  "plain ascii value 12345",
];

/**
 * 50 entries × 10 keys; key names include P-FMT-4 escapes (leading digit, dash, dot). With
 * `heavy` false, the values are plain ASCII words of the same length (a context figure).
 */
export function benchFeed(heavy = true): AppDataResponse {
  const entry: AppDataResponse["entry"] = {};
  const id: string[] = [];
  for (let u = 0; u < 50; u++) {
    const user = `example.org:user-${u}`;
    const record: Record<string, string> = {};
    for (let k = 0; k < 10; k++) {
      const key = k === 0 ? "1st" : k === 1 ? "-dash" : k === 2 ? ".dot" : `key_${k}.v-${u % 3}`;
      const piece = PIECES[(u + k) % PIECES.length] ?? "";
      record[key] = heavy
        ? `${piece} #${u}.${k}`
        : `${"plain words ".repeat(4).slice(0, piece.length)} #${u}.${k}`;
    }
    entry[user] = record;
    id.push(user);
  }
  return { entry, id, startIndex: 0, totalResults: 50 };
}
