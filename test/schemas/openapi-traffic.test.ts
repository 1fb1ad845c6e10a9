/**
 * The OpenAPI document against live traffic: the whole conformance suite runs against the
 * reference server through a watching proxy, and every exchange is held to schemas/openapi.json.
 * For a request the document describes (its path, or that path with one trailing slash where the
 * item says `x-trailing-slash`, and its method), the status must be one the operation lists and
 * a JSON body must validate against that response's schema (ajv); an Atom body must be a media
 * type the response lists. The request side too: every OAuth, paging, filter and format
 * parameter a request sends is one the operation declares, and on an answer that succeeded its
 * value fits the parameter's schema (so `@self` with a paging value @friends would refuse,
 * P-PAGE-5, is described). A request the document does not describe (another method, a path
 * outside it) must get an error with the P-ERR-1 body. So the document cannot drift from the
 * server.
 */
import { readFileSync } from "node:fs";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Observed, startVariantProxy } from "../../scripts/mutants/variant-proxy.js";
import { isRunAbort, runSuite } from "../../src/conformance/index.js";
import { bundledTarget } from "../conformance/helpers.js";
import { type Running, start } from "../server/harness.js";

type Json = Record<string, unknown>;
interface Parameter {
  name: string;
  in: string;
  schema: Json;
}
interface Operation {
  parameters?: ({ $ref: string } | Parameter)[];
  responses: Record<string, { content?: Record<string, { schema?: Json }> }>;
}
type PathItem = Record<string, Operation> & { "x-trailing-slash"?: string };

const DOC = JSON.parse(readFileSync("schemas/openapi.json", "utf8")) as {
  paths: Record<string, PathItem>;
  components: { schemas: Record<string, Json>; parameters: Record<string, Parameter> };
};

/** Query parameters the kit knows a meaning of: a request sending one needs it declared. */
const KNOWN_PARAMETERS =
  /^(oauth_[a-z_]+|xoauth_requestor_id|startIndex|count|filterBy|fields|format|visibility)$/;

/** An operation's query parameters by name, references resolved. */
function queryParameters(op: Operation): Map<string, Parameter> {
  const out = new Map<string, Parameter>();
  for (const p of op.parameters ?? []) {
    const resolved =
      "$ref" in p ? DOC.components.parameters[p.$ref.split("/").pop() ?? ""] : (p as Parameter);
    if (resolved?.in === "query") out.set(resolved.name, resolved);
  }
  return out;
}
const DOC_ID = "https://opensocial-kit.example/openapi.json";

const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
ajv.addSchema({ ...DOC, $id: DOC_ID });
const compiled = new Map<string, ValidateFunction>();

/** The validator of a response schema (its references resolve inside the document). */
function validatorOf(schema: Json): ValidateFunction {
  const key = JSON.stringify(schema);
  let v = compiled.get(key);
  if (!v) {
    const rebased = JSON.parse(key.replaceAll('"$ref":"#', `"$ref":"${DOC_ID}#`)) as Json;
    v = ajv.compile(rebased);
    compiled.set(key, v);
  }
  return v;
}

