/**
 * The OpenAPI 3.1 document of the whole API: every operation of social-api.md §4 with HEAD
 * (P-ERR-2), the PUT alias (P-DATA-2), `@all` (P-PEOPLE-5) and one trailing slash (P-ERR-2), the
 * query parameters (the OAuth parameters too, which P-AUTH-2 accepts in the query, and the list
 * parameters that P-PAGE-5 ignores outside lists), JSON and form request bodies, every status the
 * profile gives with the P-ERR-1 error body, JSON and Atom answers, the two-legged OAuth 1.0a
 * scheme (P-AUTH-1..7; OpenAPI has no type for it: it is described in two security schemes,
 * header and query, and `x-oauth1`), and the unauthenticated documents outside `/os/0.8/` (the
 * index, this document, the health check). `schemas/openapi.json` is this document, written by
 * `opensocial-kit openapi --out`; a test holds every answer of a whole suite run to it.
 */

import { PAIR_LIMIT } from "../../model/limits.js";
import {
  type DocumentedOperation,
  OPERATIONS,
  type Operation,
  type ParameterName,
  pathPattern,
} from "../../model/operations.js";
import { schemaComponents } from "./components.js";
import { DEFAULT_SERVER_URL } from "./server-url.js";

type Json = Record<string, unknown>;
const ref = (name: string): Json => ({ $ref: `#/components/schemas/${name}` });

const ATOM_EXAMPLE = `<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xmlns:opensearch="http://a9.com/-/spec/opensearch/1.1">
  <opensearch:startIndex>0</opensearch:startIndex>
  <opensearch:totalResults>1</opensearch:totalResults>
  <entry>
    <content type="application/xml">
      <appdata xmlns="http://ns.opensocial.org/2008/opensocial">
        <score>10</score>
      </appdata>
    </content>
    <title/>
    <updated/>
    <author><url>urn:guid:example.org:alice</url></author>
    <id>urn:guid:example.org:alice</id>
  </entry>
</feed>
`;

const STATUS_TEXT: Record<number, string> = {
  400: "Invalid request: authentication (P-AUTH-3), paging (P-PAGE-2), format (P-FMT-1), fields, filterBy, visibility or body (P-DATA-1..3, P-DATA-7), a path without its guid (P-ERR-2)",
  403: "No permission (P-DATA-6, P-PEOPLE-1/4, P-ALBUM-2), a viewer without the application (P-AUTH-5), a path without its selector",
  404: "Unknown user, album or pid (P-ERR-5), unknown path or a selector that is not the operation's (P-ERR-2)",
  405: "A known path with another method, POST, PUT or DELETE on appdata @friends among them, before any permission check; `Allow` lists every method the path answers, HEAD wherever GET (P-ERR-2)",
  413: "Body over 1 MiB (P-ERR-4)",
  414: "Request target too long",
  431: "Request headers too large",
  503: "The application-data store does not answer, or refuses the deployment: nothing was written (P-DATA-4); try again",
};

/** The HTTP adapter's bounds, which hold on every path (P-ERR-4, target and header limits). */
const BOUNDS = [413, 414, 431] as const;
/** What any request under /os/0.8/ may get, whatever its method and path: the bounds, and 503. */
const ANY_REQUEST = [...BOUNDS, 503] as const;

function errors(statuses: readonly number[]): Json {
  const out: Json = {};
  for (const s of statuses)
    out[String(s)] = {
      description: STATUS_TEXT[s] ?? "Error",
      content: { "application/json": { schema: ref("error") } },
      ...(s === 405
        ? {
            headers: {
              Allow: {
                description: "Every method this path answers, HEAD wherever GET (P-ERR-2)",
                schema: { type: "string" },
              },
            },
          }
        : {}),
    };
  return out;
}

function param(name: string, where: "path" | "query", description: string, schema: Json): Json {
  return { name, in: where, required: where === "path", description, schema };
}

