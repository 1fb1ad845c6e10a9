/**
 * A deliberately broken and hostile target for report tests: the reference server (in-process,
 * bundled world) behind the rewriting proxy of scripts/mutants/variant-proxy.ts, which (1) puts
 * markup into Alice's displayName — a script, an image that would fetch from the network, a
 * `</pre>` —, (2) adds 7 to every total, in JSON and in Atom, and (3) leaves out every person's
 * `nickname` in JSON (a missing member). A target file for it is written into `dir`.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { startVariantProxy } from "../../scripts/mutants/variant-proxy.js";
import { runCommand } from "../../src/cli/commands/run.js";
import { start } from "../server/harness.js";
import { bundledTarget } from "./helpers.js";

/** The markup the hostile server sends in a displayName. */
export const HOSTILE =
  "</pre></code><script>document.title='pwned'</script><img src=\"http://127.0.0.1:9/leak.png\" onerror=\"document.title='pwned'\">";

/** Starts the broken target; returns its target file and a stop function. */
export async function startBrokenTarget(dir: string): Promise<{
  targetFile: string;
  url: string;
  stop: () => Promise<void>;
}> {
  const upstream = await start();
  const proxy = await startVariantProxy(upstream.url, (body) =>
    body
      .replace(/"displayName":"Alice"/g, `"displayName":${JSON.stringify(HOSTILE)}`)
      .replace(/"totalResults":(\d+)/g, (_, n: string) => `"totalResults":${Number(n) + 7}`)
      .replace(/"nickname":"[^"]*",/g, "")
      .replace(/totalResults>(\d+)</g, (_, n: string) => `totalResults>${Number(n) + 7}<`),
  );
  const targetFile = join(dir, "broken-target.json");
  writeFileSync(targetFile, JSON.stringify(bundledTarget(proxy.url)));
  return {
    targetFile,
    url: proxy.url,
    stop: async () => {
      await proxy.close();
      await upstream.close();
    },
  };
}

/**
 * Runs the people and application-data-read cases against a broken target with the HTML
 * reporter (as `opensocial-kit run --reporter html:FILE` does); returns the file, its text and
 * the exit code.
 */
export async function brokenHtmlReport(
  dir: string,
): Promise<{ file: string; html: string; code: number; targetFile: string }> {
  const broken = await startBrokenTarget(dir);
  const file = join(dir, "reports", "report.html");
  const sink = { write: () => true };
  try {
    const code = await runCommand(
      {
        target: broken.targetFile,
        level: "profile",
        grep: "^(people|appdata-read)/",
        reporter: [`html:${file}`],
        timeout: 10_000,
        concurrency: 8,
        bail: false,
      },
      sink,
      sink,
    );
    return { file, html: readFileSync(file, "utf8"), code, targetFile: broken.targetFile };
  } finally {
    await broken.stop();
  }
}
