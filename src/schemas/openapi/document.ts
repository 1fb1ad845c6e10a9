/**
 * The OpenAPI 3.1 document of the whole API (issue 11 item 1): every operation of
 * social-api.md §4 with HEAD (P-ERR-2), the PUT alias (P-DATA-2) and `@all` (P-PEOPLE-5), the
 * query parameters, JSON and form request bodies, every status the profile gives with the
 * P-ERR-1 error body, JSON and Atom answers, and the two-legged OAuth 1.0a scheme (P-AUTH-1..7),
 * which OpenAPI has no type for: it is described in a security scheme and `x-oauth1`.
 * `schemas/openapi.json` is this document, written by `opensocial-kit openapi --out`.
 */
import { schemaComponents } from "./components.js";

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
};

function errors(statuses: number[]): Json {
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
  filterBy: param(
    "filterBy",
    "query",
    "`hasApp` keeps friends that have the application (§4.6, P-PEOPLE-2)",
    {
      type: "string",
      enum: ["hasApp"],
    },
  ),
  visibility: param("visibility", "query", "`all`: every album the viewer may see (P-ALBUM-1)", {
    type: "string",
    enum: ["all"],
  }),
};

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

function read(
  id: string,
  summary: string,
  params: Json[],
  schema: string,
  description: string,
  statuses: number[],
): Json {
  return {
    get: {
      operationId: id,
      summary,
      parameters: params,
      responses: { ...ok(schema, description), ...errors(statuses) },
    },
    head: {
      operationId: `${id}Head`,
      summary: `${summary} (headers only)`,
      parameters: params,
      responses: { ...HEAD_OK, ...errors(statuses) },
    },
  };
}

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
          maxProperties: 99,
        },
      },
    },
  };
}

const READ_ERRORS = [400, 403, 404, 405, 414, 431];
const WRITE_ERRORS = [400, 403, 404, 405, 413, 414, 431];

/** The whole OpenAPI 3.1 document. */
export function openApiDocument(version: string): Json {
  const common = [P.format, P.requestor];
  const paging = [P.startIndex, P.count];
  const appdataWrite = (id: string, summary: string): Json => ({
    operationId: id,
    summary,
    parameters: [P.guid, ...common],
    requestBody: writeBody(),
    responses: { ...EMPTY_OK, ...errors(WRITE_ERRORS) },
  });
  return {
    openapi: "3.1.0",
    info: {
      title: "Social platform REST API (social-api.md with profile.md revision 5)",
      version,
      description:
        "Albums, photos, per-user application data, people and friends under /os/0.8/. Generated by opensocial-kit from its JSON Schemas (`opensocial-kit openapi`); the statements it cites are social-api.md sections (§) and profile.md decisions (P-…).",
      license: { name: "MIT", identifier: "MIT" },
    },
    servers: [
      {
        url: "http://127.0.0.1:8080",
        description: "The reference server (`opensocial-kit serve`)",
      },
    ],
    security: [{ oauth1TwoLegged: [] }],
    tags: [
      { name: "people", description: "People and friends (§4.6)" },
      { name: "albums", description: "Albums and photos (§4.1, §4.2)" },
      { name: "appdata", description: "Application data (§4.3–4.5)" },
    ],
    paths: {
      "/os/0.8/people/{guid}/{selector}": withTag(
        "people",
        read(
          "getPeople",
          "A person (@self) or their friends (@friends, @all)",
          [P.guid, P.peopleSelector, ...common, P.fields, ...paging, P.filterBy],
          "people",
          "The person (@self: entry is one person) or the friends (entry is an array, with itemsPerPage)",
          READ_ERRORS,
        ),
      ),
      "/os/0.8/people/{guid}/{selector}/{pid}": withTag(
        "people",
        read(
          "getFriend",
          "One friend (P-PEOPLE-1)",
          [P.guid, P.groupSelector, P.pid, ...common, P.fields],
          "people-self",
          "The friend: entry is one person, no itemsPerPage",
          READ_ERRORS,
        ),
      ),
      "/os/0.8/albums/{guid}/@self": withTag(
        "albums",
        read(
          "getAlbums",
          "A user's albums (§4.1)",
          [P.guid, ...common, ...paging, P.visibility],
          "album-list",
          "The albums, by id (P-PAGE-3)",
          READ_ERRORS,
        ),
      ),
      "/os/0.8/mediaitems/{guid}/@self/{albumId}": withTag(
        "albums",
        read(
          "getPhotos",
          "The photos of an album (§4.2)",
          [P.guid, P.albumId, ...common, ...paging],
          "photo-list",
          "The photos, by id (P-PAGE-3)",
          READ_ERRORS,
        ),
      ),
      "/os/0.8/appdata/{guid}/{selector}/@app": withTag(
        "appdata",
        read(
          "getAppData",
          "Application data of a user (@self) or of their friends (@friends: read-only, a write method there is 405)",
          [P.guid, P.appdataSelector, ...common, P.fields],
          "appdata",
          "The data, by user (P-DATA-5: users without data are left out)",
          READ_ERRORS,
        ),
      ),
      "/os/0.8/appdata/{guid}/@self/@app": withTag("appdata", {
        post: appdataWrite("writeAppData", "Write (merge) key/value pairs (§4.4, P-DATA-4)"),
        put: appdataWrite("writeAppDataPut", "PUT: the alias of POST (P-DATA-2)"),
        delete: {
          operationId: "deleteAppData",
          summary: "Delete the listed keys, or all (§4.5, P-DATA-5)",
          parameters: [P.guid, ...common, P.fields],
          responses: { ...EMPTY_OK, ...errors([400, 403, 404, 405, 414, 431]) },
        },
      }),
    },
    components: {
      schemas: schemaComponents(),
      securitySchemes: {
        oauth1TwoLegged: {
          type: "apiKey",
          in: "header",
          name: "Authorization",
          description:
            "Two-legged OAuth 1.0a (RFC 5849), HMAC-SHA1, no token (P-AUTH-1): the consumer key names the application, `xoauth_requestor_id` the viewer. Parameters go in `Authorization: OAuth …` or the query (P-AUTH-2); query and form-body parameters are signed, a JSON body is not; an `oauth_body_hash` is checked whenever present, whatever the body's type; `+` in the query is a space. Timestamps within 300 s; a (consumer key, nonce) pair once; a protocol parameter given twice with two values, or a non-empty `oauth_token`, is refused (an empty one is ignored) (P-AUTH-3). Failures answer 400 with the P-ERR-1 body. OpenAPI has no OAuth 1 type: this scheme is documented as a header, and `x-oauth1` carries the parameters.",
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
      },
    },
  };
}

/** Tags every operation of a path item. */
function withTag(tag: string, item: Json): Json {
  const out: Json = {};
  for (const [method, op] of Object.entries(item)) out[method] = { tags: [tag], ...(op as Json) };
  return out;
}
