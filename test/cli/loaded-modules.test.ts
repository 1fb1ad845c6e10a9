/**
 * What the built CLI loads, by the modules its process resolves: `--version`, `--help`, a
 * missing and a mistyped command load no command and no parser (the exit codes' table aside); a
 * command's own `--help` and usage errors load its options (cli/options/) and yargs-parser, and no
 * action, runner or server, nor yargs' help machinery; `run` against the in-process reference
 * loads no store driver (SQLite, PostgreSQL), no JSON Schema compiler (the validators are
 * compiled ahead of time) and not the world generator. Uses bin/opensocial-kit.js, which runs the
 * CLI bundle (dist/cli-bundle/, scripts/bundle-cli.ts): each chunk it loads is read as the dist/
 * modules it holds, from the metafile the bundler wrote, so a lazy `import()` that became a
 * static import shows as its modules loaded where they were not before.
 */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { BUNDLE_DIR, METAFILE } from "../../scripts/bundle-cli.js";

const ROOT = join(import.meta.dirname, "../..");
const TRACE = join(import.meta.dirname, "module-trace.mjs");

/** For each file of the bundle (from the package root), the dist/ modules it holds. */
const CHUNKS = new Map(
  Object.entries(
    (
      JSON.parse(readFileSync(join(ROOT, METAFILE), "utf8")) as {
        outputs: Record<string, { inputs: Record<string, unknown> }>;
      }
    ).outputs,
  ).map(([file, output]) => [file, Object.keys(output.inputs)]),
);

/**
 * The module URLs `opensocial-kit …args` resolves, each once (a chunk is resolved by each chunk
 * that imports it), relative to the package.
 */
function resolved(args: readonly string[]): string[] {
  const r = spawnSync(
    process.execPath,
    ["--import", TRACE, join(ROOT, "bin/opensocial-kit.js"), ...args],
    { encoding: "utf8", cwd: ROOT },
  );
  const urls = [...r.stderr.matchAll(/^loaded (.*)$/gm)].map((m) =>
    (m[1] ?? "").replace(`file://${ROOT}/`, ""),
  );
  return [...new Set(urls)];
}

/**
 * What `opensocial-kit …args` loads: the modules it resolves, a chunk of the bundle read as the
 * dist/ modules it holds (an unknown chunk is a stale build: the test says so).
 */
function loaded(args: readonly string[]): string[] {
  return resolved(args).flatMap((url) => {
    if (!url.startsWith(`${BUNDLE_DIR}/`)) return [url];
    const modules = CHUNKS.get(url);
    if (modules === undefined) throw new Error(`${url} is not in ${METAFILE}: npm run build`);
    return modules;
  });
}

const matching = (urls: readonly string[], pattern: RegExp) => urls.filter((u) => pattern.test(u));

describe("modules the CLI loads", () => {
  it("are the bundle's chunks: bin/ loads none of dist/'s own modules", () => {
    const ours = resolved(["--version"]).filter((u) => u.startsWith("dist/"));
    expect(ours).toContain(`${BUNDLE_DIR}/main.js`);
    expect(ours.filter((u) => !u.startsWith(`${BUNDLE_DIR}/`))).toEqual([]);
  });

  it.each([[["--version"]], [["--help"]], [[]], [["rnu"]]])(
    "%j loads no parser and no command",
    (args) => {
      const urls = loaded(args);
      expect(urls.length).toBeGreaterThan(0);
      expect(
        matching(
          urls,
          /node_modules\/(yargs|yargs-parser|ajv|undici|better-sqlite3|pg)\/|dist\/(cli\/(commands|options)|server)\/|dist\/conformance\/(?!run\/exit-codes\.js)/,
        ),
      ).toEqual([]);
    },
  );

  it.each([
    [["run", "--help"]],
    [["run", "--level", "bogus"]],
    [["serve", "--help"]],
    [["request"]],
    [["fuzz", "--level", "bogus"]],
    [["diff", "--help"]],
    [["world", "--help"]],
    [["coverage", "--help"]],
    [["openapi", "--help"]],
    [["validate"]],
    [["convert", "--help"]],
  ])(
    "%j (a command's help or usage error) loads its options only: no runner, no server",
    (args) => {
      const urls = loaded(args);
      expect(matching(urls, /dist\/cli\/options\//)).toHaveLength(1);
      expect(
        matching(
          urls,
          /node_modules\/(yargs|cliui|y18n|ajv|undici|better-sqlite3|pg|fast-check)\/|dist\/cli\/commands\/|dist\/server\/(?!http\/drain\.js)|dist\/conformance\/(?!run\/exit-codes\.js|reporters\/names\.js|case-types\.js|transport\/client-limits\.js)/,
        ),
      ).toEqual([]);
    },
  );

  it("one `request` loads the signer and the transport, not the runner, its checks or reporters", () => {
    // port 9 (discard) is closed here: the request is refused at once (exit 3), after its modules loaded
    const urls = loaded([
      "request",
      "GET",
      "/os/0.8/people/@me/@self",
      "--base-url",
      "http://127.0.0.1:9",
    ]);
    expect(matching(urls, /dist\/conformance\/transport\/one-request\.js/)).toHaveLength(1);
    expect(
      matching(
        urls,
        /dist\/conformance\/(index|checks\/index|reporters\/index|run\/run-suite|fuzz\/|diff\/)|dist\/server\//,
      ),
    ).toEqual([]);
  });

  it("run against the in-process reference loads no store driver, no schema compiler, no world generator", () => {
    const urls = loaded(["run", "--grep", "^no such case$"]);
    expect(matching(urls, /dist\/server\/create-server\.js/)).toHaveLength(1);
    expect(
      matching(urls, /node_modules\/(better-sqlite3|pg|ajv\/dist\/(2020|core))|dist\/worldgen\//),
    ).toEqual([]);
  }, 30_000);
});
