/**
 * What a library user's import loads, from the built entry points (dist/, as the package ships
 * them): the root entry and each codec subpath, imported and then used once (validate, read and
 * write in both forms), load no store driver (better-sqlite3, pg), no JSON Schema compiler (ajv
 * itself: the validators are compiled ahead of time and need its small runtime helpers only), no
 * reference server, no conformance runner and no CLI. ES modules are seen by the resolve hook
 * test/cli/module-trace.mjs reports them by; CommonJS ones (ajv's helpers) in `require.cache`.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "../..");
const TRACE = join(import.meta.dirname, "../cli/module-trace.mjs");

/** One use of each codec function the entry offers, on the entry's module `k`. */
const USE = `
const r = createRequire(import.meta.url);
const person = { id: "a:b", nickname: "", displayName: "", updated: "", hasApp: true, thumbnailUrl: "" };
const response = { entry: person, startIndex: 0, totalResults: 1 };
if (k.validate) k.validate("person", response, { mode: "strict" });
if (k.fromJson) k.fromJson("person", k.toJson("person", response));
if (k.fromAtom) k.fromAtom("person", k.toAtom("person", response));
process.stdout.write(JSON.stringify(Object.keys(r.cache)));
`;

/** The modules (from the package root) `entry` loads when imported and used once (`use`). */
function loadedBy(entry: string, use = USE): string[] {
  const script = `import { createRequire } from "node:module";\nconst k = await import(${JSON.stringify(join(ROOT, entry))});\n${use}`;
  const r = spawnSync(process.execPath, ["--import", TRACE, "--input-type=module", "-e", script], {
    encoding: "utf8",
    cwd: ROOT,
  });
  expect(r.status, r.stderr).toBe(0);
  const esm = [...r.stderr.matchAll(/^loaded file:\/\/(.*)$/gm)].map((m) => m[1] ?? "");
  const cjs = JSON.parse(r.stdout) as string[];
  return [...new Set([...esm, ...cjs])].map((p) => p.replace(`${ROOT}/`, ""));
}

describe("modules a library import loads", () => {
  it.each([["dist/index.js"], ["dist/codecs/json/index.js"], ["dist/codecs/atom/index.js"]])(
    "%s: no store driver, no schema compiler, no server, runner or CLI",
    (entry) => {
      const loaded = loadedBy(entry);
      expect(loaded).toContain(entry);
      expect(
        loaded.filter((p) =>
          /node_modules\/(better-sqlite3|pg|fast-check|yargs-parser)\/|node_modules\/ajv\/(?!dist\/runtime\/)|dist\/(server|conformance|cli|cli-bundle|worldgen)\//.test(
            p,
          ),
        ),
      ).toEqual([]);
    },
  );
});

/** The server entry used with the in-memory store, then (when `file` is given) a SQLite file. */
const SERVE = (file?: string) => `
const r = createRequire(import.meta.url);
const store = k.memoryStore();
await store.write("quiz", "u", [["k", "v"]]);
const server = k.createServer({ world: k.loadWorld(k.BUNDLED_WORLD).value, store });
await server.listen({ port: 0, host: "127.0.0.1" });
await server.close();
${file ? `const sqlite = k.openStore(${JSON.stringify(file)}); if (!sqlite.ok) throw new Error("not opened"); await sqlite.value.close();` : ""}
process.stdout.write(JSON.stringify(Object.keys(r.cache)));
`;

describe("modules the server entry loads", () => {
  const drivers = (loaded: string[]) =>
    loaded.filter((p) => /node_modules\/(better-sqlite3|pg)\//.test(p)).length > 0;

  it("with the in-memory store: no store driver (they are optional dependencies, required when their store opens)", () => {
    expect(drivers(loadedBy("dist/server/index.js", SERVE()))).toBe(false);
  });

  it("with a SQLite store: better-sqlite3, and not pg", () => {
    const dir = mkdtempSync(join(tmpdir(), "osk-loaded-"));
    try {
      const loaded = loadedBy("dist/server/index.js", SERVE(join(dir, "a.sqlite")));
      expect(drivers(loaded)).toBe(true);
      expect(loaded.filter((p) => /node_modules\/pg\//.test(p))).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