const P = {
  guid: param(
    "guid",
    "path",
    "A platformUserId (`<namespace>:<value>`), its bare value (P-AUTH-4) or `@me` (§2.1)",
    {
      type: "string",
    },
  ),
  pid: param("pid", "path", "A friend's platformUserId (P-PEOPLE-1)", { type: "string" }),
  albumId: param("albumId", "path", "The album's id (§4.2)", { type: "string" }),
  peopleSelector: param("selector", "path", "`@self`, `@friends` or `@all` (P-PEOPLE-5)", {
    type: "string",
    enum: ["@self", "@friends", "@all"],
  }),
  groupSelector: param("selector", "path", "`@friends` or `@all` (P-PEOPLE-5)", {
    type: "string",
    enum: ["@friends", "@all"],
  }),
  appdataSelector: param("selector", "path", "`@self` or `@friends` (§4.3)", {
    type: "string",
    enum: ["@self", "@friends"],
  }),
  format: param(
    "format",
    "query",
    "`json` (default) or `atom` (P-FMT-1); without it, Accept selects Atom when `application/atom+xml` has a q above 0 and above `application/json`'s (a tie serves JSON; wildcards count for neither)",
    {
      type: "string",
      enum: ["json", "atom"],
    },
  ),
  requestor: param(
    "xoauth_requestor_id",
    "query",
    "The viewer (P-AUTH-1); may be in the Authorization header instead",
    {
      type: "string",
    },
  ),
  fields: param(
    "fields",
    "query",
    "Comma-separated keys (appdata: each a valid key as written, P-DATA-1; fewer than 100: P-DATA-3) or optional person fields (§2.6)",
    {
      type: "string",
    },
  ),
  startIndex: param(
    "startIndex",
    "query",
    "0-based start (P-PAGE-1/2: decimal digits, at most 2147483647)",
    {
      type: "string",
      pattern: "^[0-9]+$",
    },
  ),
  count: param(
    "count",
    "query",
    "Page size, 1–1000 (P-PAGE-1/2); default 20 for albums and photos, 50 for friends",
    {
      type: "string",
      pattern: "^[0-9]+$",
    },
  ),
  peopleStartIndex: param(
    "startIndex",
    "query",
    "With @friends or @all: the 0-based start (P-PAGE-1/2: decimal digits, at most 2147483647; anything else → 400). With @self: ignored, whatever its value (P-PAGE-5)",
    { type: "string" },
  ),
  peopleCount: param(
    "count",
    "query",
    "With @friends or @all: the page size, 1–1000, default 50 (P-PAGE-1/2; anything else → 400). With @self: ignored, whatever its value (P-PAGE-5)",
    { type: "string" },
  ),
  peopleFilterBy: param(
    "filterBy",
    "query",
    "With @friends or @all: `hasApp` keeps friends that have the application (§4.6; another value → 400, P-PEOPLE-2). With @self: ignored, whatever its value (P-PAGE-5)",
    { type: "string" },
  ),
  visibility: param("visibility", "query", "`all`: every album the viewer may see (P-ALBUM-1)", {
    type: "string",
    enum: ["all"],
  }),
};

/** A list parameter a request that is not a list may carry: ignored, unchecked (P-PAGE-5). */
const ignored = (name: string): Json =>
  param(
    name,
    "query",
    "Ignored here, whatever its value: paging and filterBy apply to lists only (P-PAGE-5)",
    { type: "string" },
  );
const IGNORED = {
  ignoredStartIndex: ignored("startIndex"),
  ignoredCount: ignored("count"),
  ignoredFilterBy: ignored("filterBy"),
};

/**
 * The OAuth protocol parameters, which P-AUTH-2 accepts in the query as well as in the
 * Authorization header (then every one of them is there, the signature included).
 */
