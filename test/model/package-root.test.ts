/**
 * The package root is found by walking up to the package.json named opensocial-kit, at any
 * depth: a folder holding another package's package.json (or a broken one) is passed over.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { findPackageRoot, PACKAGE_ROOT, packagePath } from "../../src/model/package-root.js";

const dir = mkdtempSync(join(tmpdir(), "osk-package-root-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("package root", () => {
  it("is the folder of this repository's package.json", () => {
    expect(PACKAGE_ROOT).toBe(join(import.meta.dirname, "../.."));
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
