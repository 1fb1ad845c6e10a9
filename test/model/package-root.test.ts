/**
 * The package root is found by walking up to the package.json named opensocial-kit, at any
 * depth: a folder holding another package's package.json (or a broken one) is passed over.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { findPackageRoot, packagePath, packageRoot } from "../../src/model/package-root.js";

const dir = mkdtempSync(join(tmpdir(), "osk-package-root-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("package root", () => {
  it("is the folder of this repository's package.json", () => {
    expect(packageRoot()).toBe(join(import.meta.dirname, "../.."));
    expect(packagePath("schemas", "openapi.json")).toBe(
      join(import.meta.dirname, "../../schemas/openapi.json"),
    );
  });

  it("is found from any depth, past other packages' package.json files", () => {
    const root = join(dir, "installed");
    const deep = join(root, "dist", "cli-bundle", "nested");
    mkdirSync(deep, { recursive: true });
    writeFileSync(join(root, "package.json"), JSON.stringify({ name: "opensocial-kit" }));
    writeFileSync(join(root, "dist", "package.json"), JSON.stringify({ type: "module" }));
    writeFileSync(join(root, "dist", "cli-bundle", "package.json"), "{ not json");
    expect(findPackageRoot(deep)).toBe(root);
    expect(findPackageRoot(root)).toBe(root);
  });

  it("is refused with OSK_PACKAGE_ROOT when no folder above holds it", () => {
    const lone = join(dir, "lone", "dist");
    mkdirSync(lone, { recursive: true });
    writeFileSync(join(dir, "lone", "package.json"), JSON.stringify({ name: "someone-else" }));
    expect(() => findPackageRoot(lone)).toThrowError(
      expect.objectContaining({ code: "OSK_PACKAGE_ROOT" }),
    );
  });
});

describe("the library bundled into another program (no package root above it)", () => {
  it("imports, and what reads no package file works; the root is looked for on first use", async () => {
    const { build } = await import("esbuild");
    const app = join(dir, "my-app");
    mkdirSync(app, { recursive: true });
    writeFileSync(join(app, "package.json"), JSON.stringify({ name: "my-app", type: "module" }));
    // the program's own node_modules hold the library's dependencies (ajv, pg, …)
    symlinkSync(join(import.meta.dirname, "../../node_modules"), join(app, "node_modules"));
    const entries = ["index", "server/index", "conformance/index", "codecs/atom/index"];
    await build({
      entryPoints: Object.fromEntries(
        entries.map((e) => [
          e.replaceAll("/", "-"),
          join(import.meta.dirname, `../../src/${e}.ts`),
        ]),
      ),
      outdir: app,
      bundle: true,
      format: "esm",
      platform: "node",
      packages: "external",
      logLevel: "silent",
    });
    const script = `
      const root = await import("./index.js");
      for (const e of ["server-index", "conformance-index", "codecs-atom-index"]) await import("./" + e + ".js");
      let missing = "";
      try { root.validate("person", {}); } catch (e) { missing = e.code; }
      console.log(JSON.stringify({ valid: root.isValidValue("x"), missing }));`;
    const r = spawnSync(process.execPath, ["--input-type=module", "-e", script], {
      cwd: app,
      encoding: "utf8",
    });
    expect(r.stderr).toBe("");
    expect(JSON.parse(r.stdout)).toEqual({ valid: true, missing: expect.any(String) });
  }, 60_000);
});