const OAUTH: Record<string, Json> = Object.fromEntries(
  [
    ["oauth_consumer_key", "The application's consumer key (P-AUTH-1)"],
    ["oauth_nonce", "Used once per consumer key within the timestamp window (P-AUTH-3)"],
    ["oauth_signature", "The HMAC-SHA1 signature, base64 (P-AUTH-1)"],
    ["oauth_signature_method", "`HMAC-SHA1` (P-AUTH-1)"],
    ["oauth_timestamp", "Seconds since the epoch, within 300 s of the server clock (P-AUTH-3)"],
    ["oauth_version", "`1.0`, optional"],
    [
      "oauth_body_hash",
      "Base64 (or hex, P-AUTH-6) SHA-1 of the body; checked whenever present (P-AUTH-2)",
    ],
    [
      "oauth_token",
      "Two-legged requests carry none: an empty value is ignored, any other → 400 (P-AUTH-3)",
    ],
  ].map(([name = "", description = ""]) => [
    name,
    param(name, "query", `${description}; in the query or the Authorization header (P-AUTH-2)`, {
      type: "string",
    }),
  ]),
);

/** The parameters the operation table names (model/operations.ts). */
const NAMED: Record<ParameterName, Json> = { ...P, ...IGNORED };

/** Every parameter, as the document's `components/parameters` holds it. */
const PARAMETERS: Record<string, Json> = { ...NAMED, ...OAUTH };

/** A reference to the parameter component `name`. */
const use = (name: string): Json => ({ $ref: `#/components/parameters/${name}` });
/** What every operation takes: the format, the requestor and the OAuth parameters. */
const COMMON = ["format", "requestor", ...Object.keys(OAUTH)].map(use);

function ok(schema: string, description: string): Json {
  return {
    "200": {
      description,
      content: {
        "application/json": { schema: ref(schema) },
        "application/atom+xml": {
          schema: {
            type: "string",
            description: "An Atom feed (§4.3, P-FMT-2/3/4/7); the example shows application data",
          },
          example: ATOM_EXAMPLE,
        },
      },
    },
  };
}

const HEAD_OK = {
  "200": { description: "The status and headers GET would give, no body (P-ERR-2)" },
};
const EMPTY_OK = {
  "200": {
    description: "Done: an empty body, `Content-Length: 0` (P-DATA-2)",
    headers: { "Content-Length": { schema: { type: "integer", const: 0 } } },
  },
};

function writeBody(): Json {
  return {
    required: true,
    description:
      "One to 99 key/value pairs (P-DATA-1..3); merged into the stored record (P-DATA-4)",
    content: {
      "application/json": { schema: ref("appdata-write") },
      "application/x-www-form-urlencoded": {
        schema: {
          type: "object",
          additionalProperties: { type: "string" },
          minProperties: 1,
          maxProperties: PAIR_LIMIT - 1,
        },
      },
    },
  };
}

/** A DELETE's optional form body: `fields` may be sent there instead of the query (§4.5). */
function deleteBody(): Json {
  return {
    required: false,
    description:
      "`fields` as a form-encoded body parameter, signed as one (RFC 5849 §3.4.1.3.1); the query's comes first. Any other body → 400, never ignored (without `fields` every key is deleted)",
    content: {
      "application/x-www-form-urlencoded": {
        schema: { type: "object", properties: { fields: { type: "string" } } },
      },
    },
  };
}

/** The OpenAPI tags of the operations, in the order the document lists their paths. */
const API_TAGS: readonly { name: Operation["tag"]; description: string }[] = [
  { name: "people", description: "People and friends (§4.6)" },
  { name: "albums", description: "Albums and photos (§4.1, §4.2)" },
  { name: "appdata", description: "Application data (§4.3–4.5)" },
];

/** The parameters of `d`: its path parameters, what every operation takes, its query ones. */
function parametersOf(d: DocumentedOperation): Json[] {
  const inPath = d.parameters.filter((name) => NAMED[name].in === "path");
  const inQuery = d.parameters.filter((name) => NAMED[name].in !== "path");
  return [...inPath.map(use), ...COMMON, ...inQuery.map(use)];
}

