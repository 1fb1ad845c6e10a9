/**
 * A write or delete of application data answered with another success status than 200 is named
 * under §4.4's or §4.5's 200, whatever case wrote; a refusal, or another request, keeps the
 * case's statement.
 */
import { describe, expect, it } from "vitest";
import type { CheckResult } from "../../../src/conformance/checks/check-result.js";
import { nameWriteStatus } from "../../../src/conformance/checks/write-status.js";

const statusCheck = (status: number, allowed: number[] = [200]): CheckResult => ({
  check: "status",
  ok: false,
  statement: "P-FMT-3.2",
  expected: allowed.length === 1 ? allowed[0] : allowed,
  actual: status,
  finding: { code: "status-wrong", status, allowed, body: "" },
});
const url = "http://h:1/os/0.8/appdata/@me/@self/@app";

describe("nameWriteStatus", () => {
  it.each([
    ["POST", 204, "S-4.4-WRITE.1"],
    ["PUT", 201, "S-4.4-WRITE.1"],
    ["DELETE", 204, "S-4.5-DELETE-FIELDS.1"],
  ])("names a %s answered %i under %s", (method, status, clause) => {
    expect(nameWriteStatus({ method, url }, [statusCheck(status)])[0]?.statement).toBe(clause);
  });

  it("finds the API under a base path", () => {
    const under = "https://h/social/os/0.8/appdata/ns:a/@self/@app?fields=k";
    expect(nameWriteStatus({ method: "POST", url: under }, [statusCheck(204)])[0]?.statement).toBe(
      "S-4.4-WRITE.1",
    );
  });

  it.each([
    ["a refusal", "POST", url, statusCheck(400)],
    ["a server error", "POST", url, statusCheck(500)],
    ["a step that allows another 2xx", "POST", url, statusCheck(202, [200, 204])],
    ["a read", "GET", url, statusCheck(204)],
    ["another collection", "POST", "http://h/os/0.8/people/@me/@self", statusCheck(204)],
  ])("keeps the case's statement for %s", (_what, method, u, r) => {
    expect(nameWriteStatus({ method, url: u }, [r])[0]?.statement).toBe("P-FMT-3.2");
  });

  it("leaves passing checks and other checks alone", () => {
    const pass: CheckResult = {
      ...statusCheck(200),
      ok: true,
      finding: { code: "status-ok", status: 200 },
    };
    expect(nameWriteStatus({ method: "POST", url }, [pass])).toEqual([pass]);
    expect(nameWriteStatus(undefined, [statusCheck(204)])[0]?.statement).toBe("P-FMT-3.2");
  });
});
