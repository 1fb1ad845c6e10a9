/**
 * Every command of README.md and of the `--help` examples, run as a user pastes it, so a new
 * example cannot go untested. A temporary project has the package installed (a link to this
 * checkout in node_modules, its `opensocial-kit` bin on the PATH); README commands run there
 * through `bash -c` as written (`npx opensocial-kit …`), `--help` examples as `opensocial-kit …`.
 * Each README section starts with a fresh sandbox (`serve --data :memory:`) unless it starts
 * its own, as a reader following one section at a time; the README's TypeScript is compiled
 * strictly against the published types and run.
 *
 * What the test changes in a command, and only that: the sandbox's port (8080 may be taken on a
 * shared machine: `127.0.0.1:8080` becomes the test's port, a `serve` without `--port` gets one,
 * a `request` without `--target` or `--base-url` gets the sandbox's); `fuzz` and `diff` budgets
 * (`--steps`, `--time`, `--fuzz-steps`) are cut to a few seconds; the example's PostgreSQL URL
 * names a throwaway cluster (same password). Files the examples name (`my-target.json`,
 * `friends.json`, …) are made first, as a user would have them. A command that cannot run here as
 * written (installing the package) is listed in RUN_ELSEWHERE with the test that runs it.
 *
 * The README's CI example ("In CI") is run as a user copies it, the one edit it asks for made
 * (the service's URL in the copied target file): green against a fresh reference, red against a
 * broken proxy, the replay line naming the user's target file.
 */
import { type ChildProcess, spawn } from "node:child_process";
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startVariantProxy } from "../../scripts/mutants/variant-proxy.js";
import { COMMANDS } from "../../src/cli/commands.js";
import { MAIN_EXAMPLES } from "../../src/cli/main-help.js";
import { type PgCluster, startCluster } from "../server/pg-cluster.js";

const ROOT = join(import.meta.dirname, "../..");
const VERSION = (
  JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { version: string }
).version;

/** README commands this test cannot run as written, and what runs them instead. */
const RUN_ELSEWHERE: Readonly<Record<string, string>> = {
  "npm ci": "installing the clone's dependencies: every test run starts from it (.ci/run)",
  "npm pack": "scripts/pack-smoke.ts (test/scripts/pack-smoke.test.ts) packs this project",
  [`npm install --save-dev ../opensocial-kit/opensocial-kit-${VERSION}.tgz`]:
    "scripts/pack-smoke.ts installs the packed tarball in a fresh project and runs it there",
};

/** One command and where it was found. */
interface Command {
  readonly text: string;
  readonly where: string;
}

/** The `sh` blocks of README.md, by `##` section, continuation lines joined. */
function readmeSections(): { section: string; blocks: Command[][] }[] {
  const lines = readFileSync(join(ROOT, "README.md"), "utf8").split("\n");
  const out: { section: string; blocks: Command[][] }[] = [];
  let block: Command[] | undefined;
  let pending = "";
  lines.forEach((line, i) => {
    if (line.startsWith("## ")) out.push({ section: line.slice(3), blocks: [] });
    else if (line === "```sh") {
      block = [];
      out.at(-1)?.blocks.push(block);
    } else if (line === "```") block = undefined;
    else if (block && line.trim() !== "" && !line.trim().startsWith("#")) {
      pending += pending ? ` ${line.trim()}` : line;
      if (pending.endsWith("\\")) pending = pending.slice(0, -1).trimEnd();
      else {
        block.push({ text: pending, where: `README.md line ${i + 1}` });
        pending = "";
      }
    }
  });
  return out;
}

/** The `--help` examples of every command (`$0` is the program), from each command's spec. */
async function helpExamples(): Promise<Command[]> {
  const out: Command[] = MAIN_EXAMPLES.map(([text]) => ({ text, where: "--help" }));
  for (const entry of COMMANDS)
    for (const [text] of (await entry.load()).spec.examples ?? [])
      out.push({ text, where: `${entry.name} --help` });
  return out.map((c) => ({ ...c, text: c.text.replaceAll("$0", "opensocial-kit") }));
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

let dir = "";
let env: NodeJS.ProcessEnv = {};
let port = 0;
let pg: PgCluster | undefined;

/**
 * Runs `command` in the project; its exit code and output (stdout, then stderr). Asynchronous:
 * a proxy of this test process must keep answering while the command runs.
 */
function sh(command: string, timeout = 180_000): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn("bash", ["-c", command], { cwd: dir, env });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => {
      stdout += d.toString();
    });
    child.stderr.on("data", (d: Buffer) => {
      stderr += d.toString();
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), timeout);
    child.once("close", (code) => {
      clearTimeout(timer);
      resolve({ code, out: `${stdout}${stderr}` });
    });
  });
}

