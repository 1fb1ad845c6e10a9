/**
 * The suite ships the two documents it cites (conformance/spec/): social-api.md, whose sentences
 * core cases quote in `decidedBy`, and profile.md, whose rule ids (P-…) every case, check and
 * report names. Each copy is the document itself: where the shared original stands beside the
 * repository the two are byte for byte the same, and its digest is pinned here so that no
 * formatter rewrites it unseen (a new revision updates the copy and the digest together).
 */
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { loadStatements } from "../../../src/conformance/index.js";
import { suiteDir } from "../../../src/conformance/suite/suite-location.js";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));

/** Each shipped document and the digest of the revision copied. */
const COPIES = {
  "social-api.md": "68513a424a33b07ccdb170bc9a593fafa114ced1afee741071e608c6e45bb968",
  "profile.md": "5419ece23408a94886c7f2e3727054105e5f342a863ff3c49e4c7fe82bd6c7e4",
} as const;

describe("the documents the suite cites ship with it, as they are", () => {
  for (const [name, sha256] of Object.entries(COPIES))
    it(name, () => {
      const copy = readFileSync(join(suiteDir(), "spec", name));
      expect(copy.length).toBeGreaterThan(5000);
      const shared = join(ROOT, "..", "shared", "spec", name);
      if (existsSync(shared)) expect(copy.equals(readFileSync(shared))).toBe(true);
      expect(createHash("sha256").update(copy).digest("hex")).toBe(sha256);
    });

  it("profile.md defines every profile rule the statement catalogue names", () => {
    const st = loadStatements();
    if (!st.ok) throw new Error(JSON.stringify(st.issues));
    const text = readFileSync(join(suiteDir(), "spec", "profile.md"), "utf8");
    // a rule is defined as **P-X-n** (its clauses P-X-n.m are in its text)
    const defined = new Set([...text.matchAll(/\*\*(P-[A-Z]+-\d+)\*\*/g)].map((m) => m[1]));
    const rules = new Set(
      st.value.flatMap((s) => (s.id.startsWith("P-") ? [s.id.replace(/\.\d+$/, "")] : [])),
    );
    expect(rules.size).toBeGreaterThan(20);
    expect([...rules].filter((r) => !defined.has(r))).toEqual([]);
  });
});
