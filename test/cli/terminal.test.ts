/**
 * `opensocial-kit run` on a terminal that reports 0 columns, as CI logs made with `script` give:
 * the progress line is shown (cut to 80 columns, not to nothing), and the verdicts are coloured,
 * unless `NO_COLOR` says no. The built CLI under `script` (util-linux), a real pseudo-terminal.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";

const SCRIPT = "/usr/bin/script";

function underScript(env: Record<string, string>): string {
  const r = spawnSync(
    SCRIPT,
    ["-qec", "node bin/opensocial-kit.js run --grep '^people/self-(viewer|me)$'", "/dev/null"],
    {
      encoding: "utf8",
      input: "",
      timeout: 60_000,
      env: { ...process.env, TERM: "xterm", NO_COLOR: "", ...env },
    },
  );
  expect(r.status, r.stderr).toBe(0);
  return r.stdout;
}

describe.runIf(existsSync(SCRIPT))("run on a pseudo-terminal of 0 columns", () => {
  it("draws the progress line and colours the verdict", () => {
    const out = underScript({});
    expect(out).toContain("\r\u001b[2K2/2 cases · 0 failed · ");
    expect(out).toContain("\u001b[32mPASS\u001b[0m");
  }, 60_000);

  it("NO_COLOR turns the colours off, not the progress", () => {
    const out = underScript({ NO_COLOR: "1" });
    expect(out).toMatch(/2\/2 cases · 0 failed/);
    expect(out).not.toContain("\u001b[32m");
    expect(out).toMatch(/\r?\nPASS\r?\n/);
  }, 60_000);
});