/** `command` without a trailing shell comment (a `#` after white space, outside quotes). */
function withoutComment(command: string): string {
  let quote: string | undefined;
  for (let i = 0; i < command.length; i++) {
    const ch = command[i];
    if (quote) {
      if (ch === quote) quote = undefined;
    } else if (ch === "'" || ch === '"') quote = ch;
    else if (ch === "#" && /\s/.test(command[i - 1] ?? "")) return command.slice(0, i).trimEnd();
  }
  return command;
}

/** A `serve` running in the background. */
interface Served {
  readonly child: ChildProcess;
  readonly banner: string;
}

async function startServe(command: string): Promise<Served> {
  const child = spawn("bash", ["-c", `exec ${command}`], {
    cwd: dir,
    env,
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let out = "";
  const banner = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no banner from ${command}: ${out}`)), 60_000);
    const take = (d: Buffer) => {
      out += d.toString();
      if (out.includes("no signature needed")) {
        clearTimeout(timer);
        resolve(out);
      }
    };
    child.stdout?.on("data", take);
    child.stderr?.on("data", take);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`${command} exited ${code}: ${out}`));
    });
  });
  return { child, banner };
}

async function stopServe(s: Served | undefined): Promise<void> {
  if (!s || s.child.exitCode !== null || s.child.pid === undefined) return;
  const exited = new Promise((r) => s.child.once("exit", r));
  process.kill(-s.child.pid, "SIGTERM");
  await exited;
}

/** `command` with the test's changes (see the header): the port, budgets, the database. */
function asRun(command: string, sandbox: number, own?: number): string {
  return withoutComment(command)
    .split(" | ")
    .map((part) => {
      let c = part.replaceAll("127.0.0.1:8080", `127.0.0.1:${sandbox}`);
      const words = c.split(/\s+/);
      const sub = words[words.indexOf("opensocial-kit") + 1];
      if (sub === "serve" && !words.includes("--port")) c += ` --port ${own ?? sandbox}`;
      if (sub === "request" && !words.includes("--target") && !words.includes("--base-url"))
        c += ` --base-url http://127.0.0.1:${sandbox}`;
      if (sub === "fuzz" && !words.includes("--steps")) c += " --steps 30";
      c = c
        .replace(/--steps \d+/, "--steps 30")
        .replace(/--time \d+/, "--time 20")
        .replace(/--fuzz-steps \d+/, "--fuzz-steps 30");
      if (pg) c = c.replace(/postgres:\/\/osk:secret@db:5432\/osk/, pgUrl());
      return c;
    })
    .join(" | ");
}

/** The throwaway cluster's database as the example's URL names it: user and password kept. */
function pgUrl(): string {
  return `postgres://postgres:secret@${encodeURIComponent(pg?.dir ?? "")}/osk`;
}

/** A target file for the bundled world at `baseUrl`, its world beside it. */
function targetFile(name: string, baseUrl: string): void {
  const t = JSON.parse(readFileSync(join(ROOT, "fixtures/target.json"), "utf8")) as Record<
    string,
    unknown
  >;
  writeFileSync(join(dir, name), JSON.stringify({ ...t, baseUrl, world: "my-world.json" }));
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "osk-readme-"));
  mkdirSync(join(dir, "node_modules/.bin"), { recursive: true });
  writeFileSync(
    join(dir, "package.json"),
    JSON.stringify({ name: "consumer", private: true, type: "module" }),
  );
  symlinkSync(ROOT, join(dir, "node_modules/opensocial-kit"));
  symlinkSync(
    "../opensocial-kit/bin/opensocial-kit.js",
    join(dir, "node_modules/.bin/opensocial-kit"),
  );
  symlinkSync(join(ROOT, "node_modules/@types"), join(dir, "node_modules/@types"));
  env = {
    ...process.env,
    PATH: `${join(dir, "node_modules/.bin")}:${process.env.PATH ?? ""}`,
    npm_config_offline: "true",
    npm_config_update_notifier: "false",
    NO_COLOR: "1",
  };
  port = await freePort();
}, 60_000);

