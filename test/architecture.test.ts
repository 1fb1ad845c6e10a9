// Dependencies point one way: model ← wire ← schemas/codecs/oauth/worldgen ← server and
// conformance ← cli. The HTTP wire helpers (media types, Accept, forms) sit just above the model,
// so that the server reading a client's request and the runner reading a server's answer parse
// with the same code. The conformance runner never imports the reference server, so it judges
// ours as it judges anyone's; the codecs never import the server or the runner. Within the
// runner, each stage imports only the stages before it (STAGES below).
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const SRC = resolve(import.meta.dirname, "../src");

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : path.endsWith(".ts") ? [path] : [];
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

const CONFORMANCE = join(SRC, "conformance");

/**
 * The stages of src/conformance in the order a case goes through them; each imports only its
 * own folder and the stages before it. The case format (case-types.ts, statement-types.ts) comes
 * first; the fuzzer and the differential run build on the runner (the differential run replays
 * the fuzzer's sequences); the reporters word every record, the fuzzer's and the differential
 * run's too, so they come last. index.ts, the public subpath, imports them all.
 */
const STAGES = ["suite", "request", "transport", "checks", "run", "fuzz", "diff", "reporters"];

/** The stage of a file of src/conformance: its folder, `format` or `entry` (index.ts). */
function stage(path: string): string {
  const rel = relative(CONFORMANCE, path);
  if (rel.includes("/")) return rel.split("/")[0] ?? "";
  return rel === "index.ts" ? "entry" : "format";
}

/** True when stage `from` may import stage `to`. */
function stageMayImport(from: string, to: string): boolean {
  if (from === to || from === "entry" || to === "format") return true;
  if (from === "format" || to === "entry") return false;
  return STAGES.indexOf(to) < STAGES.indexOf(from);
}

/**
 * Every relative import of the files under `dir` (only those whose target lies under `within`,
 * when given) that `allowed(from, to)` refuses, where `part` names a file's layer or stage.
 */
function violations(
  dir: string,
  within: string | undefined,
  part: (path: string) => string,
  allowed: (from: string, to: string) => boolean,
): string[] {
  const out: string[] = [];
  for (const file of files(dir)) {
    const from = part(file);
    for (const m of readFileSync(file, "utf8").matchAll(
      /(?:from|import)\s*\(?\s*"(\.{1,2}\/[^"]+)"/g,
    )) {
      const target = resolve(file, "..", m[1] ?? "").replace(/\.js$/, ".ts");
      if (within !== undefined && !target.startsWith(`${within}/`)) continue;
      const to = part(target);
      if (!allowed(from, to))
        out.push(`${relative(SRC, file)} → ${m[1]} (${from} may not import ${to})`);
    }
  }
  return out;
}

describe("architecture", () => {
  it("src/ holds only the product: every test lives under test/, mirroring src/", () => {
    expect(files(SRC).filter((f) => /\.(test|spec)\.ts$/.test(f))).toEqual([]);
  });

  it("folders are made one level at a time (makeFolders): Node 20's recursive mkdir can loop forever", () => {
    const recursive = files(SRC).filter((f) =>
      /mkdir(Sync)?\([^)]*recursive:\s*true/.test(readFileSync(f, "utf8")),
    );
    expect(recursive.map((f) => relative(SRC, f))).toEqual([]);
  });

  it("imports point one way", () => {
    const allowed = (from: string, to: string) => (ALLOWED[from] ?? []).includes(to);
    expect(violations(SRC, undefined, area, allowed)).toEqual([]);
  });

  it("the conformance stages only look back", () => {
    expect(violations(CONFORMANCE, CONFORMANCE, stage, stageMayImport)).toEqual([]);
  });

  it("knows every stage folder, and reads the order as written", () => {
    const folders = readdirSync(CONFORMANCE).filter((n) =>
      statSync(join(CONFORMANCE, n)).isDirectory(),
    );
    expect(folders.sort()).toEqual([...STAGES].sort());
    expect(stageMayImport("checks", "request")).toBe(true);
    expect(stageMayImport("request", "checks")).toBe(false);
    expect(stageMayImport("suite", "format")).toBe(true);
    expect(stageMayImport("format", "suite")).toBe(false);
    expect(stageMayImport("reporters", "entry")).toBe(false);
  });
});
