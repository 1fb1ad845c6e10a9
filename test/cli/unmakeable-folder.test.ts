/**
 * A folder the system will not create (under /proc, mkdir answers ENOENT below an existing
 * parent) is a usage error at once for every command that writes files: Node 20's
 * `mkdirSync(dir, { recursive: true })` loops forever there (it hung `world --out /proc/x` at
 * 100 % CPU), so the CLI makes folders with `makeFolders`. Each process is killed after 15 s.
 */
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const BIN = join(import.meta.dirname, "../../bin/opensocial-kit.js");

function run(args: readonly string[]) {
  return spawnSync(process.execPath, [BIN, ...args], { encoding: "utf8", timeout: 15_000 });
}

describe.runIf(process.platform === "linux")("a folder the system will not create", () => {
  it.each([
    [["world", "--seed", "1", "--out", "/proc/osk-no-such-dir/sandbox"]],
    [["openapi", "--out", "/proc/osk-no-such-dir/deeper/openapi.json"]],
  ])(
    "%j ends at once with exit 2 and names the folder",
    (args) => {
      const r = run(args);
      expect(r.signal).toBeNull(); // not killed by the timeout
      expect(r.status).toBe(2);
      expect(r.stderr).toMatch(/\/proc\/osk-no-such-dir/);
    },
    30_000,
  );
});
