/**
 * The conformance suite against the in-process reference server, one vitest test per case: the
 * test that StrykerJS runs (`npm run mutants:stryker`) so that its per-test
 * coverage runs only the cases that reach a mutant. In `npm test` it is also the proof, case by
 * case, that the reference passes every case at profile level. The store is the default one, a
 * real SQLite file, as users run it.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  abortText,
  caseMessage,
  isRunAbort,
  loadCases,
  loadStatements,
  loadTarget,
  runSuite,
  type Target,
} from "../../src/conformance/index.js";
import { issueText } from "../../src/conformance/reporters/issue-text.js";
import {
  type AppDataStore,
  BUNDLED_WORLD,
  createServer,
  loadWorld,
  openStore,
  type ReferenceServer,
  type World,
} from "../../src/server/index.js";
import { opened } from "../server/harness.js";
import { type PgCluster, startCluster } from "../server/pg-cluster.js";

const TARGET = fileURLToPath(new URL("../../fixtures/target.json", import.meta.url));
/** `sqlite` (default), `postgres` or `memory`: the store the reference runs on. */
const STORE = ((v) => (v === "postgres" || v === "memory" ? v : "sqlite"))(
  process.env.OSK_SUITE_STORE,
);

function suiteIds(): string[] {
  const st = loadStatements();
  if (!st.ok) throw new Error(issueText(st.issues));
  const suite = loadCases(st.value);
  if (!suite.ok) throw new Error(suite.issues.map((p) => p.message).join("; "));
  return suite.value.map((c) => c.id).sort();
}

const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");

describe("conformance suite, case by case, against the reference", () => {
  let server: ReferenceServer;
  let store: AppDataStore;
  let target: Target;
  let fileTarget: Target;
  let world: World;
  let dir: string;
  let cluster: PgCluster | undefined;

  beforeAll(async () => {
    const w = loadWorld(BUNDLED_WORLD);
    if (!w.ok) throw new Error(JSON.stringify(w.issues));
    world = w.value;
    const t = loadTarget(TARGET);
    if (!t.ok) throw new Error(JSON.stringify(t.issues));
    dir = mkdtempSync(join(tmpdir(), "osk-stryker-"));
    if (STORE === "postgres") cluster = startCluster();
    store = opened(
      openStore(
        cluster
          ? await cluster.createDatabase("osk_suite")
          : STORE === "memory"
            ? ":memory:"
            : join(dir, "appdata.sqlite"),
      ),
    );
    fileTarget = t.value;
  });

  // A server of its own for each case, over a copy of the world loaded once (the store, seeded
  // once, is shared): what the server caches per world object (the signing keys of each app)
  // is then computed in every case, so StrykerJS's per-test coverage links a mutant there to
  // every case that reaches it, not only to the first case of the run. The world file is still
  // read and checked once, before any case: no case is credited with start-up code.
  beforeEach(async () => {
    server = createServer({ world: structuredClone(world), store, logger: { error: () => {} } });
    const { url } = await server.listen({ port: 0, host: "127.0.0.1" });
    target = { ...fileTarget, baseUrl: url };
  });

  afterEach(async () => {
    await server?.close();
  });

  afterAll(async () => {
    await store?.close();
    cluster?.remove();
    rmSync(dir, { recursive: true, force: true });
  });

  it.each(suiteIds())("%s", async (id) => {
    const r = await runSuite({
      target,
      level: "profile",
      grep: new RegExp(`^${escapeRegExp(id)}$`),
      concurrency: 1,
      timeoutMs: 5000,
    });
    if (isRunAbort(r)) throw new Error(`run stopped (${r.abort}): ${abortText(r)}`);
    const c = r.cases.find((x) => x.id === id);
    expect(c?.outcome, c && caseMessage(c)).toBe("pass");
  });
});
