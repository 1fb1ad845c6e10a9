/**
 * Builds `dist/` (`npm run build`) when it is missing or older than the sources in `src/`, or
 * lacks the CLI bundle that bin/ runs (its metafile is written last).
 */
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { METAFILE } from "../../scripts/bundle-cli.js";

/** Newest modification time (ms) of the files under `dir` that `keep` accepts; 0 when none. */
function newestMtime(dir: string, keep: (name: string) => boolean): number {
  let newest = 0;
  try {
    for (const e of readdirSync(dir, { withFileTypes: true, recursive: true }))
      if (e.isFile() && keep(e.name))
        newest = Math.max(newest, statSync(join(e.parentPath, e.name)).mtimeMs);
  } catch {
    // no such directory: nothing built
  }
  return newest;
}

/**
 * True when `root/dist` is built from the current `root/src` (tests excluded, as in the build)
 * and holds the CLI bundle.
 */
export function buildIsFresh(root: string): boolean {
  const built = newestMtime(join(root, "dist"), (n) => n.endsWith(".js"));
  const source = newestMtime(join(root, "src"), (n) => !n.endsWith(".test.ts"));
  return built > 0 && built >= source && existsSync(join(root, METAFILE));
}

/** Ensures `root/dist` is built from the current `root/src`, the CLI bundle included. */
export function ensureFreshBuild(root: string): void {
  if (buildIsFresh(root)) return;
  process.stdout.write(
    "bench: dist/ is missing, older than src/ or without the CLI bundle, running npm run build\n",
  );
  execFileSync("npm", ["run", "--silent", "build"], { cwd: root, stdio: "inherit" });
}
