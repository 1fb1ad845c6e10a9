/**
 * The mutation self-check's own guards (issue 6): the catalogue and the server's defect switches
 * are one list, and the harness judges runs correctly — a correct server survives, a known
 * mutant dies, an id without a switch never runs, a run that stops for a reason the defect does
 * not explain is an error rather than a kill, and a variant passes with zero failures.
 */
import { describe, expect, it } from "vitest";
import { MUTANTS, type Mutant } from "../../scripts/mutants/catalogue.js";
import {
  loadFixtures,
  runMutant,
  runVariant,
  runWithDefects,
  smokePasses,
} from "../../scripts/mutants/harness.js";
import { VARIANTS } from "../../scripts/mutants/variants.js";
import { DEFECTS } from "../../src/server/index.js";

const { world, target } = loadFixtures();

function mutant(id: string): Mutant {
  const m = MUTANTS.find((x) => x.id === id);
  if (!m) throw new Error(`no mutant ${id}`);
  return m;
}

describe("catalogue and server defects", () => {
  it("name the same ids, each once", () => {
    const ids = MUTANTS.map((m) => m.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual([...DEFECTS].sort());
  });

  it("spread over every area with at least 40 mutants, each citing a statement", () => {
    expect(MUTANTS.length).toBeGreaterThanOrEqual(40);
    const areas = new Set(MUTANTS.map((m) => m.area));
    for (const a of ["appdata", "atom", "paging", "people", "albums", "auth", "errors", "limits"])
      expect(areas).toContain(a);
    for (const m of MUTANTS) expect(m.statement).toMatch(/^(§[0-9.]+|P-[A-Z]+-[0-9]+)$/);
  });
});

describe("harness judgement", () => {
  it("counts the correct server (no defect) as a survivor", async () => {
    expect((await runWithDefects(world, target, new Set())).outcome).toBe("survived");
  });

  it("counts a known mutant as killed, naming the case", async () => {
    const r = await runMutant(world, target, mutant("auth-nonce-replay-accepted"));
    expect(r.outcome).toBe("killed");
    expect(r.killed).toBe(true);
    expect(r.by).toMatch(/^auth\/replayed-nonce-400 /);
  });

  it("never runs an id that is no switch of the server", async () => {
    const fake = { ...mutant("auth-401"), id: "no-such-defect" } as unknown as Mutant;
    const r = await runMutant(world, target, fake);
    expect(r).toMatchObject({ outcome: "unimplemented", killed: false });
  });

  it("counts a run stopped by refused credentials as an error, not a kill", async () => {
    const wrong = {
      ...target,
      apps: { ...target.apps, main: { ...target.apps.main, consumerSecret: "wrong" } },
    };
    const r = await runWithDefects(world, wrong, new Set(["auth-401"]));
    expect(r.outcome).toBe("error");
    expect(r.by).toMatch(/exit 3/);
    // The same smoke request with the right credentials passes: that is what a smoke kill needs.
    expect(await smokePasses(world, target, new Set(["auth-401"]))).toBe(true);
    expect(await smokePasses(world, wrong, new Set())).toBe(false);
  });

  it("runs a variant with zero false positives", async () => {
    const v = VARIANTS.find((x) => x.id === "json-member-order");
    if (!v) throw new Error("variant missing");
    const r = await runVariant(world, target, v);
    expect(r.failures).toEqual([]);
    expect(r.passed).toBeGreaterThan(200);
  });
});
