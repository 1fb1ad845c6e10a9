/** Builds `dist/` (`npm run build`) when it is missing or older than the sources in `src/`. */
import { execFileSync } from "node:child_process";
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";

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

/** Ensures `root/dist` is built from the current `root/src` (tests excluded, as in the build). */
export function ensureFreshBuild(root: string): void {
  const built = newestMtime(join(root, "dist"), (n) => n.endsWith(".js"));
  const source = newestMtime(join(root, "src"), (n) => !n.endsWith(".test.ts"));
  if (built > 0 && built >= source) return;
  process.stdout.write("bench: dist/ is missing or older than src/, running npm run build\n");
  execFileSync("npm", ["run", "--silent", "build"], { cwd: root, stdio: "inherit" });
}