/** The document's paths as patterns, the most literal first. */
const PATHS = Object.entries(DOC.paths)
  .map(([template, item]) => ({
    template,
    item,
    params: (template.match(/\{/g) ?? []).length,
    pattern: new RegExp(`^${template.replace(/[.]/g, "\\.").replace(/\{[A-Za-z]+\}/g, "[^/]+")}$`),
  }))
  .sort((a, b) => a.params - b.params);

const ERROR = validatorOf({ $ref: "#/components/schemas/error" });

let upstream: Running;
const seen: Observed[] = [];
let exitCode = -1;

beforeAll(async () => {
  upstream = await start();
  const proxy = await startVariantProxy(
    upstream.url,
    (body) => body,
    (x) => seen.push(x),
  );
  try {
    const report = await runSuite({
      target: bundledTarget(proxy.url),
      level: "profile",
      concurrency: 8,
      timeoutMs: 20_000,
    });
    exitCode = isRunAbort(report) ? -1 : report.exitCode;
  } finally {
    await proxy.close();
  }
}, 180_000);
afterAll(() => upstream.close());

/** The operation the document gives `x`'s path (or that path without one trailing slash) and method. */
function operationOf(x: Observed): Operation | undefined {
  const method = x.method.toLowerCase();
  const path = x.url.split("?")[0] ?? "";
  const found = (p: string, slashed: boolean) =>
    PATHS.filter((q) => q.pattern.test(p) && (!slashed || q.item["x-trailing-slash"]))
      .map((q) => q.item[method])
      .find((o) => o !== undefined);
  return found(path, false) ?? (path.endsWith("/") ? found(path.slice(0, -1), true) : undefined);
}

/** What is wrong with the request side of one exchange the document describes, or undefined. */
function requestViolation(x: Observed): string | undefined {
  const op = operationOf(x);
  // The documents outside the API (index, this document, health) ignore any query.
  if (!op || !x.url.startsWith("/os/0.8/")) return undefined;
  const declared = queryParameters(op);
  const query = new URLSearchParams(x.url.split("?")[1] ?? "");
  for (const [name, value] of query) {
    if (!KNOWN_PARAMETERS.test(name)) continue;
    const p = declared.get(name);
    const where = `${x.method} ${x.url.split("?")[0]} ?${name}=${value.slice(0, 40)} → ${x.status}`;
    if (!p) return `${where}: the operation does not declare ${name}`;
    if (x.status >= 200 && x.status < 300 && !validatorOf(p.schema)(value))
      return `${where}: answered ${x.status}, yet the value does not fit the parameter's schema`;
  }
  return undefined;
}

/** What is wrong with one exchange, or undefined. */
function violation(x: Observed): string | undefined {
  const method = x.method.toLowerCase();
  const type = String(x.headers["content-type"] ?? "").split(";")[0] ?? "";
  const where = `${x.method} ${x.url.slice(0, 160)} → ${x.status}`;
  const errorBody = (): string | undefined => {
    if (x.status < 400) return `${where}: not described by the document, yet not an error`;
    if (method === "head" || x.body === "") return undefined;
    if (type !== "application/json") return `${where}: error body of type ${type}`;
    return ERROR(JSON.parse(x.body))
      ? undefined
      : `${where}: error body ${ajv.errorsText(ERROR.errors)}`;
  };
  const op = operationOf(x);
  if (!op) return errorBody();
  const response = op.responses[String(x.status)];
  if (!response) return `${where}: status ${x.status} is not in the document for this operation`;
  if (method === "head" || x.body === "") return undefined;
  const content = response.content ?? {};
  if (!(type in content)) return `${where}: ${type} is not a media type of this response`;
  const schema = content[type]?.schema;
  if (type !== "application/json" || !schema) return undefined;
  const v = validatorOf(schema);
  return v(JSON.parse(x.body)) ? undefined : `${where}: ${ajv.errorsText(v.errors)}`;
}

describe("schemas/openapi.json against a whole suite run", () => {
  it("the suite passed through the watching proxy, and it saw the traffic", () => {
    expect(exitCode).toBe(0);
    expect(seen.length).toBeGreaterThan(400);
  });

  it("every answer has a status the operation lists and a body its schema accepts", () => {
    const bad = [...new Set(seen.map(violation).filter((v) => v !== undefined))];
    expect(bad, bad.slice(0, 30).join("\n")).toEqual([]);
  });

  it("every OAuth, paging, filter and format parameter a request sends is declared, and fits its schema when the answer succeeded", () => {
    const bad = [...new Set(seen.map(requestViolation).filter((v) => v !== undefined))];
    expect(bad, bad.slice(0, 30).join("\n")).toEqual([]);
  });

  it("the document describes the requests a run sends: a signed request's path and method are in it", () => {
    const described = seen.filter((x) => operationOf(x) !== undefined);
    // Most of the suite is inside the document; the rest are requests for errors (unknown
    // paths, other methods), held to the error body above.
    expect(described.length / seen.length).toBeGreaterThan(0.8);
  });
});
