/**
 * The store drivers are optional dependencies (src/server/store/drivers.ts): the built package,
 * copied into a project whose node_modules holds its dependencies but not better-sqlite3 or pg
 * (as `npm install --omit=optional` leaves it, or a better-sqlite3 whose build failed), still
 * imports, runs the suite and serves from memory; a store that needs a missing driver is refused
 * at start in words that say what to install, with no stack and nothing created.
 */
import { type ChildProcess, execFile, spawn } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "../../..");
const run = promisify(execFile);
const tmp = mkdtempSync(join(tmpdir(), "osk-drivers-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/**
 * The package as installed in `dir/node_modules/opensocial-kit`: dist, bin and data copied (a
 * symlink would resolve back to this repository's node_modules), its required dependencies
 * linked, and `extra` packages copied in beside them.
 */
function install(dir: string, extra: (modules: string) => void = () => {}): string {
  const modules = join(dir, "node_modules");
  const pkg = join(modules, "opensocial-kit");
  mkdirSync(pkg, { recursive: true });
  for (const part of ["dist", "bin", "schemas", "fixtures", "conformance", "package.json"])
    cpSync(join(ROOT, part), join(pkg, part), { recursive: true });
  const manifest = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as {
    dependencies: Record<string, string>;
  };
  for (const name of Object.keys(manifest.dependencies))
    symlinkSync(join(ROOT, "node_modules", name), join(modules, name), "dir");
  extra(modules);
  return join(pkg, "bin", "opensocial-kit.js");
}

/** Runs the CLI; its exit code and output, whatever the code. */
async function cli(bin: string, args: string[]) {
  try {
    const r = await run(process.execPath, [bin, ...args], { timeout: 30_000 });
    return { code: 0, ...r };
  } catch (e) {
    const x = e as { code: number; stdout: string; stderr: string };
    return { code: x.code, stdout: x.stdout, stderr: x.stderr };
  }
}

let bare: string;
let unbuilt: string;
beforeAll(() => {
  bare = install(join(tmp, "bare"));
  // better-sqlite3 as `npm install --ignore-scripts` leaves it: its code, no native module
  unbuilt = install(join(tmp, "unbuilt"), (modules) => {
    cpSync(join(ROOT, "node_modules", "better-sqlite3"), join(modules, "better-sqlite3"), {
      recursive: true,
      filter: (src) => !src.includes(`${join("better-sqlite3", "build")}`),
    });
    for (const name of ["bindings", "file-uri-to-path"])
      symlinkSync(join(ROOT, "node_modules", name), join(modules, name), "dir");
  });
  expect(existsSync(join(tmp, "bare", "node_modules", "better-sqlite3"))).toBe(false);
  expect(existsSync(join(tmp, "unbuilt", "node_modules", "better-sqlite3", "build"))).toBe(false);
}, 60_000);

describe("without the store drivers", () => {
  it("serve with a SQLite file: exit 1, says to install better-sqlite3 or use another store; no file made", async () => {
    const data = join(tmp, "bare-data", "appdata.sqlite");
    const r = await cli(bare, ["serve", "--port", "0", "--data", data]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      `--data ${data}: the application-data store is not available: better-sqlite3 is not installed (an optional dependency of opensocial-kit, needed for the SQLite store): install it with \`npm install better-sqlite3\`, or use :memory: or a postgres:// URL\n`,
    );
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(existsSync(join(tmp, "bare-data"))).toBe(false);
  });

  it("serve with a postgres:// URL: exit 1, says to install pg; the password is not shown", async () => {
    const r = await cli(bare, ["serve", "--port", "0", "--data", "postgres://app:s3cret@db/x"]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      "--data postgres://app:***@db/x: the application-data store is not available: pg is not installed (an optional dependency of opensocial-kit, needed for the PostgreSQL store): install it with `npm install pg`, or use a SQLite file or :memory:\n",
    );
    expect(r.stderr).not.toContain("s3cret");
  });

  it("serve --data :memory: answers; run passes against the in-process reference", async () => {
    const child: ChildProcess = spawn(process.execPath, [
      bare,
      "serve",
      "--port",
      "0",
      "--data",
      ":memory:",
    ]);
    try {
      let out = "";
      for await (const chunk of child.stdout ?? []) {
        out += String(chunk);
        if (/http:\/\/127\.0\.0\.1:\d+/.test(out)) break;
      }
      const url = /(http:\/\/127\.0\.0\.1:\d+)/.exec(out)?.[1];
      expect((await fetch(`${url}/healthz`)).status).toBe(200);
    } finally {
      child.kill("SIGTERM");
    }
    const r = await cli(bare, ["run", "--grep", "^people/"]);
    expect(r.stderr).not.toMatch(/better-sqlite3|pg is not installed|\n\s+at /);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/PASS/);
  });

  it("the library imports and writes: a server author's codecs, schemas and in-memory store", async () => {
    const dir = join(tmp, "bare");
    writeFileSync(
      join(dir, "use.mjs"),
      `import { fromAtom, toAtom, toJson, validate } from "opensocial-kit";
import { createServer, memoryStore } from "opensocial-kit/server";
const page = { entry: { "example.org:alice": { "1st": "a<b" } }, id: ["example.org:alice"], startIndex: 0, totalResults: 1 };
const json = validate("appdata", JSON.parse(toJson("appdata", page)));
const atom = fromAtom("appdata", toAtom("appdata", page));
const store = memoryStore();
await store.write("quiz", "u", [["k", "v"]]);
console.log(JSON.stringify({ json: json.ok && json.value.entry, atom: atom.ok && atom.value.entry, stored: (await store.read("quiz", "u")).get("k"), server: typeof createServer }));`,
    );
    const { stdout } = await run(process.execPath, [join(dir, "use.mjs")], { cwd: dir });
    const entry = { "example.org:alice": { "1st": "a<b" } };
    expect(JSON.parse(stdout)).toEqual({
      json: entry,
      atom: entry,
      stored: "v",
      server: "function",
    });
  });
});

describe("better-sqlite3 without its native module", () => {
  it("serve with a SQLite file: exit 1, says to rebuild it", async () => {
    const r = await cli(unbuilt, ["serve", "--port", "0", "--data", join(tmp, "u.sqlite")]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("better-sqlite3 is installed without its native module");
    expect(r.stderr).toContain("npm rebuild better-sqlite3");
    expect(r.stderr).not.toContain("Could not locate the bindings file");
  });
});