/** The path of `d`: the operation's pattern, without its optional segment unless `d` has it. */
function pathOf(op: Operation, d: DocumentedOperation): string {
  const path = pathPattern(op);
  return op.optional && !d.withOptional ? path.replace(`/{${op.optional.name}}`, "") : path;
}

/**
 * The path-item entries of `d`: a GET with its HEAD (P-ERR-2), or a write or delete; POST and PUT
 * carry the application-data body (§4.4, P-DATA-2).
 */
function itemOf(op: Operation, d: DocumentedOperation): Json {
  const base = {
    tags: [op.tag],
    operationId: d.operationId,
    summary: d.summary,
    parameters: parametersOf(d),
  };
  const failures = errors([...op.errors, ...ANY_REQUEST]);
  const answer = d.answer ? ok(d.answer.schema, d.answer.description) : EMPTY_OK;
  if (d.method === "GET")
    return {
      get: { ...base, responses: { ...answer, ...failures } },
      head: {
        ...base,
        operationId: `${d.operationId}Head`,
        summary: `${d.summary} (headers only)`,
        responses: { ...HEAD_OK, ...failures },
      },
    };
  const body =
    d.method === "POST" || d.method === "PUT"
      ? { requestBody: writeBody() }
      : d.method === "DELETE"
        ? { requestBody: deleteBody() }
        : {};
  return { [d.method.toLowerCase()]: { ...base, ...body, responses: { ...answer, ...failures } } };
}

/** The paths of the operation table (model/operations.ts), by tag. */
function operationPaths(): Record<string, Json> {
  const paths: Record<string, Json> = {};
  for (const tag of API_TAGS)
    for (const op of OPERATIONS.filter((o) => o.tag === tag.name))
      for (const d of op.documented) {
        const path = pathOf(op, d);
        paths[path] = { ...paths[path], ...itemOf(op, d) };
      }
  return paths;
}

/** The whole OpenAPI 3.1 document. */
export function openApiDocument(version: string): Json {
  return {
    openapi: "3.1.0",
    info: {
      title: "Social platform REST API (social-api.md with profile.md revision 5)",
      version,
      description:
        "Albums, photos, per-user application data, people and friends under /os/0.8/. Generated by opensocial-kit from its JSON Schemas (`opensocial-kit openapi`); the statements it cites are social-api.md sections (§) and profile.md decisions (P-…). Every path is also answered with one trailing slash, signed as sent (P-ERR-2). Query parameters an operation does not define are ignored (P-FMT-1). Any other path or method under /os/0.8/ answers an error with the P-ERR-1 body (404 or 405, after authentication: P-ERR-5).",
      license: { name: "MIT", identifier: "MIT" },
    },
    servers: [
      {
        url: DEFAULT_SERVER_URL,
        description: "The reference server (`opensocial-kit serve`)",
      },
    ],
    security: [{ oauth1TwoLegged: [] }, { oauth1TwoLeggedQuery: [] }],
    tags: [
      ...API_TAGS,
      { name: "service", description: "Documents outside /os/0.8/, without a signature" },
    ],
    paths: {
      ...withTrailingSlash(operationPaths()),
      ...UNAUTHENTICATED_PATHS,
    },
    components: {
      schemas: schemaComponents(),
      parameters: PARAMETERS,
      securitySchemes: {
        oauth1TwoLegged: {
          type: "apiKey",
          in: "header",
          name: "Authorization",
          description:
            "Two-legged OAuth 1.0a (RFC 5849), HMAC-SHA1, no token (P-AUTH-1): the consumer key names the application, `xoauth_requestor_id` the viewer. Parameters go in `Authorization: OAuth …` (with or without `realm`) or the query (P-AUTH-2, the scheme oauth1TwoLeggedQuery); query and form-body parameters are signed, a JSON body is not; an `oauth_body_hash` is checked whenever present, whatever the body's type; `+` in the query is a space. Timestamps within 300 s; a (consumer key, nonce) pair once; a protocol parameter given twice with two values, or a non-empty `oauth_token`, is refused (an empty one is ignored) (P-AUTH-3). Failures answer 400 with the P-ERR-1 body. OpenAPI has no OAuth 1 type: this scheme is documented as a header, and `x-oauth1` carries the parameters.",
          "x-oauth1": {
            signatureMethod: "HMAC-SHA1",
            legs: 2,
            signingKey: "percent-encoded consumer secret followed by `&`",
            parameters: [
              "oauth_consumer_key",
              "oauth_nonce",
              "oauth_signature",
              "oauth_signature_method",
              "oauth_timestamp",
              "oauth_version",
              "xoauth_requestor_id",
            ],
            timestampWindowSeconds: 300,
            profile: "P-AUTH-1..7",
          },
        },
        oauth1TwoLeggedQuery: {
          type: "apiKey",
          in: "query",
          name: "oauth_signature",
          description:
            "The same two-legged OAuth 1.0a with every protocol parameter in the query string instead of the Authorization header (P-AUTH-2), as clients that cannot set headers send it; see oauth1TwoLegged and its `x-oauth1`.",
        },
      },
    },
  };
}

