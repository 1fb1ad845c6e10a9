/**
 * Runs the suite against the reference server holding a world of the test's own (a generated
 * world grown or changed), optionally behind a proxy that rewrites its answers: the world and
 * its target file are written to `dir`, the server and the proxy are stopped when the run ends.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { BodyRewrite } from "../../scripts/mutants/variant-proxy.js";
import { startVariantProxy } from "../../scripts/mutants/variant-proxy.js";
import {
  isRunAbort,
  type Level,
  loadTarget,
  type RunReport,
  runSuite,
} from "../../src/conformance/index.js";
import type { WorldFile } from "../../src/model/world-file.js";
import { createServer, loadWorld, memoryStore } from "../../src/server/index.js";
import { jsonFileText, type TargetFile } from "../../src/worldgen/generate.js";

/** What to run: the world, the target file naming its roles, where to write them, and how. */
interface WorldRun {
  readonly world: WorldFile;
  readonly target: TargetFile;
  readonly dir: string;
  readonly level: Level;
  readonly grep?: RegExp;
  /** A rewrite of every answer by a proxy in front of the reference. */
  readonly rewrite?: BodyRewrite;
}

/** The run's report; throws when the files are refused or the run stops. */
export async function runOnWorld(run: WorldRun): Promise<RunReport> {
  const worldFile = join(run.dir, `world-${run.level}.json`);
  const targetFile = join(run.dir, `target-${run.level}.json`);
  writeFileSync(worldFile, jsonFileText(run.world));
  writeFileSync(targetFile, jsonFileText({ ...run.target, world: worldFile }));
  const target = loadTarget(targetFile);
  if (!target.ok) throw new Error(JSON.stringify(target.issues));
  const loaded = loadWorld(run.world);
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.issues));
  const store = memoryStore();
  const server = createServer({ world: loaded.value, store });
  const { url } = await server.listen({ port: 0, host: "127.0.0.1" });
  const proxy = run.rewrite ? await startVariantProxy(url, run.rewrite) : undefined;
  try {
    const r = await runSuite({
      target: { ...target.value, baseUrl: proxy?.url ?? url },
      level: run.level,
      ...(run.grep ? { grep: run.grep } : {}),
    });
    if (isRunAbort(r)) throw new Error(JSON.stringify(r));
    return r;
  } finally {
    await proxy?.close();
    await server.close();
    await store.close();
  }
}
