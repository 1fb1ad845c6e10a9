/** Fault codes: one table, unique, each status of Node's parser mapped. */
import { describe, expect, it } from "vitest";
import { FAULT_CODES, fault, parserFaultCode } from "../../src/server/fault.js";

describe("fault codes", () => {
  it("are unique, kebab-case and sorted", () => {
    expect(new Set(FAULT_CODES).size).toBe(FAULT_CODES.length);
    for (const c of FAULT_CODES) expect(c).toMatch(/^[a-z]+(-[a-z0-9]+)*$/);
    expect([...FAULT_CODES].sort()).toEqual([...FAULT_CODES]);
  });
  it.each([
    [400, "bad-request"],
    [408, "timeout"],
    [413, "body-too-large"],
    [414, "target-too-long"],
    [431, "headers-too-large"],
  ] as const)("a parser fault %i is %s", (status, code) => {
    expect(parserFaultCode(status)).toBe(code);
    expect(FAULT_CODES).toContain(code);
  });
  it("a fault carries its code beside status and message", () => {
    expect(fault(405, "method-not-allowed", "method not allowed", ["GET"])).toEqual({
      fault: true,
      status: 405,
      code: "method-not-allowed",
      message: "method not allowed",
      allow: ["GET"],
    });
  });
});
