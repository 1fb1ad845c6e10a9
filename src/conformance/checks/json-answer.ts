/**
 * A JSON answer's text, parsed within the answer limits: JSON exchanged between systems is
 * UTF-8 (RFC 8259 §8.1), so a body whose bytes are not UTF-8 is no JSON, however its text reads
 * once the decoder has put U+FFFD in place of the bad bytes. The body checks and the error-body
 * check read a JSON answer through it.
 */
import { isUtf8 } from "node:buffer";
import { parseJsonText } from "../../codecs/json/limits.js";
import { fail, type Result } from "../../model/issue.js";
import { ANSWER_JSON_LIMITS } from "./answer-limits.js";

/** The value of a JSON answer (`text` decoded from `bytes`), nested at most `maxDepth` deep when given. */
export function parseJsonAnswer(
  text: string,
  bytes: Uint8Array,
  maxDepth?: number,
): Result<unknown> {
  if (!isUtf8(bytes))
    return fail([
      {
        code: "invalid-utf8",
        pointer: "",
        message: "its bytes are not UTF-8, as JSON between systems must be (RFC 8259 §8.1)",
      },
    ]);
  return parseJsonText(
    text,
    maxDepth === undefined ? ANSWER_JSON_LIMITS : { ...ANSWER_JSON_LIMITS, maxDepth },
  );
}
