/**
 * The package as users get it: scripts/pack-smoke.ts packs the project, installs
 * the tarball in a fresh project and runs the CLI, the server, an ESM import and a TypeScript
 * compile there, then publint and attw on the tarball. ~25 s on a quiet 2-core machine.
 */
import { describe, expect, it } from "vitest";
import { packSmoke } from "../../scripts/pack-smoke.js";

describe("packed tarball", () => {
  it("installs and works: run green, serve answers, ESM import, tsc, publint, attw", async () => {
    const lines: string[] = [];
    const ok = await packSmoke((l) => lines.push(l));
    expect(
      lines.filter((l) => !l.startsWith("ok ")),
      lines.join("\n"),
    ).toEqual([]);
    expect(ok).toBe(true);
    expect(lines.map((l) => l.replace(/ \(\d+ ms\).*/, ""))).toEqual([
      "ok npm pack",
      "ok npm install (fresh project)",
      "ok npx opensocial-kit run",
      "ok npx opensocial-kit serve + a signed request",
      "ok ESM import of toAtom/validate/signRequest",
      "ok tsc against the published types (nodenext, bundler)",
      "ok publint",
      "ok attw --profile esm-only (the tarball)",
    ]);
  }, 180_000);
});
