/**
 * Case and library step files list their members in case.schema.json's order
 * (`npm run order:cases` puts them so); data inside a case (query, body, expected values) keeps
 * the order it was written in.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { orderMembers, outOfOrder, suiteFiles } from "../../scripts/order-cases.js";

const schema = JSON.parse(
  readFileSync(join(import.meta.dirname, "../../conformance/case.schema.json"), "utf8"),
) as { $defs: Record<string, boolean | Record<string, unknown>> };

describe("member order of case files", () => {
  it("every case and library step file is in the schema's order (npm run order:cases)", () => {
    expect(suiteFiles().length).toBeGreaterThan(300);
    expect(outOfOrder().map((f) => f.file)).toEqual([]);
  });

  it("orders schema-described members and leaves data alone", () => {
    const c = {
      steps: [
        {
          expect: { json: [{ equals: { z: 1, a: 2 }, pointer: "/x" }], status: 200 },
          request: {
            body: { json: { z: 1, a: 2 } },
            query: { z: "1", a: "2" },
            path: "/p",
            method: "GET",
            auth: { placement: "query", mode: "valid" },
          },
        },
        { with: { fields: "k" }, use: "clean-up" },
      ],
      level: "core",
      id: "a/b",
    };
    const ordered = orderMembers(c, schema as never, schema.$defs as never);
    expect(JSON.stringify(ordered)).toBe(
      JSON.stringify({
        id: "a/b",
        level: "core",
        steps: [
          {
            request: {
              method: "GET",
              path: "/p",
              query: { z: "1", a: "2" },
              body: { json: { z: 1, a: 2 } },
              auth: { mode: "valid", placement: "query" },
            },
            expect: { status: 200, json: [{ pointer: "/x", equals: { z: 1, a: 2 } }] },
          },
          { use: "clean-up", with: { fields: "k" } },
        ],
      }),
    );
  });
});
