/**
 * A run interrupted by SIGINT (Ctrl-C) or SIGTERM (a CI job's timeout) starts no further case,
 * finishes the started ones and writes every report, saying so: `stopped` with the signal, the
 * cases not run skipped as such, a JUnit error, exit 130 or 143 (never green). The built CLI in
 * its own process, signalled once its progress shows the first finished case.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import { afterAll, describe, expect, it } from "vitest";

const BIN = join(import.meta.dirname, "../../bin/opensocial-kit.js");
const dir = mkdtempSync(join(tmpdir(), "osk-interrupt-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const validateReport = new Ajv2020({ strict: false }).compile(
  JSON.parse(
    readFileSync(join(import.meta.dirname, "../../conformance/report.schema.json"), "utf8"),
  ),
);

/** Runs the suite (in-process reference), sends `signal` at the first progress mark. */
function interrupted(signal: "SIGINT" | "SIGTERM", name: string) {
  const json = join(dir, `${name}.json`);
  const junit = join(dir, `${name}.xml`);
  return new Promise<{ code: number | null; stderr: string; json: string; junit: string }>(
    (resolve, reject) => {
      const child = spawn(
        process.execPath,
        [
          BIN,
          "run",
          "--reporter",
          "console",
          "--reporter",
          `json:${json}`,
          "--reporter",
          `junit:${junit}`,
        ],
        { stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, NO_COLOR: "1" } },
      );
      let stderr = "";
      let sent = false;
      child.stderr.on("data", (d: Buffer) => {
        stderr += d.toString();
      });
      child.stdout.on("data", (d: Buffer) => {
        if (!sent && /[.F]/.test(d.toString())) {
          sent = true;
          child.kill(signal);
        }
      });
      child.once("error", reject);
      child.once("close", (code) => resolve({ code, stderr, json, junit }));
    },
  );
}

describe("an interrupted run", () => {
  it.each([
    ["SIGINT", 130],
    ["SIGTERM", 143],
  ] as const)(
    "%s: the started cases finish, every report says so, exit %i",
    async (signal, exit) => {
      const r = await interrupted(signal, signal);
      expect(r.code).toBe(exit);
      expect(r.stderr).toContain(`interrupted (${signal}): finishing the cases started`);
      const report = JSON.parse(readFileSync(r.json, "utf8"));
      expect(validateReport(report), JSON.stringify(validateReport.errors?.slice(0, 3))).toBe(true);
      expect(report.exitCode).toBe(exit);
      expect(report.stopped).toMatchObject({ code: "interrupted", signal });
      const notRun = report.cases.filter(
        (c: { skip?: { code: string } }) => c.skip?.code === "not-run",
      );
      const ran = report.cases.filter((c: { outcome: string }) => c.outcome !== "skip");
      expect(notRun.length).toBeGreaterThan(0);
      expect(ran.length).toBeGreaterThan(0);
      expect(notRun[0].skip.stop).toBe("interrupted");
      expect(notRun[0].skipReason).toBe("not run: the run was interrupted");
      expect(readFileSync(r.junit, "utf8")).toMatch(
        /<error message="the run was interrupted \(SIG(INT|TERM)\)[^"]*" type="interrupted"\/>/,
      );
    },
    60_000,
  );
});
