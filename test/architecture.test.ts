// Dependencies point one way: model ← wire ← schemas/codecs/oauth/worldgen ← server and
// conformance ← cli. The HTTP wire helpers (media types, Accept, forms) sit just above the model,
// so that the server reading a client's request and the runner reading a server's answer parse
// with the same code. The conformance runner never imports the reference server, so it judges
// ours as it judges anyone's; the codecs never import the server or the runner.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const SRC = resolve(import.meta.dirname, "../src");

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory()
      ? files(path)
      : path.endsWith(".ts") && !path.endsWith(".test.ts")
        ? [path]
        : [];
  });
}

/** Top-level area of a file under src/ (`codecs/atom` counts as `codecs`). */
function area(path: string): string {
  const rel = relative(SRC, path);
  return rel.includes("/") ? (rel.split("/")[0] ?? "") : "root";
}

/** The library layers the server and the runner both build on. */
const LIBRARY = ["model", "wire", "schemas", "codecs", "oauth", "worldgen"];

const ALLOWED: Record<string, string[]> = {
  model: ["model"],
  // The HTTP wire helpers import nothing of the project but the model.
  wire: ["model", "wire"],
  schemas: ["model", "wire", "schemas"],
  oauth: ["model", "wire", "oauth"],
  codecs: ["model", "wire", "schemas", "codecs"],
  // The world generator writes world files: it knows the model and the schemas, nothing else.
  worldgen: ["model", "wire", "schemas", "worldgen"],
  server: [...LIBRARY, "server"],
  conformance: [...LIBRARY, "conformance"],
  cli: [...LIBRARY, "server", "conformance", "cli", "root"],
  root: [...LIBRARY, "server", "conformance", "root"],
};

describe("architecture", () => {
  it("imports point one way", () => {
    const violations: string[] = [];
    for (const file of files(SRC)) {
      const from = area(file);
      const text = readFileSync(file, "utf8");
      for (const m of text.matchAll(/(?:from|import)\s*\(?\s*"(\.{1,2}\/[^"]+)"/g)) {
        const target = resolve(file, "..", m[1] ?? "");
        const to = area(target.replace(/\.js$/, ".ts"));
        if (!(ALLOWED[from] ?? []).includes(to))
          violations.push(`${relative(SRC, file)} → ${m[1]} (${from} may not import ${to})`);
      }
    }
    expect(violations).toEqual([]);
  });
});
