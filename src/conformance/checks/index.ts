/**
 * The check engine: decodes a response once and runs every check the step's `expect` names,
 * one rule per file (no 5xx, status, content type, headers, empty body, error body, schema, JSON
 * pointers, body exclusions). An answer that `expect.when` does not name gets the no-500 and
 * status checks only (when.ts).
 */
import { answerText } from "../../codecs/atom/read.js";
import type { ExpectSpec, Level } from "../case-types.js";
import type { TemplateContext } from "../request/template.js";
import type { WireResponse } from "../transport/http-client.js";
import { decodeAtom } from "./atom.js";
import { checkAtomFrame } from "./atom-frame.js";
import { checkAtomWriter } from "./atom-writer.js";
import { checkBodyEmpty } from "./body-empty.js";
import { checkBodyExcludes } from "./body-excludes.js";
import type { CheckResult } from "./check-result.js";
import { checkContentType } from "./content-type.js";
import type { CheckContext, DecodedBody } from "./context.js";
import { checkErrorBody } from "./error-body.js";
import { isAtomFeedText, nameSelection, type SelectionCues } from "./format-selection.js";
import { checkHeaders } from "./headers.js";
import { parseJsonAnswer } from "./json-answer.js";
import { checkJsonPointers } from "./json-pointer.js";
import { atomDataOrder } from "./key-order.js";
import { checkNoServerError } from "./no-server-error.js";
import { checkSchema } from "./schema.js";
import { checkStatus } from "./status.js";
import { whenUnmet } from "./when.js";
import { nameWriteStatus, type WriteCues } from "./write-status.js";

export type { SelectionCues } from "./format-selection.js";

/** The checks that apply to every answer, `when` or not; the no-500 check first, so a 5xx is reported under its clause. */
const ALWAYS = [checkNoServerError, checkStatus];

const RULES = [
  ...ALWAYS,
  checkContentType,
  checkHeaders,
  checkBodyEmpty,
  checkErrorBody,
  checkSchema,
  checkAtomFrame,
  checkAtomWriter,
  checkJsonPointers,
  checkBodyExcludes,
];

/**
 * Decodes a body (`text`, read from `bytes`) as JSON (within limits) or, when `expect.atom` is
 * set, as Atom (from its bytes, in the encoding they are in).
 */
function decodeBody(expect: ExpectSpec, text: string, bytes: Uint8Array): DecodedBody {
  if (expect.atom) return decodeAtom(expect.atom.kind, text, bytes);
  if (text === "") return { ok: false, finding: { code: "body-missing", expected: "JSON" } };
  // An Atom answer to a request for JSON: say so, rather than quote the JSON parser's complaint.
  if (isAtomFeedText(text)) return { ok: false, finding: { code: "body-is-atom" } };
  const parsed = parseJsonAnswer(text, bytes);
  if (!parsed.ok)
    return { ok: false, finding: { code: "body-not-json", detail: parsed.issues[0]?.message } };
  return { ok: true, value: parsed.value };
}

/** Lazily decoded views of a response. */
export function responseViews(expect: ExpectSpec, response: WireResponse) {
  let text: string | undefined;
  let decoded: DecodedBody | undefined;
  const getText = () => {
    text ??= answerText(response.body);
    return text;
  };
  let order: ReadonlyMap<string, string[]> | undefined;
  return {
    text: getText,
    decoded: () => {
      decoded ??= decodeBody(expect, getText(), response.body);
      return decoded;
    },
    // P-FMT-3 and P-FMT-7: child order is read from the Atom document; a JSON body has none.
    ...(expect.atom
      ? {
          textOrder: () => {
            order ??= atomDataOrder(response.body, expect.atom?.kind ?? "appdata");
            return order;
          },
        }
      : {}),
  };
}

/**
 * Runs every check of `expect` on `response`. With the request's `cues`, an answer in the other
 * representation than the request selected is named under P-FMT-1's selection (format-selection.ts),
 * a write answered with another success status than 200 under §4.4's or §4.5's 200
 * (write-status.ts), and a single person's answer without a paging member under its
 * operation's clause, told by the request's URL (paging-clause.ts).
 */
export function runChecks(
  expect: ExpectSpec,
  response: WireResponse,
  level: Level,
  statement: string,
  template: TemplateContext,
  views = responseViews(expect, response),
  cues?: SelectionCues & WriteCues,
): CheckResult[] {
  const ctx: CheckContext = {
    response,
    level,
    statement: expect.statement ?? statement,
    template,
    url: cues?.url,
    ...views,
  };
  const unmet = whenUnmet(expect, ctx);
  if (unmet) return [...ALWAYS.flatMap((rule) => rule(expect, ctx)), unmet];
  return nameWriteStatus(
    cues,
    nameSelection(
      expect,
      ctx,
      cues,
      RULES.flatMap((rule) => rule(expect, ctx)),
    ),
  );
}