afterAll(() => {
  pg?.remove();
  rmSync(dir, { recursive: true, force: true });
});

describe("README.md, as pasted", () => {
  const sections = readmeSections();

  it("names the tarball of this version, and lists no stale command as run elsewhere", () => {
    const all = sections.flatMap((s) => s.blocks.flat().map((c) => c.text));
    for (const listed of Object.keys(RUN_ELSEWHERE)) expect(all).toContain(listed);
    expect(readFileSync(join(ROOT, "README.md"), "utf8")).toContain(
      `opensocial-kit-${VERSION}.tgz`,
    );
  });

  it("every command of every section runs as written (exit 0)", async () => {
    let sandbox: Served | undefined;
    try {
      for (const { section, blocks } of sections) {
        // the CI example edits the target file it copies: the next test runs it as a user does
        if (section === "In CI") continue;
        const commands = blocks.flat().filter((c) => !(c.text in RUN_ELSEWHERE));
        if (commands.length === 0) continue;
        await stopServe(sandbox);
        sandbox = commands.some((c) => / serve\b/.test(c.text))
          ? undefined
          : await startServe(`opensocial-kit serve --data :memory: --port ${port}`);
        for (const c of commands) {
          const command = asRun(c.text, port);
          if (/ serve\b/.test(c.text)) {
            await stopServe(sandbox);
            sandbox = await startServe(command);
            continue;
          }
          const r = await sh(command);
          expect(r.code, `${section}: ${c.where}: ${command}\n${r.out}`).toBe(0);
          if (/ run\b/.test(c.text)) expect(r.out).toMatch(/\nPASS\n/);
        }
      }
    } finally {
      await stopServe(sandbox);
    }
  }, 600_000);

  it("the TypeScript compiles strictly against the published types and runs against the sandbox", async () => {
    const text = readFileSync(join(ROOT, "README.md"), "utf8");
    const blocks = [...text.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1] ?? "");
    expect(blocks.length).toBeGreaterThan(0);
    const files = blocks.map((b, i) => {
      const name = `readme-${i + 1}.ts`;
      writeFileSync(join(dir, name), b.replaceAll("127.0.0.1:8080", `127.0.0.1:${port}`));
      return name;
    });
    writeFileSync(
      join(dir, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: {
          module: "nodenext",
          moduleResolution: "nodenext",
          target: "es2022",
          strict: true,
          outDir: "out",
          types: ["node"],
          skipLibCheck: true,
        },
        files,
      }),
    );
    const tsc = await sh(`${join(ROOT, "node_modules/.bin/tsc")} -p tsconfig.json`);
    expect(tsc.code, tsc.out).toBe(0);
    const sandbox = await startServe(`opensocial-kit serve --data :memory: --port ${port}`);
    try {
      for (const f of files) {
        const r = await sh(`node out/${f.replace(/\.ts$/, ".js")}`);
        expect(r.code, `${f}\n${r.out}`).toBe(0);
        expect(r.out).toMatch(/^200 3\n/);
        expect(r.out).toContain("{ '1st': 'a<b' }");
      }
    } finally {
      await stopServe(sandbox);
    }
  }, 120_000);

  it("the CI example, copied into a fresh project: green against the reference, red against a broken proxy with a replay line naming the target", async () => {
    const ci = sections.find((s) => s.section === "In CI");
    const commands = (ci?.blocks.flat() ?? []).map((c) => c.text);
    const job = commands.find((c) => / run\b/.test(c)) ?? "";
    expect(job).toMatch(/--target ci\/target\.json --expectations ci\/known-failures\.json/);
    rmSync(join(dir, "ci"), { recursive: true, force: true });
    for (const c of commands.filter((x) => x !== job)) expect((await sh(c)).code, c).toBe(0);
    const reference = await startServe(`opensocial-kit serve --data :memory: --port ${port}`);
    const upstream = `http://127.0.0.1:${port}`;
    const proxy = await startVariantProxy(upstream, (body) =>
      body.replace(/"totalResults":(\d+)/g, (_, n: string) => `"totalResults":${Number(n) + 7}`),
    );
    try {
      const target = JSON.parse(readFileSync(join(dir, "ci/target.json"), "utf8")) as {
        baseUrl: string;
      };
      // the one edit the README asks for: the service's URL
      target.baseUrl = upstream;
      writeFileSync(join(dir, "ci/target.json"), JSON.stringify(target, null, 2));
      const green = await sh(job);
      expect(green.code, green.out).toBe(0);
      expect(green.out).toMatch(/\nPASS\n/);
      expect(readFileSync(join(dir, "reports/conformance.junit.xml"), "utf8")).toMatch(
        /<testsuites [^>]*failures="0"/,
      );
      target.baseUrl = proxy.url;
      writeFileSync(join(dir, "ci/target.json"), JSON.stringify(target, null, 2));
      const red = await sh(job);
      expect(red.code, red.out).toBe(1);
      expect(red.out).toMatch(
        /to replay signed: npx opensocial-kit run --target ci\/target\.json --grep '\^[a-z-]+\/[a-z0-9-]+\$'\)/,
      );
      expect(readFileSync(join(dir, "reports/conformance.html"), "utf8")).toContain(
        "npx opensocial-kit run --target ci/target.json --grep",
      );
    } finally {
      await proxy.close();
      await stopServe(reference);
    }
  }, 300_000);
});

