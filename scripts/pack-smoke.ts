/**
 * `npm run smoke:pack`: the package as users get it. Packs the project
 * (`npm pack`), installs the tarball in a fresh temporary project (`npm install --prefer-offline`,
 * from the npm cache, the registry as fallback) and there runs:
 *   1. `npx opensocial-kit run`: the suite against the bundled reference, green (exit 0, PASS);
 *   2. `npx opensocial-kit serve`: answers a signed request (sent with the installed
 *      `opensocial-kit request`, and with the installed `signRequest` and fetch), stops on SIGTERM;
 *   3. an ESM import of `toAtom`, `validate`, `signRequest` (and the subpath exports) doing real work;
 *   4. a TypeScript compile of a consumer against the published types (the project's `tsc`,
 *      strict, `moduleResolution` `nodenext` and `bundler`), a server's own calls among them,
 *      and README's Library use example as it stands;
 * then `publint --strict` and `attw --profile esm-only` on the tarball (the package is ESM only,
 * `engines.node >= 20`: the CommonJS `require` and node10 resolutions do not apply).
 *
 * The tarball is installed with `--ignore-scripts` and the project's own compiled
 * `better_sqlite3.node` is copied in: better-sqlite3 would otherwise compile from source (its
 * prebuilt download needs GitHub), about a minute of CPU that tests nothing of ours. `dist/` is
 * rebuilt first when missing or older than `src/`. Exit 0 when every step passed; each step
 * prints one line `ok <step> (<ms> ms)` or `FAIL <step>: <why>`.
 */
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { ensureFreshBuild } from "../bench/server/fresh-build.js";

const run = promisify(execFile);
const ROOT = join(import.meta.dirname, "..");

/** Runs a command; resolves with its output, rejects with its output in the message. */
async function sh(
  cmd: string,
  args: string[],
  cwd: string,
  timeoutMs = 60_000,
): Promise<{ stdout: string; stderr: string }> {
  try {
    return await run(cmd, args, {
      cwd,
      timeout: timeoutMs,
      maxBuffer: 16 * 1024 * 1024,
      env: { ...process.env, npm_config_update_notifier: "false", NO_COLOR: "1" },
    });
  } catch (e) {
    const x = e as { code?: number | string; stdout?: string; stderr?: string; message: string };
    throw new Error(
      `${cmd} ${args.join(" ")} exited ${x.code ?? "?"}\n${x.stdout ?? ""}\n${x.stderr ?? x.message}`,
    );
  }
}

/** The consumer's ESM smoke program: real calls through the published entry points. */
const ESM_SMOKE = `
import { toAtom, validate, signRequest, fromJson } from "opensocial-kit";
import { createServer } from "opensocial-kit/server";
import { runSuite } from "opensocial-kit/conformance";
import { toAtom as toAtom2 } from "opensocial-kit/atom";
import { signaturesEqual, bodyHash } from "opensocial-kit/oauth";
const out = {};
out.atom = toAtom("appdata", { entry: { "example.org:alice": { score: "10" } }, id: ["example.org:alice"], startIndex: 0, totalResults: 1 }) === toAtom2("appdata", { entry: { "example.org:alice": { score: "10" } }, id: ["example.org:alice"], startIndex: 0, totalResults: 1 });
out.atomText = toAtom("appdata", { entry: { "example.org:alice": { score: "10" } }, id: ["example.org:alice"], startIndex: 0, totalResults: 1 });
out.valid = validate("appdata", { entry: {}, startIndex: "0", id: [], totalResults: 0 });
out.invalid = validate("appdata", { entry: {}, startIndex: "x", id: [], totalResults: 0 }, { mode: "strict" }).issues.map((i) => i.pointer);
out.oauth = signaturesEqual(bodyHash(new Uint8Array(0)), "2jmj7l5rSw0yVb/vlWAYkK/YBwk=");
out.parsed = fromJson("albums", '{"entry":[],"startIndex":"0","itemsPerPage":"20","totalResults":"0"}').ok;
out.signed = signRequest({ method: "GET", url: "http://127.0.0.1:8080/os/0.8/people/@me/@self", consumerKey: "k", consumerSecret: "s", nonce: "n", timestamp: 1 }).headers.authorization;
out.functions = [typeof createServer, typeof runSuite];
process.stdout.write(JSON.stringify(out));
`;

