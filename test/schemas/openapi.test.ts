/**
 * The OpenAPI document: the shipped schemas/openapi.json is what the
 * generator writes today (so it cannot drift from the JSON Schemas), it is valid for
 * swagger-parser, Redocly's recommended ruleset finds no error, and every operation it lists is
 * one the reference server routes.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import SwaggerParser from "@apidevtools/swagger-parser";
import { describe, expect, it } from "vitest";
import { openApiText } from "../../src/cli/commands/openapi.js";
import { matchRoute } from "../../src/server/router.js";

const SHIPPED = "schemas/openapi.json";

describe("OpenAPI document", () => {
  it("is up to date: schemas/openapi.json is what `opensocial-kit openapi` writes", () => {
    expect(
      readFileSync(SHIPPED, "utf8"),
      "stale: run npm run build && node bin/opensocial-kit.js openapi --out schemas/openapi.json",
    ).toBe(openApiText());
  });

  it("is a valid OpenAPI 3.1 document (swagger-parser)", async () => {
    const api = (await SwaggerParser.validate(SHIPPED)) as {
      openapi: string;
      paths: Record<string, unknown>;
    };
    expect(api.openapi).toBe("3.1.0");
    expect(Object.keys(api.paths).length).toBeGreaterThanOrEqual(6);
  });

  it("has no error under Redocly's recommended ruleset", () => {
    const out = execFileSync("node_modules/.bin/redocly", ["lint", SHIPPED, "--format", "json"], {
      encoding: "utf8",
      env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
    });
    const report = JSON.parse(out) as { totals: { errors: number; warnings: number } };
    expect(report.totals.errors).toBe(0);
  }, 60_000);

  it("lists only operations the reference server routes, with HEAD beside every GET (P-ERR-2)", () => {
    const doc = JSON.parse(readFileSync(SHIPPED, "utf8")) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const sample: Record<string, string> = {
      "{guid}": "@me",
      "{selector}": "@friends",
      "{pid}": "example.org:bob",
      "{albumId}": "example.org:album-1",
    };
    for (const [path, item] of Object.entries(doc.paths)) {
      if (!path.startsWith("/os/0.8/")) {
        // the unauthenticated documents, served before routing (test/server/index-page.test.ts)
        expect(["/", "/openapi.json", "/healthz"]).toContain(path);
        continue;
      }
      const concrete = path.replace(/\{[a-zA-Z]+\}/g, (p) => sample[p] ?? p);
      for (const method of Object.keys(item).filter((k) => !k.startsWith("x-"))) {
        const m = matchRoute(method.toUpperCase(), concrete);
        expect("route" in m || "deferred" in m, `${method.toUpperCase()} ${concrete}`).toBe(true);
      }
      if ("get" in item) expect(Object.keys(item)).toContain("head");
    }
  });
});