describe("the --help examples, as shown", () => {
  it("every example of every command runs (exit 0; a serve prints its banner and stops)", async () => {
    const examples = await helpExamples();
    expect(examples.length).toBeGreaterThan(25);
    pg = startCluster();
    await pg.createDatabase("osk");
    const second = await freePort();
    targetFile("my-target.json", `http://127.0.0.1:${port}`);
    targetFile("t.json", `http://127.0.0.1:${port}`);
    targetFile("old.json", `http://127.0.0.1:${port}`);
    targetFile("new.json", `http://127.0.0.1:${second}`);
    copyFileSync(join(ROOT, "fixtures/world.json"), join(dir, "my-world.json"));
    writeFileSync(join(dir, "known-failures.json"), '{ "expectedFailures": [] }\n');
    const fresh = (p: number) => startServe(`opensocial-kit serve --data :memory: --port ${p}`);
    let sandbox = await fresh(port);
    let other = await fresh(second);
    // `world` writes a target file for the world it generates; the `serve --world` example
    // after it serves that world on the target's port and stays up for the `run` after it.
    const worldPort = await freePort();
    let worldServe: Served | undefined;
    try {
      // answers a user would have saved from the sandbox, for the payload examples
      for (const [file, path] of [
        ["friends.json", "people/@me/@friends"],
        ["appdata.json", "appdata/@me/@self/@app"],
        ["feed.xml", "'people/@me/@friends?format=atom'"],
        ["photos.json", "mediaitems/@me/@self/example.org:album-1"],
      ] as const)
        expect(
          (
            await sh(
              `opensocial-kit request GET ${path} --base-url http://127.0.0.1:${port} > ${file}`,
            )
          ).code,
        ).toBe(0);
      let dirty = false;
      for (const e of examples) {
        const sub = e.text.split(/\s+/)[1];
        if (sub === "serve" && e.text.includes("--world ")) {
          await stopServe(worldServe);
          worldServe = await startServe(asRun(e.text, port, worldPort));
          continue;
        }
        if (sub === "serve") {
          const own = await freePort();
          const served = await startServe(asRun(e.text, port, own));
          if (e.text.includes("postgres://")) {
            expect(served.banner).toContain(
              `postgres://postgres:***@${encodeURIComponent(pg?.dir ?? "")}/osk`,
            );
            expect(served.banner).not.toContain("secret@");
          }
          await stopServe(served);
          continue;
        }
        if ((sub === "run" || sub === "fuzz" || sub === "diff") && dirty) {
          await stopServe(sandbox);
          await stopServe(other);
          sandbox = await fresh(port);
          other = await fresh(second);
          dirty = false;
        }
        const command =
          sub === "world"
            ? `${asRun(e.text, port)} --base-url http://127.0.0.1:${worldPort}`
            : asRun(e.text, port);
        const r = await sh(command);
        expect(r.code, `${e.where}: ${command}\n${r.out}`).toBe(0);
        if (sub === "request" && /request (POST|PUT|DELETE)/.test(e.text)) dirty = true;
        if (sub === "fuzz" || sub === "diff") dirty = true;
      }
    } finally {
      await stopServe(sandbox);
      await stopServe(other);
      await stopServe(worldServe);
    }
  }, 600_000);
});
