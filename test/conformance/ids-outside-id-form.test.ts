/**
 * A server whose users are named without a namespace (`acme.user`, as a deployed implementation
 * names `john.doe`): the target file is accepted with one warning, the run goes on, and the id
 * form fails only the cases about §2.1, each by a check citing S-2.1-ID-FORM. The server is
 * test/independent/node-server loaded with a generated world whose ids lost their namespace.
 */
import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  isRunAbort,
  type Level,
  loadCases,
  loadStatements,
  loadTarget,
  REPORTERS,
  runSuite,
  type Target,
} from "../../src/conformance/index.js";
import { suiteDir } from "../../src/conformance/suite/suite-location.js";
import { generateWorld, jsonFileText } from "../../src/worldgen/generate.js";

const SERVER = fileURLToPath(new URL("../independent/node-server/server.mjs", import.meta.url));
const dir = mkdtempSync(join(tmpdir(), "osk-bare-ids-"));
const g = generateWorld(3);
const prefix = `${g.world.namespace}:`;

/** `v` with every id's namespace taken off (ids are strings, member names, list items). */
function bare(v: unknown): unknown {
  if (typeof v === "string") return v.startsWith(prefix) ? v.slice(prefix.length) : v;
  if (Array.isArray(v)) return v.map(bare);
  if (v !== null && typeof v === "object")
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [bare(k), bare(x)]));
  return v;
}

let child: ReturnType<typeof spawn>;
let target: Target;
beforeAll(async () => {
  writeFileSync(join(dir, "world.json"), jsonFileText(bare(g.world)));
  writeFileSync(join(dir, "target.json"), jsonFileText(bare(g.target)));
  child = spawn(process.execPath, [SERVER], {
    env: { ...process.env, WORLD: join(dir, "world.json"), PORT: "0", VARIANTS: "" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let out = "";
  for await (const chunk of child.stdout ?? []) {
    out += String(chunk);
    const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
    if (m?.[1]) {
      const t = loadTarget(join(dir, "target.json"));
      if (!t.ok) throw new Error(JSON.stringify(t.issues));
      target = { ...t.value, baseUrl: m[1] };
      return;
    }
  }
  throw new Error(`the independent server did not start: ${out}`);
}, 60_000);
afterAll(async () => {
  child.kill();
  if (child.exitCode === null) await once(child, "exit");
  rmSync(dir, { recursive: true, force: true });
});

/** The cases about §2.1's id form at `level`. */
function aboutIdForm(level: Level): string[] {
  const st = loadStatements();
  if (!st.ok) throw new Error("statements");
  const cases = loadCases(st.value, suiteDir());
  if (!cases.ok) throw new Error("cases");
  return cases.value
    .filter(
      (c) =>
        (level === "profile" || c.level === "core") &&
        c.statements.some((s) => s.startsWith("S-2.1-ID-FORM")),
    )
    .map((c) => c.id)
    .sort();
}

describe("users named without a namespace (acme.user)", () => {
  it("the target is accepted with one warning naming them", () => {
    expect(target.users.viewer).not.toContain(":");
    expect(target.warnings).toEqual([{ code: "id-form", users: target.users }]);
  });

  it.each<Level>(["profile", "core"])(
    "at %s level the run goes on and the id form fails only the cases about §2.1",
    async (level) => {
      const r = await runSuite({ target, level, timeoutMs: 20_000 });
      if (isRunAbort(r)) throw new Error(`the run stopped: ${JSON.stringify(r)}`);
      const failed = r.cases.filter((c) => c.outcome === "fail");
      expect(failed.map((c) => c.id).sort()).toEqual(aboutIdForm(level));
      for (const c of failed) {
        const cited = c.steps.flatMap((s) => s.checks.filter((k) => !k.ok).map((k) => k.statement));
        expect(
          cited.every((s) => s.startsWith("S-2.1-ID-FORM")),
          `${c.id}: ${cited}`,
        ).toBe(true);
      }
      expect(r.warnings).toEqual(target.warnings);
      const text = REPORTERS.console(r, { statements: new Map(), secrets: [] });
      expect(text.split("users named outside §2.1's").length - 1).toBe(1);
    },
    120_000,
  );
});
