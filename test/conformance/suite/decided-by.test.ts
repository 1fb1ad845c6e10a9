/**
 * Core cases test social-api.md alone: each quotes, in `decidedBy`, the sentences of the API
 * document that decide what it expects, and every quote is in the copy of that document the
 * suite ships (conformance/spec/social-api.md, kept as it is: spec-copies.test.ts), whitespace
 * aside. The loader refuses a core case without `decidedBy` (`case-undecided`).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadCases, loadStatements } from "../../../src/conformance/index.js";
import { suiteDir } from "../../../src/conformance/suite/suite-location.js";

const VENDORED = join(suiteDir(), "spec", "social-api.md");

const st = loadStatements();
if (!st.ok) throw new Error(JSON.stringify(st.issues));
const statements = st.value;
const loaded = loadCases(statements);
const cases = loaded.ok ? loaded.value : [];

/** Text with every run of whitespace as one space. */
const normalised = (s: string): string => s.replace(/\s+/g, " ").trim();

describe("decidedBy", () => {
  it("names, for every core case, sentences that are in social-api.md", () => {
    const doc = normalised(readFileSync(VENDORED, "utf8"));
    const core = cases.filter((c) => c.level === "core");
    expect(core.length).toBeGreaterThan(50);
    const missing: string[] = [];
    for (const c of core) {
      if (!c.decidedBy?.length) missing.push(`${c.id}: no decidedBy`);
      for (const q of c.decidedBy ?? [])
        if (!doc.includes(normalised(q))) missing.push(`${c.id}: not in social-api.md: ${q}`);
    }
    expect(missing).toEqual([]);
  });

  it("quotes social-api.md in profile cases too, when they quote it", () => {
    const doc = normalised(readFileSync(VENDORED, "utf8"));
    for (const c of cases.filter((x) => x.level === "profile"))
      for (const q of c.decidedBy ?? []) expect(doc, c.id).toContain(normalised(q));
  });

  it("is required of a core case by the loader (case-undecided), not of a profile case", () => {
    const dir = mkdtempSync(join(tmpdir(), "osk-decided-"));
    try {
      for (const f of ["case.schema.json", "step.schema.json", "statements.json"])
        writeFileSync(join(dir, f), readFileSync(join(suiteDir(), f)));
      mkdirSync(join(dir, "cases", "x"), { recursive: true });
      const step = {
        request: { method: "GET", path: "/os/0.8/people/{viewer}/@self" },
        expect: { status: 200 },
      };
      const write = (name: string, level: string, decidedBy?: string[]) =>
        writeFileSync(
          join(dir, "cases", "x", `${name}.json`),
          JSON.stringify({
            id: `x/${name}`,
            description: "a case",
            statements: ["S-4.6-SELF.1"],
            level,
            ...(decidedBy ? { decidedBy } : {}),
            steps: [step],
          }),
        );
      write("core-undecided", "core");
      write("core-decided", "core", ["Success: 200. JSON body:"]);
      write("profile", "profile");
      const r = loadCases(statements, dir);
      expect(r.ok).toBe(false);
      if (!r.ok)
        expect(r.issues.map((i) => [i.code, i.file, i.pointer])).toEqual([
          ["case-undecided", "cases/x/core-undecided.json", "/decidedBy"],
        ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
