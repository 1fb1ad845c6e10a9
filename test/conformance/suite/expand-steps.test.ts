/**
 * The step library and `use`: library steps load from `steps/`, checked by step.schema.json; a
 * case's `use` step becomes the library step with its `{with.…}` parameters filled (the case's
 * value, else the default) and the `use` step's onlyIf; unknown names, undeclared or missing
 * parameters and broken library files are `case-invalid` issues with the file and the pointer.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { CaseStep } from "../../../src/conformance/case-types.js";
import { expandSteps, loadStepLibrary } from "../../../src/conformance/suite/expand-steps.js";
import { loadCases, stepValidator } from "../../../src/conformance/suite/load-cases.js";
import { loadStatements } from "../../../src/conformance/suite/load-statements.js";
import { suiteDir } from "../../../src/conformance/suite/suite-location.js";

const bundled = loadStepLibrary(suiteDir(), () => stepValidator());
if (!bundled.ok) throw new Error(JSON.stringify(bundled.issues));
const library = bundled.value;

const where = (r: { ok: boolean; issues?: readonly { code: string; pointer: string }[] }) =>
  (r.issues ?? []).map((i) => [i.code, i.pointer]);

describe("expandSteps", () => {
  it("fills parameters from `with`, else from the default, in strings and member names", () => {
    const steps: CaseStep[] = [
      { use: "clean-up" },
      { use: "clean-up", with: { fields: "k{unique}a,k{unique}b" } },
    ];
    const r = expandSteps(steps, library, "cases/x/y.json");
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.map((s) => s.request.query)).toEqual([
      { fields: "k{unique}" },
      { fields: "k{unique}a,k{unique}b" },
    ]);
    expect(r.value[0]).toMatchObject({ name: "clean up", always: true, expect: { status: 200 } });
    const custom = new Map([
      [
        "w",
        {
          name: "w",
          description: "writes one key",
          parameters: { key: { description: "the key" } },
          step: {
            request: {
              method: "POST",
              path: "/p",
              body: { json: { "{with.key}": "{with.key}!" } },
            },
            expect: { status: 200 },
          },
        },
      ],
    ]);
    const w = expandSteps([{ use: "w", with: { key: "k{unique}" } }], custom, "f");
    expect(w.ok && w.value[0]?.request.body).toEqual({ json: { "k{unique}": "k{unique}!" } });
  });

  it("gives the expanded step the `use` step's onlyIf, in place of the library step's", () => {
    const r = expandSteps(
      [
        { use: "page-size-reported", with: { list: "albums/{viewer}/@self" } },
        {
          use: "page-size-reported",
          with: { list: "mediaitems/{friend}/@self/{$world.albums.friend.withPhotos}" },
          onlyIf: "world.albums.friend.withPhotos",
        },
      ],
      library,
      "cases/x/y.json",
    );
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.map((s) => [s.request.path, s.onlyIf])).toEqual([
      ["/os/0.8/albums/{viewer}/@self", undefined],
      [
        "/os/0.8/mediaitems/{friend}/@self/{$world.albums.friend.withPhotos}",
        "world.albums.friend.withPhotos",
      ],
    ]);
  });

  it("leaves full steps as they are, at their positions", () => {
    const full: CaseStep = { request: { method: "GET", path: "/x" }, expect: { status: 200 } };
    const r = expandSteps([full, { use: "find-an-album" }, full], library, "f");
    expect(r.ok && r.value.map((s) => s.name ?? s.request.path)).toEqual([
      "/x",
      "find an album",
      "/x",
    ]);
    expect(r.ok && r.value[0]).toBe(full);
  });

  it("reports an unknown step, an undeclared parameter and a missing value at their pointers", () => {
    const r = expandSteps(
      [
        { use: "clean-up" },
        { use: "no-such-step" },
        { use: "find-an-album", with: { album: "x" } },
      ],
      library,
      "cases/a/b.json",
    );
    expect(where(r)).toEqual([
      ["case-invalid", "/steps/1/use"],
      ["case-invalid", "/steps/2/with/album"],
    ]);
    expect(!r.ok && r.issues.every((i) => i.file === "cases/a/b.json")).toBe(true);
    const needs = new Map([
      [
        "n",
        {
          name: "n",
          description: "needs a value",
          parameters: { p: { description: "no default" } },
          step: { request: { method: "GET", path: "/{with.p}" }, expect: {} },
        },
      ],
    ]);
    expect(where(expandSteps([{ use: "n" }], needs, "f"))).toEqual([
      ["case-invalid", "/steps/0/with"],
    ]);
  });
});

describe("the step library", () => {
  const dir = mkdtempSync(join(tmpdir(), "osk-steps-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  for (const f of ["case.schema.json", "step.schema.json", "statements.json"])
    writeFileSync(join(dir, f), readFileSync(join(suiteDir(), f)));
  mkdirSync(join(dir, "steps"));
  mkdirSync(join(dir, "cases", "x"), { recursive: true });
  const step = { request: { method: "GET", path: "/os/0.8/people/{viewer}/@self" }, expect: {} };
  const write = (name: string, data: unknown): void =>
    writeFileSync(join(dir, "steps", name), JSON.stringify(data));

  it("holds the bundled steps, each named as its file", () => {
    expect([...library.keys()].sort()).toEqual([
      "clean-up",
      "find-an-album",
      "find-an-album-past-first-page",
      "page-size-reported",
      "restore-friend-data",
      "restore-viewer-data",
      "save-friend-data",
      "save-viewer-data",
    ]);
  });

  it("demands only what each case using a step needs: every required capture is used by each of them", () => {
    const casesDir = join(suiteDir(), "cases");
    const files = readdirSync(casesDir, { recursive: true, encoding: "utf8" }).filter((f) =>
      f.endsWith(".json"),
    );
    const unused: string[] = [];
    for (const f of files) {
      const c = JSON.parse(readFileSync(join(casesDir, f), "utf8")) as { steps: CaseStep[] };
      for (const [i, s] of c.steps.entries()) {
        if (!("use" in s)) continue;
        const after = JSON.stringify(c.steps.slice(i + 1));
        for (const [name, from] of Object.entries(library.get(s.use)?.step.capture ?? {}))
          if (!from.startsWith("?") && !after.includes(`{$${name}`) && !after.includes(`"${name}"`))
            unused.push(`${f}: ${s.use} captures ${name}`);
      }
    }
    // A required capture the case never reads fails the case where the member is missing,
    // under the case's own statements, before its own request is sent.
    expect(unused).toEqual([]);
  });

  it("refuses a file against step.schema.json, a name other than the file's, an undeclared {with.…}", () => {
    write("a.json", { name: "a", description: "fine step", step });
    write("b.json", { name: "b", description: "no step member" });
    write("c.json", { name: "other", description: "misnamed step", step });
    write("d.json", {
      name: "d",
      description: "undeclared parameter",
      step: { ...step, request: { ...step.request, path: "/{with.who}" } },
    });
    write("e.json", "{");
    writeFileSync(
      join(dir, "steps", "f.json"),
      `\ufeff${JSON.stringify({ name: "f", description: "saved with a BOM", step })}`,
    );
    const r = loadStepLibrary(dir, () => stepValidator(dir));
    expect(!r.ok && r.issues.map((i) => [i.file, i.pointer])).toEqual([
      ["steps/b.json", "/step"],
      ["steps/c.json", "/name"],
      ["steps/d.json", "/step/request/path"],
      ["steps/e.json", ""],
    ]);
    // where, by line and column; a file an editor saved with a byte order mark reads as JSON
    writeFileSync(join(dir, "steps", "g.json"), '{\n  "name": "g",\n  oops');
    const g = loadStepLibrary(dir, () => stepValidator(dir));
    expect(!g.ok && g.issues.find((i) => i.file === "steps/g.json")?.message).toBe(
      "not JSON: unexpected character at line 3, column 3",
    );
    rmSync(join(dir, "steps", "g.json"));
  });

  it("stops the suite from loading on a bad library or a bad use, naming file and pointer", () => {
    const st = loadStatements(dir);
    if (!st.ok) throw new Error("statements");
    writeFileSync(
      join(dir, "cases", "x", "y.json"),
      JSON.stringify({
        id: "x/y",
        description: "uses a library step",
        statements: ["S-4.6-SELF.1"],
        level: "core",
        steps: [{ use: "a" }, { use: "zzz" }],
      }),
    );
    writeFileSync(join(dir, "cases", "x", "bom.json"), '\ufeff{\n  "id": "x/bom",\n  oops\n}');
    const suite = loadCases(st.value, dir);
    const issues = suite.ok ? [] : suite.issues;
    expect(issues.find((p) => p.file === "cases/x/bom.json")?.message).toBe(
      "not JSON: unexpected character at line 3, column 3",
    );
    expect(issues.map((p) => [p.code, p.file, p.pointer])).toContainEqual([
      "case-invalid",
      "cases/x/y.json",
      "/steps/1/use",
    ]);
    expect(issues.map((p) => p.file)).toContain("steps/b.json");
  });
});