/** The consumer's TypeScript program: compiled against the published .d.ts files. */
const TS_CONSUMER = `
import { acceptSelectsAtom, fromAtom, fromJson, readCaptured, signRequest, toAtom, toJson, validate, type AppDataResponse, type Issue, type JsonLimits, type PersonResponse, type SignedRequest } from "opensocial-kit";
import { createServer, type ReferenceServer } from "opensocial-kit/server";
import { runSuite, type RunReport } from "opensocial-kit/conformance";

const response: AppDataResponse = { entry: { "example.org:alice": { score: "10" } }, id: ["example.org:alice"], startIndex: 0, totalResults: 1 };
const xml: string = toAtom("appdata", response);
const checked = validate("people", {});
const friends: string = toJson("people", { entry: [], startIndex: 0, itemsPerPage: 20, totalResults: 0 });
const issues: readonly Issue[] = checked.ok ? [] : checked.issues;
const signed: SignedRequest = signRequest({ method: "GET", url: "http://127.0.0.1:8080/", consumerKey: "k", consumerSecret: "s" });
const headers: Record<string, string> = signed.headers;
type Server = ReferenceServer;
const start: typeof createServer = createServer;
const suite: typeof runSuite = runSuite;
export function exitOf(r: RunReport): number { return r.exitCode; }
// @ts-expect-error validate takes a kind name: a number is a type error in the published types
validate(42, {});
// a server's own: P-FMT-1's choice, bounded reads typed by kind
const atomWanted: boolean = acceptSelectsAtom("application/atom+xml;q=0.9, application/json;q=0.5");
const limits: JsonLimits = { maxLength: 1024, maxDepth: 8 };
const body = fromJson("appdata-write", "{}", { limits });
const back = fromAtom("appdata", xml);
const captured = readCaptured(new Uint8Array(0), { kind: "person" });
const person: PersonResponse | undefined = captured.ok ? captured.value.value : undefined;
export { xml, friends, issues, headers, start, suite, atomWanted, body, back, person };
export type { Server };
`;

/** The consumer's compiler options, by module resolution: Node's own, and a bundler's. */
const TSCONFIGS = [
  ["nodenext", "nodenext"],
  ["esnext", "bundler"],
].map(([module, moduleResolution]) => ({
  compilerOptions: {
    module,
    moduleResolution,
    target: "es2022",
    strict: true,
    noEmit: true,
    skipLibCheck: false,
    types: ["node"],
  },
  files: ["consumer.ts", "readme.ts"],
}));

/** The TypeScript example of README's "Library use", as a reader copies it. */
function readmeExample(): string {
  const readme = readFileSync(join(ROOT, "README.md"), "utf8");
  const section = readme.slice(readme.indexOf("## Library use"));
  const block = /```ts\n([\s\S]*?)```/.exec(section)?.[1];
  if (block === undefined) throw new Error("README.md: no TypeScript example under Library use");
  return block;
}

/** Waits for `serve` to print its banner; resolves with its base URL. */
function started(child: ChildProcess, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = "";
    const timer = setTimeout(() => reject(new Error(`serve printed no URL: ${out}`)), timeoutMs);
    child.stdout?.on("data", (d: Buffer) => {
      out += d.toString();
      const m = /listening on (http:\/\/\S+?)\/os\/0\.8\//.exec(out);
      if (m?.[1] && out.includes("no signature needed")) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`serve exited ${code}: ${out}`));
    });
  });
}

