/**
 * The CLI bundle, the last step of `npm run build` (after tsc wrote dist/): esbuild bundles
 * dist/cli/main.js into dist/cli-bundle/, which bin/opensocial-kit.js runs, so that a command
 * resolves a few dozen chunks rather than the ~270 small modules of dist/ (each module resolved
 * and read costs start time). dist/ itself stays the library, as package.json `exports` name it.
 *
 * - Code splitting, ESM: every `import()` of the CLI (a command's options, its action, the
 *   reference server's modules, fast-check's users) stays a chunk of its own, loaded only when
 *   reached, so `--version` still loads no command and `run` no store driver.
 * - Platform node, `packages: "external"`: node_modules (ajv, yargs-parser, fast-check) stay
 *   imports, resolved from the package as before; the store drivers (better-sqlite3, pg) are
 *   required when a store of theirs opens (src/server/store/drivers.ts).
 * - Source maps chained through tsc's maps to src/*.ts (without the sources' text, as dist/'s
 *   maps): node reads them with `--enable-source-maps` only, so they cost no start.
 * - The metafile (which source modules each chunk holds) is written beside the chunks for
 *   test/cli/loaded-modules.test.ts; package.json `files` leaves it out of the package.
 *
 * The package's own files (schemas/, fixtures/, conformance/) are found from any chunk by
 * walking up to package.json (src/model/package-root.ts).
 */
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "esbuild";

// not import.meta.dirname: `npm run build` runs on every node that package.json's engines allow
const ROOT = fileURLToPath(new URL("..", import.meta.url));

/** Where the bundle is written, from the package root. */
export const BUNDLE_DIR = "dist/cli-bundle";

/** The metafile: for each output file, the dist/ modules it holds. */
export const METAFILE = `${BUNDLE_DIR}/metafile.json`;

/** Builds the bundle from dist/ (tsc's output); resolves when written. */
export async function bundleCli(): Promise<void> {
  rmSync(join(ROOT, BUNDLE_DIR), { recursive: true, force: true }); // no chunk of an older build
  const result = await build({
    absWorkingDir: ROOT,
    // the process entry's two imports: the command line and the exit codes
    entryPoints: {
      main: "dist/cli/main.js",
      "exit-codes": "dist/conformance/run/exit-codes.js",
    },
    outdir: BUNDLE_DIR,
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node20",
    packages: "external",
    sourcemap: true,
    sourcesContent: false,
    metafile: true,
    logLevel: "warning",
  });
  writeFileSync(join(ROOT, METAFILE), `${JSON.stringify(result.metafile, null, 1)}\n`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await bundleCli();
