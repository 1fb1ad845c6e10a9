/** A build is fresh when dist/ is newer than src/ and holds the CLI bundle (bin/ runs it). */
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { buildIsFresh } from "../../bench/server/fresh-build.js";
import { METAFILE } from "../../scripts/bundle-cli.js";

const dir = mkdtempSync(join(tmpdir(), "osk-fresh-build-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Writes `file` under `root` with modification time `seconds`. */
function write(root: string, file: string, seconds: number): void {
  mkdirSync(dirname(join(root, file)), { recursive: true });
  writeFileSync(join(root, file), "");
  utimesSync(join(root, file), seconds, seconds);
}

describe("a fresh build", () => {
  it("is dist/ newer than src/ with the CLI bundle", () => {
    const root = join(dir, "fresh");
    write(root, "src/index.ts", 1000);
    write(root, "dist/index.js", 2000);
    write(root, METAFILE, 2000);
    expect(buildIsFresh(root)).toBe(true);
  });

  it("is not dist/ without the CLI bundle (tsc alone)", () => {
    const root = join(dir, "no-bundle");
    write(root, "src/index.ts", 1000);
    write(root, "dist/index.js", 2000);
    expect(buildIsFresh(root)).toBe(false);
  });

  it("is not dist/ older than src/, nor no dist/", () => {
    const root = join(dir, "stale");
    write(root, "src/index.ts", 3000);
    expect(buildIsFresh(root)).toBe(false);
    write(root, "dist/index.js", 2000);
    write(root, METAFILE, 2000);
    expect(buildIsFresh(root)).toBe(false);
  });
});
