/**
 * `people/pid-exact-world` reads a friend by pid with every optional field named (§2.6,
 * S-4.6-FIELDS.1). A person without addresses may be shown with `"addresses": []` or without
 * the field (neither document decides), and the case passes both; a field the world's record
 * lacks that the server makes up (an address, a blood type) fails under S-4.6-FIELDS.1, the rule
 * of the named fields' values, not under the pid rule the case cites first.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emptyAddressLists } from "../../scripts/mutants/json-variants.js";
import { startVariantProxy } from "../../scripts/mutants/variant-proxy.js";
import { isRunAbort, runSuite } from "../../src/conformance/index.js";
import { bundledTarget, type Running, startReference } from "./helpers.js";

type Rewrite = Parameters<typeof startVariantProxy>[1];

/** `addresses` and `bloodType` made up for a person read by pid who lacks them. */
const madeUp =
  (field: "addresses" | "bloodType"): Rewrite =>
  (body, type, request) => {
    if (!type.includes("json") || !/\/@friends\/[^/?]+/.test(request.url)) return body;
    const doc = JSON.parse(body) as { entry?: Record<string, unknown> };
    const entry = doc.entry;
    if (!entry || Array.isArray(entry) || field in entry) return body;
    entry[field] =
      field === "addresses" ? [{ formatted: "1 Made-up Street", country: "Nowhere" }] : "O";
    return JSON.stringify(doc);
  };

let reference: Running;
beforeAll(async () => {
  reference = await startReference();
});
afterAll(() => reference.close());

async function verdict(rewrite: Rewrite) {
  const proxy = await startVariantProxy(reference.url, rewrite);
  try {
    const r = await runSuite({
      target: bundledTarget(proxy.url),
      grep: /^people\/pid-exact-world$/,
    });
    if (isRunAbort(r)) throw new Error(`run aborted: ${r.abort}`);
    const c = r.cases[0];
    return { outcome: c?.outcome, failedStatement: c?.failedStatement };
  } finally {
    await proxy.close();
  }
}

describe("people/pid-exact-world and the fields a person lacks", () => {
  it("passes the reference, and an empty address list for a person without addresses", async () => {
    expect(await verdict((body) => body)).toEqual({ outcome: "pass", failedStatement: undefined });
    expect(await verdict(emptyAddressLists)).toEqual({
      outcome: "pass",
      failedStatement: undefined,
    });
  });
  it.each(["addresses", "bloodType"] as const)(
    "fails a made-up %s under S-4.6-FIELDS.1",
    async (field) => {
      expect(await verdict(madeUp(field))).toEqual({
        outcome: "fail",
        failedStatement: "S-4.6-FIELDS.1",
      });
    },
  );
});
