/**
 * A CLI whose package files were moved apart from it (bin/ and the bundle copied without the
 * package.json above them) fails as an internal error, exit 70, saying which files it cannot
 * find: never exit 1, which a CI gate reads as a conformance failure.
 */
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { EXIT } from "../../src/conformance/run/exit-codes.js";

const ROOT = join(import.meta.dirname, "../..");
const dir = mkdtempSync(join(tmpdir(), "osk-moved-cli-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the CLI without its package files", () => {
  cpSync(join(ROOT, "bin"), join(dir, "bin"), { recursive: true });
  cpSync(join(ROOT, "dist/cli-bundle"), join(dir, "dist/cli-bundle"), { recursive: true });
  symlinkSync(join(ROOT, "node_modules"), join(dir, "node_modules"));

  it.each([[["--version"]], [["run"]]])("%j: exit 70, the files it cannot find named", (args) => {
    const r = spawnSync(process.execPath, [join(dir, "bin/opensocial-kit.js"), ...args], {
      encoding: "utf8",
      cwd: dir,
    });
    expect(r.status).toBe(EXIT.INTERNAL);
    expect(r.stderr).toContain("the package's own files cannot be found");
  });
});
