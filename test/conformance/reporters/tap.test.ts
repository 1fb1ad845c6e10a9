/**
 * The TAP reporter's YAML blocks carry whatever a server answered: every character YAML does not
 * print, or reads as a line break, is escaped, so the block parses (js-yaml, YAML 1.2) and gives
 * the server's text back, and the stream keeps its lines.
 */
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { REPORTERS } from "../../../src/conformance/index.js";
import { HOSTILE_REPORT, NASTY } from "./hostile-report.js";

const yaml = createRequire(import.meta.url)("js-yaml") as { load(text: string): unknown };

/** Characters outside YAML 1.2's c-printable (§5.1), or line breaks to a YAML 1.1 reader. */
const NOT_PRINTED =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u2028\u2029\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

describe("tap: YAML diagnostics of a server's text", () => {
  const tap = REPORTERS.tap(HOSTILE_REPORT, { statements: new Map(), secrets: [] });
  it("writes no character YAML does not print, nor a line break of its own", () => {
    expect(tap).not.toMatch(NOT_PRINTED);
    expect(tap).toContain("\\u2028\\u2029");
    expect(tap).toContain("\\u001b[31m\\u0007\\r\\u007f\\u0080\\u0085\\u009f");
    expect(tap).toContain("\\ufffe\\uffff\\ud800z 😀 é");
  });
  it("the block parses as YAML and gives the server's text back", () => {
    const lines = tap.split("\n");
    const from = lines.indexOf("  ---");
    const to = lines.indexOf("  ...");
    expect(from).toBeGreaterThan(0);
    expect(to).toBeGreaterThan(from);
    const block = yaml.load(lines.slice(from + 1, to).join("\n")) as Record<string, string>;
    expect(block.body).toBe(NASTY);
    expect(block.message).toContain(NASTY);
    // the ready-made expectation entry, a JSON text: a mapping to YAML, the entry to paste
    const entry = block.expectation as unknown as { id: string; reason: string };
    expect(entry.id).toBe("albums/x");
    expect(entry.reason).toMatch(/^\S+: /);
    expect(tap.split("\n").filter((l) => /^(not )?ok /.test(l))).toHaveLength(1);
  });
});
