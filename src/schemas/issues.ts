/**
 * Turns ajv's error records into the kit's {@link Issue} records with stable codes.
 */
import type { ErrorObject } from "ajv";
import type { Issue, IssueCode } from "../model/issue.js";
import { escapeToken, valueAtPointer } from "../model/json-pointer.js";
import { MAX_KEY_LENGTH } from "../model/limits.js";
import { quoted } from "../model/quote.js";
import { lenientRead } from "./lenient.js";

const CODE_BY_KEYWORD: Record<string, IssueCode> = {
  type: "invalid-type",
  osLenient: "invalid-type",
  required: "missing-member",
  pattern: "pattern-mismatch",
  maxLength: "too-long",
  minLength: "too-short",
  maxProperties: "too-many",
  maxItems: "too-many",
  minProperties: "too-few",
  minItems: "too-few",
  enum: "invalid-value",
  const: "invalid-value",
  minimum: "invalid-value",
  maximum: "invalid-value",
};

/** What a value (or member name) outside §2.1's id form is told. */
const ID_FORM_MESSAGE = "must be an id of the form <namespace>:<value> (social-api.md §2.1)";

/** Plain-language messages for the bundled schemas' patterns. */
const PATTERN_MESSAGES: Record<string, string> = {
  "^[A-Za-z0-9_.-]+$": `is not a key: a key is 1-${MAX_KEY_LENGTH} characters of A-Z a-z 0-9 _ . - (P-DATA-1)`,
  "^[^:]+:.+$": ID_FORM_MESSAGE,
};

/**
 * True for an issue that says only that an id (or a member name that is an id) lacks §2.1's
 * `<namespace>:<value>` form: a reader that meets a deployment's `john.doe` may set it aside.
 */
function isIdFormIssue(issue: Issue): boolean {
  return issue.code === "pattern-mismatch" && issue.message.endsWith(ID_FORM_MESSAGE);
}

/** `issues` without the id-form ones when the reader was asked for `anyIdForm`. */
export function withAnyIdForm(issues: Issue[], anyIdForm = false): Issue[] {
  return anyIdForm ? issues.filter((i) => !isIdFormIssue(i)) : issues;
}
const XML_CHAR_MESSAGE =
  "holds a character XML 1.0 cannot carry (control character, lone surrogate, U+FFFE or U+FFFF; P-DATA-1)";

/** Keywords whose failure is only a summary of failures reported deeper. */
const SUMMARY_KEYWORDS = new Set(["if", "propertyNames", "$ref", "anyOf", "oneOf"]);

/** Maps ajv errors on `data` to issues, most specific first and without duplicates. */
export function toIssues(
  errors: readonly ErrorObject[] | null | undefined,
  data: unknown,
): Issue[] {
  const out: Issue[] = [];
  const seen = new Set<string>();
  for (const e of errors ?? []) {
    if (SUMMARY_KEYWORDS.has(e.keyword)) continue;
    let pointer = e.instancePath;
    let code: IssueCode = CODE_BY_KEYWORD[e.keyword] ?? "invalid-value";
    let message = e.message ?? e.keyword;
    if (e.keyword === "required") {
      const missing = String((e.params as { missingProperty?: string }).missingProperty);
      pointer = `${pointer}/${escapeToken(missing)}`;
      message = `required member "${missing}" is missing`;
    } else if (e.keyword === "additionalProperties") {
      // an input file's member the schema does not know (a world, a case, an expectations file)
      const unknown = String((e.params as { additionalProperty?: string }).additionalProperty);
      pointer = `${pointer}/${escapeToken(unknown)}`;
      message = `unknown member ${quoted(unknown)}`;
    } else if (e.keyword === "osLenient" && (e.params as { range?: boolean }).range) {
      code = "invalid-value";
    } else if (e.keyword === "pattern") {
      const pattern = String((e.params as { pattern?: string }).pattern);
      message =
        PATTERN_MESSAGES[pattern] ?? (pattern.includes("uD7FF") ? XML_CHAR_MESSAGE : message);
    }
    if (e.propertyName !== undefined) {
      pointer = `${pointer}/${escapeToken(e.propertyName)}`;
      message = `member name ${quoted(e.propertyName)} ${message}`;
    } else if (e.keyword === "type") {
      const declared = (e.params as { type?: string }).type;
      const value = valueAtPointer(data, pointer);
      if (
        (declared === "integer" || declared === "boolean") &&
        lenientRead(declared, value) !== undefined
      ) {
        code = "string-rendered";
        message = `${declared} rendered as the string ${quoted(value)} (accepted only in lenient mode, P-FMT-6)`;
      }
    }
    const key = `${code}\u0000${pointer}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ code, pointer, message });
  }
  return out;
}
