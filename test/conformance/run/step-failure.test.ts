/**
 * Step failure codes, tested from their one table (run/step-failure.ts), as undici tests its
 * error codes: every code is described, worded by the reporters, named by the report schema and
 * reached from the transport; each has a sample record whose words are pinned here. A new code
 * without a sample, words or schema entry fails this file (the sample table is typed by code).
 */
import { readFileSync } from "node:fs";
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import {
  STEP_FAILURES,
  type StepFailure,
  type StepFailureCode,
  stepFailureText,
  TRANSPORT_FAILURES,
  type TransportErrorCode,
} from "../../../src/conformance/index.js";
import { STEP_FAILURE_WORDS } from "../../../src/conformance/reporters/failure-text.js";
import { failureStatement, transportFailure } from "../../../src/conformance/run/step-failure.js";

const t = (code: TransportErrorCode, message: string) => ({ code, message, ms: 12.5 });

/** One record per code, and the words users read for it. */
const SAMPLES: { [C in StepFailureCode]: [Extract<StepFailure, { code: C }>, string] } = {
  "transport-timeout": [
    { code: "transport-timeout", transport: t("timeout", "no complete response within 300 ms") },
    "timeout: no complete response within 300 ms",
  ],
  "transport-connection": [
    { code: "transport-connection", transport: t("connection", "ECONNREFUSED: connect refused") },
    "connection: ECONNREFUSED: connect refused",
  ],
  "transport-closed": [
    { code: "transport-closed", transport: t("closed", "other side closed") },
    "closed: other side closed",
  ],
  "transport-reset": [
    {
      code: "transport-reset",
      transport: t(
        "reset",
        "the server reset the connection after answering 413: it closed with the request body unread (read ECONNRESET)",
      ),
    },
    "reset: the server reset the connection after answering 413: it closed with the request body unread (read ECONNRESET)",
  ],
  "body-too-large": [
    {
      code: "body-too-large",
      transport: t("too-large", "Content-Length 104857600 exceeds 4194304 bytes"),
    },
    "too-large: Content-Length 104857600 exceeds 4194304 bytes",
  ],
  "bad-encoding": [
    {
      code: "bad-encoding",
      transport: t("bad-encoding", "Content-Encoding gzip: incorrect header check"),
    },
    "bad-encoding: Content-Encoding gzip: incorrect header check",
  ],
  "replay-status": [
    { code: "replay-status", status: 500 },
    "replay: the first, valid request failed (status 500)",
  ],
  "replay-transport": [
    { code: "replay-transport", transport: t("timeout", "no complete response within 300 ms") },
    "replay: the first, valid request failed (no complete response within 300 ms)",
  ],
  "case-error": [
    {
      code: "case-error",
      problem: {
        code: "placeholder-not-captured",
        placeholder: "$nothing.here",
        capture: "nothing",
      },
    },
    "case error: {$nothing.here}: nothing captured as nothing",
  ],
};

const schema = JSON.parse(
  readFileSync(new URL("../../../conformance/report.schema.json", import.meta.url), "utf8"),
) as {
  $defs: Record<
    string,
    { oneOf?: { properties: { code: { enum?: string[]; const?: string } } }[] }
  >;
};
const validateFailure = new Ajv2020({ strict: false }).compile({
  $defs: schema.$defs,
  $ref: "#/$defs/stepFailure",
});

describe("step failure codes", () => {
  const codes = Object.keys(STEP_FAILURES) as StepFailureCode[];

  it("are kebab-case, described, and worded by the reporters (one entry each)", () => {
    for (const code of codes) {
      expect(code).toMatch(/^[a-z]+(-[a-z]+)*$/);
      expect(STEP_FAILURES[code].length).toBeGreaterThan(10);
    }
    expect(Object.keys(STEP_FAILURE_WORDS).sort()).toEqual([...codes].sort());
    expect(Object.keys(SAMPLES).sort()).toEqual([...codes].sort());
  });

  it("are the report schema's, no more and no fewer", () => {
    const named = (schema.$defs.stepFailure?.oneOf ?? []).flatMap((b) => {
      const c = b.properties.code;
      return c.enum ?? (c.const !== undefined ? [c.const] : []);
    });
    expect([...named].sort()).toEqual([...codes].sort());
  });

  it.each(codes)("%s: its sample validates against the schema and reads as pinned", (code) => {
    const [record, words] = SAMPLES[code];
    expect(validateFailure(record), JSON.stringify(validateFailure.errors)).toBe(true);
    expect(stepFailureText(record)).toBe(words);
  });

  it("name P-ERR-4.3 for a reset after a followed body, and no clause for any other failure", () => {
    for (const code of codes)
      expect(failureStatement((SAMPLES[code] as [StepFailure, string])[0]), code).toBe(
        code === "transport-reset" ? "P-ERR-4.3" : undefined,
      );
  });

  it("every transport code maps to its step failure code", () => {
    for (const [transport, code] of Object.entries(TRANSPORT_FAILURES)) {
      expect(codes).toContain(code);
      const e = t(transport as TransportErrorCode, "x");
      expect(transportFailure(e)).toEqual({ code, transport: e });
    }
  });
});
