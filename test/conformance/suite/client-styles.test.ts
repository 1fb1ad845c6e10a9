/**
 * The deployed client styles (conformance/clients.json): valid against clients.schema.json,
 * each case id one the suite has, and every `clients/` case in at least one style, so a new
 * client case cannot go unreported in the client table. A broken file is refused with pointers.
 */
import { cpSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadCases, loadStatements } from "../../../src/conformance/index.js";
import { loadClientStyles } from "../../../src/conformance/suite/client-styles.js";
import { suiteDir } from "../../../src/conformance/suite/suite-location.js";

const st = loadStatements();
const loaded = st.ok ? loadCases(st.value) : undefined;
const ids = new Set(loaded?.ok ? loaded.value.map((c) => c.id) : []);
const dir = mkdtempSync(join(tmpdir(), "osk-clients-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("conformance/clients.json", () => {
  it("loads: valid against its schema, every case id known", () => {
    const r = loadClientStyles(ids);
    expect(r.ok, JSON.stringify(r.ok ? [] : r.issues)).toBe(true);
    expect(r.ok && r.value.length).toBeGreaterThanOrEqual(10);
  });

  it("every clients/ case belongs to at least one style", () => {
    const r = loadClientStyles(ids);
    const styled = new Set(r.ok ? r.value.flatMap((s) => s.cases) : []);
    const clientCases = [...ids].filter((id) => id.startsWith("clients/"));
    expect(clientCases.length).toBeGreaterThan(30);
    expect(clientCases.filter((id) => !styled.has(id))).toEqual([]);
  });

  it("refuses a style naming an unknown case, a style listed twice, and a file off its schema", () => {
    cpSync(join(suiteDir(), "clients.schema.json"), join(dir, "clients.schema.json"));
    const style = { id: "x", name: "x", traits: "t", cases: ["clients/none"] };
    writeFileSync(join(dir, "clients.json"), JSON.stringify({ styles: [style, style] }));
    const r = loadClientStyles(ids, dir);
    expect(r.ok ? [] : r.issues.map((i) => `${i.file} ${i.pointer}: ${i.message}`)).toEqual([
      "clients.json /styles/0/cases/0: no case has the id clients/none",
      "clients.json /styles/1/id: style x listed twice",
      "clients.json /styles/1/cases/0: no case has the id clients/none",
    ]);
    writeFileSync(join(dir, "clients.json"), JSON.stringify({ styles: [{ id: "Bad Id" }] }));
    const bad = loadClientStyles(ids, dir);
    expect(bad.ok).toBe(false);
    expect(bad.ok ? [] : bad.issues.map((i) => i.pointer)).toContain("/styles/0/id");
  });
});