/** The steps; each throws with the reason when it fails. */
export async function packSmoke(
  log: (line: string) => void = (l) => console.log(l),
): Promise<boolean> {
  const dir = mkdtempSync(join(tmpdir(), "osk-pack-"));
  const proj = join(dir, "consumer");
  mkdirSync(proj);
  let ok = true;
  const step = async (name: string, fn: () => Promise<string | undefined>) => {
    const t0 = performance.now();
    try {
      const note = await fn();
      log(`ok ${name} (${Math.round(performance.now() - t0)} ms)${note ? `: ${note}` : ""}`);
    } catch (e) {
      ok = false;
      log(`FAIL ${name}: ${(e as Error).message}`);
    }
  };
  const npx = (args: string[], timeoutMs?: number) =>
    sh("npx", ["--no-install", "opensocial-kit", ...args], proj, timeoutMs);
  try {
    let tarball = "";
    await step("npm pack", async () => {
      ensureFreshBuild(ROOT);
      const { stdout } = await sh(
        "npm",
        ["pack", "--ignore-scripts", "--json", "--pack-destination", dir],
        ROOT,
      );
      const info = JSON.parse(stdout) as { filename: string; entryCount: number }[];
      tarball = join(dir, info[0]?.filename ?? "");
      return `${info[0]?.filename}, ${info[0]?.entryCount} files`;
    });
    if (!ok) return false;
    await step("npm install (fresh project)", async () => {
      writeFileSync(
        join(proj, "package.json"),
        JSON.stringify({ name: "consumer", private: true, type: "module" }),
      );
      const typesNode = (
        JSON.parse(readFileSync(join(ROOT, "node_modules/@types/node/package.json"), "utf8")) as {
          version: string;
        }
      ).version;
      await sh(
        "npm",
        [
          "install",
          "--prefer-offline",
          "--ignore-scripts",
          "--no-audit",
          "--no-fund",
          tarball,
          `@types/node@${typesNode}`,
        ],
        proj,
        120_000,
      );
      const native = "node_modules/better-sqlite3/build/Release/better_sqlite3.node";
      mkdirSync(join(proj, native, ".."), { recursive: true });
      copyFileSync(join(ROOT, native), join(proj, native));
      return undefined;
    });
    if (!ok) return false;
    await step("npx opensocial-kit run", async () => {
      const { stdout, stderr } = await npx(["run"], 120_000);
      const last = stdout.trim().split("\n").slice(-2);
      if (last[1] !== "PASS") throw new Error(`not green:\n${stdout}\n${stderr}`);
      return last[0]?.replace(/ against .*/, "");
    });
    await step("npx opensocial-kit serve + a signed request", async () => {
      const child = spawn(
        "npx",
        ["--no-install", "opensocial-kit", "serve", "--port", "0", "--data", ":memory:"],
        {
          cwd: proj,
          stdio: ["ignore", "pipe", "pipe"],
          detached: true,
        },
      );
      const exited = new Promise<number | null>((r) => child.once("exit", (c) => r(c)));
      try {
        const url = await started(child, 30_000);
        const viaCli = await npx(["request", "GET", "people/@me/@self", "--base-url", url]);
        if (JSON.parse(viaCli.stdout).entry.id !== "example.org:alice")
          throw new Error(viaCli.stdout);
        const program = `import { signRequest } from "opensocial-kit";
const s = signRequest({ method: "GET", url: ${JSON.stringify(`${url}/os/0.8/appdata/@me/@self/@app`)}, consumerKey: "quiz-key", consumerSecret: "quiz secret+1/é", requestorId: "example.org:alice" });
const r = await fetch(s.url, { headers: s.headers });
process.stdout.write(String(r.status));`;
        writeFileSync(join(proj, "signed.mjs"), program);
        const { stdout } = await sh(process.execPath, ["signed.mjs"], proj);
        if (stdout !== "200") throw new Error(`signed fetch answered ${stdout}`);
        const index = await fetch(`${url}/`);
        if (index.status !== 200) throw new Error(`GET / answered ${index.status}`);
        return `${url}: request and signed fetch 200`;
      } finally {
        // npx runs the command in a child: signal the whole group.
        if (child.pid !== undefined && child.exitCode === null) process.kill(-child.pid, "SIGTERM");
        await exited;
      }
    });
    await step("ESM import of toAtom/validate/signRequest", async () => {
      writeFileSync(join(proj, "esm.mjs"), ESM_SMOKE);
      const { stdout } = await sh(process.execPath, ["esm.mjs"], proj);
      const r = JSON.parse(stdout) as Record<string, unknown>;
      const problems: string[] = [];
      if (r.atom !== true || !String(r.atomText).includes("<feed")) problems.push("toAtom");
      const valid = '{"ok":true,"value":{"entry":{},"startIndex":0,"id":[],"totalResults":0}}';
      if (JSON.stringify(r.valid) !== valid || JSON.stringify(r.invalid) !== '["/startIndex"]')
        problems.push(`validate ${JSON.stringify([r.valid, r.invalid])}`);
      if (r.parsed !== true) problems.push("fromJson");
      if (r.oauth !== true) problems.push("opensocial-kit/oauth");
      if (!/^OAuth oauth_consumer_key="k"/.test(String(r.signed))) problems.push("signRequest");
      if (JSON.stringify(r.functions) !== '["function","function"]') problems.push("subpaths");
      if (problems.length) throw new Error(`${problems.join(", ")}: ${stdout}`);
      return undefined;
    });
    await step("tsc against the published types (nodenext, bundler)", async () => {
      writeFileSync(join(proj, "consumer.ts"), TS_CONSUMER);
      writeFileSync(join(proj, "readme.ts"), readmeExample());
      for (const tsconfig of TSCONFIGS) {
        writeFileSync(join(proj, "tsconfig.json"), JSON.stringify(tsconfig));
        await sh(join(ROOT, "node_modules/.bin/tsc"), ["-p", "tsconfig.json"], proj);
      }
      return undefined;
    });
    await step("publint", async () => {
      const { stdout } = await sh(
        "npx",
        ["--no-install", "publint", "run", tarball, "--strict"],
        ROOT,
      );
      if (!/All good!/.test(stdout)) throw new Error(stdout);
      return undefined;
    });
    await step("attw --profile esm-only (the tarball)", async () => {
      await sh(
        "npx",
        ["--no-install", "attw", tarball, "--profile", "esm-only", "--format", "table-flipped"],
        ROOT,
        120_000,
      );
      return undefined;
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return ok;
}

if (import.meta.url === `file://${process.argv[1]}`) process.exitCode = (await packSmoke()) ? 0 : 1;
