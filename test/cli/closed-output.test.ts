/**
 * A reader that goes away (`opensocial-kit coverage | head -1`) ends the command quietly, as a
 * closed pipe ends a shell tool: exit 141 (128 + SIGPIPE, what a shell reports for such a tool)
 * and nothing on stderr, never a Node stack trace and never 0 (a run cut short is not green).
 */
import { spawn } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const BIN = join(import.meta.dirname, "../../bin/opensocial-kit.js");

/**
 * Runs the CLI with its stdout closed by the reader from the start (before the process can
 * write: a reader that stops at once, deterministic), and resolves to its exit and stderr.
 */
function closedOutput(args: readonly string[]): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { stdio: ["ignore", "pipe", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (d: Buffer) => {
      stderr += d.toString();
    });
    child.stdout.destroy();
    child.once("error", reject);
    child.once("close", (code) => resolve({ code, stderr }));
  });
}

describe("a closed output", () => {
  it("ends coverage (a write per clause) with 141 and no stack trace", async () => {
    const r = await closedOutput(["coverage"]);
    expect(r.stderr).not.toMatch(/EPIPE|node:events|at /);
    expect(r.code).toBe(141);
  }, 30_000);

  it("ends --version (one small write) with 141 and no stack trace", async () => {
    const r = await closedOutput(["--version"]);
    expect(r.stderr).not.toMatch(/EPIPE|node:events|at /);
    expect(r.code).toBe(141);
  }, 30_000);
});
