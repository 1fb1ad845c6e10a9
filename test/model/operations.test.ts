/**
 * The operation table (src/model/operations.ts) and the four parts it drives: the router routes
 * every row by its methods and selectors (HEAD wherever GET, P-ERR-2), the index page and the
 * OpenAPI document list every row, and the fuzzer's steps build a request path for every row.
 */
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  answeredMethods,
  OPERATIONS,
  type Operation,
  type OperationId,
  operation,
  operationPath,
  pathPattern,
} from "../../src/model/operations.js";
import { openApiDocument } from "../../src/schemas/openapi/document.js";
import { indexDocument } from "../../src/server/index-page.js";
import { matchRoute } from "../../src/server/router.js";
import { bundledWorld } from "../server/harness.js";

/** The table, row by row. */
const TABLE: readonly Operation[] = OPERATIONS;

const SAMPLE: Record<string, string> = {
  guid: "@me",
  pid: "example.org:bob",
  albumId: "example.org:album-1",
};

/** The concrete paths of `op`: each selector, with and without its optional parameter. */
function concretePaths(op: Operation): { path: string; selector?: string; optional: boolean }[] {
  const id = op.id as OperationId;
  return (op.selectors ?? [undefined]).flatMap((selector) => {
    const values = { ...SAMPLE, ...(selector ? { selector } : {}) };
    const without = op.optional ? { ...values, [op.optional.name]: undefined } : values;
    const bare = {
      path: operationPath(id, without),
      optional: false,
      ...(selector ? { selector } : {}),
    };
    if (!op.optional || selector !== op.optional.onlyWith) return [bare];
    return [bare, { ...bare, path: operationPath(id, values), optional: true }];
  });
}

describe("the operation table", () => {
  it("fills a path pattern, stopping before the first parameter without a value", () => {
    expect(operationPath("people", { guid: "@me", selector: "@friends", pid: "x:y" })).toBe(
      "/os/0.8/people/@me/@friends/x:y",
    );
    expect(operationPath("people", { guid: "@me", selector: "@self" })).toBe(
      "/os/0.8/people/@me/@self",
    );
    expect(operationPath("appdata-write", { guid: "x:y" })).toBe("/os/0.8/appdata/x:y/@self/@app");
    expect(operationPath("appdata-read", { guid: "@me" })).toBe("/os/0.8/appdata/@me");
    expect(operationPath("photos", {})).toBe("/os/0.8/mediaitems");
  });

  it("answers HEAD wherever GET (P-ERR-2)", () => {
    for (const op of OPERATIONS) {
      const methods = answeredMethods(op);
      expect(methods.includes("HEAD"), op.id).toBe(methods.includes("GET"));
    }
  });

  it("drives the router: every row's methods and selectors route to that row", () => {
    for (const op of TABLE)
      for (const { path, selector, optional } of concretePaths(op))
        for (const method of answeredMethods(op)) {
          const m = matchRoute(method, path);
          expect(m, `${method} ${path}`).toHaveProperty("route");
          if (!("route" in m)) continue;
          expect(m.route.op, `${method} ${path}`).toBe(op.id);
          if (selector) expect(m.route).toHaveProperty("selector", selector);
          if (op.optional) expect(op.optional.name in m.route, `${method} ${path}`).toBe(optional);
        }
  });

  it("drives the router's Allow: the methods of every row the path can be", () => {
    // appdata/{guid}/@self/@app is the read's, the write's and the delete's path.
    const rows = OPERATIONS.filter((o) => o.path.startsWith("appdata/"));
    const m = matchRoute("PATCH", operationPath("appdata-write", { guid: "@me" }));
    expect(m).toMatchObject({ status: 405, allow: rows.flatMap(answeredMethods) });
    const friends = operationPath("appdata-read", { guid: "@me", selector: "@friends" });
    expect(matchRoute("DELETE", friends)).toMatchObject({
      status: 405,
      allow: answeredMethods(operation("appdata-read")),
    });
  });

  it("drives the index page: one line per row", () => {
    const lines = (indexDocument(bundledWorld()).operations as { method: string; path: string }[])
      .map((o) => `${o.method} ${o.path}`)
      .sort();
    expect(lines).toEqual(OPERATIONS.map((o) => `${o.methods[0]} ${pathPattern(o)}`).sort());
  });

  it("drives the OpenAPI document: every documented operation, at its row's path", () => {
    const paths = openApiDocument("0").paths as Record<
      string,
      Record<string, { operationId: string }>
    >;
    const ids = new Map<string, string>();
    for (const [path, item] of Object.entries(paths))
      for (const [method, o] of Object.entries(item)) ids.set(o.operationId, `${method} ${path}`);
    for (const op of TABLE)
      for (const d of op.documented) {
        const at = ids.get(d.operationId);
        expect(at, d.operationId).toBeDefined();
        expect(at?.startsWith(`${d.method.toLowerCase()} /os/0.8/${op.path.split("/")[0]}/`)).toBe(
          true,
        );
      }
  });

  it("drives the fuzzer: a step builds a request path for every row", () => {
    const dir = "src/conformance/fuzz/steps";
    const text = readdirSync(dir)
      .map((f) => readFileSync(`${dir}/${f}`, "utf8"))
      .join("\n");
    for (const op of TABLE) expect(text.includes(`operationPath("${op.id}"`), op.id).toBe(true);
  });
});