/**
 * Each path item marked as answered with one trailing slash too, signed as sent (P-ERR-2). A
 * path template cannot say "optional trailing slash", and listing each path twice breaks the
 * common lint rule against trailing slashes: the document says it once, in `x-trailing-slash`.
 */
function withTrailingSlash(paths: Record<string, Json>): Record<string, Json> {
  return Object.fromEntries(
    Object.entries(paths).map(([path, item]) => [
      path,
      {
        ...item,
        "x-trailing-slash":
          "The same path with one trailing slash is the same operation; the signature covers the path as sent (P-ERR-2).",
      },
    ]),
  );
}

/** A GET and a HEAD of a document outside `/os/0.8/`, answered without authentication. */
function unauthenticated(id: string, summary: string, ok: Json): Json {
  const op = (suffix: string, responses: Json): Json => ({
    operationId: `${id}${suffix}`,
    summary,
    tags: ["service"],
    security: [],
    responses,
  });
  const bounds = errors(BOUNDS);
  return {
    get: op("", { ...ok, ...bounds }),
    head: op("Head", {
      "200": { description: "The status and headers GET would give, no body" },
      ...bounds,
    }),
  };
}

/** The index, this document and the health check: outside `/os/0.8/`, no signature (P-ERR-6). */
const UNAUTHENTICATED_PATHS: Record<string, Json> = {
  "/": unauthenticated(
    "getIndex",
    "An index of the API and of the loaded world (consumer keys, never secrets)",
    {
      "200": {
        description: "JSON, or HTML when Accept prefers it (a browser)",
        content: {
          "application/json": { schema: { type: "object" } },
          "text/html": { schema: { type: "string" } },
        },
      },
    },
  ),
  "/openapi.json": unauthenticated("getOpenApi", "This document", {
    "200": {
      description: "The OpenAPI document (schemas/openapi.json of the package)",
      content: { "application/json": { schema: { type: "object" } } },
    },
  }),
  "/healthz": unauthenticated("getHealth", "Whether the store answers, for load balancers", {
    "200": {
      description: "The store answers",
      content: {
        "application/json": {
          schema: {
            type: "object",
            required: ["status"],
            properties: { status: { const: "ok" } },
          },
        },
      },
    },
    "503": {
      description: "The store does not answer",
      content: {
        "application/json": {
          schema: {
            type: "object",
            required: ["status"],
            properties: { status: { const: "unavailable" } },
          },
        },
      },
    },
  }),
};
