/**
 * The mutation self-check's own guards: every mutant's edits apply to `src/`
 * (each `find` once), `src/` holds no defect switch, and the harness judges runs correctly — a
 * correct server survives, a planted mutant dies with the case citing its statement, a mutant
 * whose edits no longer apply never runs, a run that stops for a reason the defect does not
 * explain is an error rather than a kill, and a variant passes with zero failures.
 */
import { readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { MUTANTS, type Mutant } from "../../scripts/mutants/catalogue.js";
import {
  citesRule,
  judgeRun,
  loadFixtures,
  namesRule,
  namingCase,
  runMutant,
  runVariant,
  smokePasses,
  unnamedFailures,
  type VariantResult,
  variantPasses,
} from "../../scripts/mutants/harness.js";
import {
  applyEdits,
  plantMutant,
  ROOT,
  readProductFile,
} from "../../scripts/mutants/mutant-tree.js";
import { VARIANTS } from "../../scripts/mutants/variants.js";

const { world, target } = loadFixtures();

function mutant(id: string): Mutant {
  const m = MUTANTS.find((x) => x.id === id);
  if (!m) throw new Error(`no mutant ${id}`);
  return m;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith(".ts"))
    .map((e) => join(e.parentPath, e.name));
}

describe("catalogue", () => {
  it("names each id once, spread over every area, each citing a statement", () => {
    const ids = MUTANTS.map((m) => m.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(MUTANTS.length).toBeGreaterThanOrEqual(40);
    const areas = new Set(MUTANTS.map((m) => m.area));
    for (const a of ["appdata", "atom", "paging", "people", "albums", "auth", "errors", "limits"])
      expect(areas).toContain(a);
    // The named rule is a statement of conformance/statements.json, or one of its clauses.
    const file = join(ROOT, "conformance/statements.json");
    const { statements: list } = JSON.parse(readFileSync(file, "utf8")) as {
      statements: { id: string }[];
    };
    const statements = new Set(list.map((s) => s.id));
    const unknown = MUTANTS.filter(
      (m) => !statements.has(m.statement) && !statements.has(m.statement.replace(/\.[0-9]+$/, "")),
    ).map((m) => `${m.id}: ${m.statement}`);
    expect(unknown).toEqual([]);
  });

  it("variants name known rules, at a level they need not pass", () => {
    const file = join(ROOT, "conformance/statements.json");
    const { statements: list } = JSON.parse(readFileSync(file, "utf8")) as {
      statements: { id: string; clauses?: { id: string }[] }[];
    };
    const ids = new Set(list.flatMap((s) => [s.id, ...(s.clauses ?? []).map((c) => c.id)]));
    const named = VARIANTS.filter((v) => v.named);
    expect(named.map((v) => v.id)).toContain("json-string-renderings");
    for (const v of named) {
      expect(
        v.named?.statements.filter((s) => !ids.has(s)),
        v.id,
      ).toEqual([]);
      expect(v.levels, v.id).not.toContain(v.named?.level);
    }
  });

  it.each(MUTANTS.map((m) => [m.id, m] as const))(
    "%s: every edit applies exactly once",
    (_id, m) => {
      const r = applyEdits(m.edits, readProductFile);
      expect(r.ok ? [] : r.issues.map((i) => i.message)).toEqual([]);
    },
  );
});

describe("planting", () => {
  it("refuses an edit whose text is missing, repeated, unchanged or outside src/", () => {
    const read = () => "a b a";
    const issues = (find: string, replace = "x", file = "src/x.ts") => {
      const r = applyEdits([{ file, find, replace }], read);
      return r.ok ? [] : r.issues.map((i) => i.code);
    };
    expect(issues("c")).toEqual(["edit-not-found"]);
    expect(issues("a")).toEqual(["edit-ambiguous"]);
    expect(issues("b", "b")).toEqual(["edit-no-change"]);
    expect(issues("b", "x", "scripts/x.ts")).toEqual(["edit-outside-src"]);
    expect(issues("b")).toEqual([]);
  });

  it("writes the edited copy beside src/ and leaves src/ unchanged", () => {
    const m = mutant("paging-total-is-page");
    const before = readProductFile("src/server/query/paging.ts");
    const dir = plantMutant(m);
    expect(readProductFile("src/server/query/paging.ts")).toBe(before);
    const planted = readFileSync(join(dir, "src/server/query/paging.ts"), "utf8");
    expect(planted).toContain("totalResults: entry.length,");
    expect(readFileSync(join(dir, "fixtures/world.json"), "utf8")).toBe(
      readFileSync(join(ROOT, "fixtures/world.json"), "utf8"),
    );
    rmSync(dir, { recursive: true, force: true });
  });

  it("src/ holds no defect switch", () => {
    const hits = sourceFiles(join(ROOT, "src")).filter((f) =>
      /defects|DEFECTS|faultInject|TEST_ONLY/.test(readFileSync(f, "utf8")),
    );
    expect(hits).toEqual([]);
  });

  it("reads clause and statement citations as the same rule", () => {
    expect(citesRule(["P-FMT-3.2"], "P-FMT-3")).toBe(true);
    expect(citesRule(["P-FMT-3"], "P-FMT-3.2")).toBe(true);
    expect(citesRule(["P-FMT-31"], "P-FMT-3")).toBe(false);
    expect(citesRule(["§4.3"], "§4.3")).toBe(true);
  });

  it("takes a failure reported against a rule as naming it, beside the case's statements", () => {
    const c = { statements: ["P-DATA-7.1", "P-DATA-7.2"] };
    expect(namesRule({ ...c, failedStatement: "P-DATA-4.1" }, "P-DATA-4.1")).toBe(true);
    expect(namesRule({ ...c, failedStatement: "P-DATA-7.1" }, "P-DATA-4.1")).toBe(false);
    expect(namesRule(c, "P-DATA-7")).toBe(true);
  });

  it("shows first the failed case reported against the rule, before one that only cites it", () => {
    const failed = [
      {
        id: "people/friends-default-count",
        statements: ["P-PAGE-1.3", "P-PAGE-3.3"],
        failedStatement: "P-PAGE-1.3",
      },
      {
        id: "people/friends-items-per-page-is-count",
        statements: ["P-PAGE-3.3"],
        failedStatement: "P-PAGE-3.3",
      },
    ];
    expect(namingCase(failed, "P-PAGE-3.3")?.id).toBe("people/friends-items-per-page-is-count");
    expect(namingCase(failed.slice(0, 1), "P-PAGE-3.3")?.id).toBe("people/friends-default-count");
    expect(namingCase(failed, "P-PAGE-2.2")).toBeUndefined();
  });
});

describe("harness judgement", () => {
  it("counts the correct server as a survivor", async () => {
    expect((await judgeRun(world, target)).outcome).toBe("survived");
  });

  it("counts a planted mutant as killed and attributed, naming the case", async () => {
    const r = await runMutant(world, target, mutant("auth-nonce-replay-accepted"));
    expect(r.outcome).toBe("killed");
    expect(r.attributed).toBe(true);
    expect(r.by).toMatch(/^auth\/replayed-nonce-400 /);
  });

  it("never runs a mutant whose edits no longer apply", async () => {
    const stale: Mutant = {
      ...mutant("auth-401"),
      edits: [{ file: "src/server/pipeline.ts", find: "no such text", replace: "x" }],
    };
    const r = await runMutant(world, target, stale);
    expect(r).toMatchObject({ outcome: "unplanted", killed: false });
  });

  it("counts a run stopped by refused credentials as an error, not a kill", async () => {
    const wrong = {
      ...target,
      apps: { ...target.apps, main: { ...target.apps.main, consumerSecret: "wrong" } },
    };
    const r = await judgeRun(world, wrong, mutant("auth-401"));
    expect(r.outcome).toBe("error");
    expect(r.by).toMatch(/exit 3/);
    // The same smoke request with the right credentials passes: that is what a smoke kill needs.
    expect(await smokePasses(world, target, mutant("auth-401"))).toBe(true);
    expect(await smokePasses(world, wrong)).toBe(false);
  });

  it("judges a named variant: failures there, each citing only the rules it names", () => {
    const v = VARIANTS.find((x) => x.id === "json-string-renderings");
    if (!v) throw new Error("variant missing");
    const fail = (id: string, cited: string[]) => ({ id, statement: "", message: "", cited });
    const run = (failures: VariantResult["failures"], named?: string[]): VariantResult => ({
      variant: v,
      level: "profile",
      failures,
      passed: 1,
      ms: 0,
      ...(named ? { named } : {}),
    });
    const good = fail("a", ["P-FMT-6.3", "P-FMT-6.3"]);
    const other = fail("b", ["P-FMT-6.3", "P-AUTH-7.1"]);
    const stopped = fail("c", ["failure:transport-timeout"]);
    expect(variantPasses(run([]))).toBe(true);
    expect(variantPasses(run([good]))).toBe(false);
    expect(variantPasses(run([good], ["P-FMT-6.3"]))).toBe(true);
    expect(variantPasses(run([good], ["P-FMT-6"]))).toBe(true);
    expect(variantPasses(run([], ["P-FMT-6.3"]))).toBe(false);
    expect(variantPasses(run([good, other, stopped], ["P-FMT-6.3"]))).toBe(false);
    expect(unnamedFailures(run([good, other, stopped], ["P-FMT-6.3"]))).toEqual([other, stopped]);
    expect(variantPasses(run([fail("(run)", [])], ["P-FMT-6.3"]))).toBe(false);
  });

  it("runs the string renderings at profile: every failure names P-FMT-6.3", async () => {
    const v = VARIANTS.find((x) => x.id === "json-string-renderings");
    if (!v) throw new Error("variant missing");
    const r = await runVariant(world, target, v, "profile");
    expect(r.named).toEqual(["P-FMT-6.3"]);
    expect(unnamedFailures(r)).toEqual([]);
    expect(r.failures.length).toBeGreaterThan(10);
    expect(variantPasses(r)).toBe(true);
  });

  it("runs a small default page: core passes every case, profile fails only by P-PAGE-1's defaults", async () => {
    for (const id of ["small-default-page", "small-default-page-other-order"]) {
      const v = VARIANTS.find((x) => x.id === id);
      if (!v) throw new Error(`variant ${id} missing`);
      const core = await runVariant(world, target, v, "core");
      expect(core.failures, id).toEqual([]);
      expect(core.passed).toBeGreaterThan(50);
    }
    const v = VARIANTS.find((x) => x.id === "small-default-page");
    if (!v) throw new Error("variant missing");
    const profile = await runVariant(world, target, v, "profile");
    expect(unnamedFailures(profile)).toEqual([]);
    expect(profile.failures.map((f) => f.id)).toEqual(
      expect.arrayContaining(["albums/default-count", "people/friends-default-count"]),
    );
    expect(variantPasses(profile)).toBe(true);
  });

  it("runs a variant with zero false positives", async () => {
    const v = VARIANTS.find((x) => x.id === "json-member-order");
    if (!v) throw new Error("variant missing");
    const r = await runVariant(world, target, v, "profile");
    expect(r.failures).toEqual([]);
    expect(r.passed).toBeGreaterThan(200);
  });
});
