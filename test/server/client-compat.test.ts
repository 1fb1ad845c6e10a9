/**
 * Client compatibility (P-AUTH-4, P-AUTH-6, P-ERR-2, P-DATA-2, P-DATA-5,
 * P-PEOPLE-5): each test sends the exact bytes a deployed client library sends (header order,
 * parameter placement, realm, trailing slash) over a raw socket, and the same request signed with
 * a wrong secret is refused in every signing form.
 */
import { connect } from "node:net";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  bodyHash,
  bodyHashHex,
  formatAuthorizationHeader,
  hmacSha1,
  type OAuthParam,
  percentEncode,
  rawSigningKey,
  signatureBaseString,
  signingKey,
} from "../../src/oauth/index.js";
import { loadWorld, type WorldFile } from "../../src/server/index.js";
import { bundledWorld, type Running, start } from "./harness.js";

/** An app whose secret percent-encodes differently from its raw form (P-AUTH-6 raw key). */
const ODD = { consumerKey: "odd-key", consumerSecret: "p+q/r=s&t u" };
const WRONG = "not-the-secret";

let s: Running;
let host: string;
beforeAll(async () => {
  const file = structuredClone(bundledWorld().file) as WorldFile;
  file.apps.push({ id: "odd", ...ODD });
  file.people.find((p) => p.id === "example.org:alice")?.apps.push("odd");
  const world = loadWorld(file);
  if (!world.ok) throw new Error(JSON.stringify(world.issues));
  s = await start({ world: world.value });
  host = new URL(s.url).host;
});
afterAll(() => s.close());

interface Raw {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  text: string;
}

/** Sends `bytes` on a fresh socket and reads the whole answer (the request says Connection: close or is HTTP/1.0). */
function sendRaw(bytes: string | Buffer): Promise<Raw> {
  const port = Number(new URL(s.url).port);
  return new Promise((resolve, reject) => {
    const sock = connect(port, "127.0.0.1", () => sock.end(bytes));
    const chunks: Buffer[] = [];
    sock.on("data", (d: Buffer) => chunks.push(d));
    sock.on("error", reject);
    sock.on("close", () => {
      const all = Buffer.concat(chunks);
      const split = all.indexOf("\r\n\r\n");
      const head = all.subarray(0, split).toString("latin1").split("\r\n");
      const headers: Record<string, string> = {};
      for (const line of head.slice(1)) {
        const c = line.indexOf(":");
        headers[line.slice(0, c).toLowerCase()] = line.slice(c + 1).trim();
      }
      let body = all.subarray(split + 4);
      if (headers["content-encoding"] === "gzip") body = gunzipSync(body);
      resolve({
        status: Number(head[0]?.split(" ")[1]),
        headers,
        body,
        text: body.toString("utf8"),
      });
    });
  });
}

let nonceCounter = 0;
/** The OAuth protocol parameters a client adds, unsigned. */
function protocol(consumerKey: string, extra: OAuthParam[] = []): OAuthParam[] {
  return [
    ["oauth_consumer_key", consumerKey],
    ["oauth_nonce", `compat${Date.now()}${nonceCounter++}`],
    ["oauth_signature_method", "HMAC-SHA1"],
    ["oauth_timestamp", String(Math.floor(Date.now() / 1000))],
    ["oauth_version", "1.0"],
    ...extra,
  ];
}

/** Signs as a client does: base string over `params`, key from the secret (encoded or raw). */
function signature(
  method: string,
  path: string,
  params: OAuthParam[],
  secret: string,
  key: "encoded" | "raw" = "encoded",
): string {
  const base = signatureBaseString(method, `http://${host}${path}`, params);
  return hmacSha1(key === "raw" ? rawSigningKey(secret) : signingKey(secret), base);
}

const q = (params: OAuthParam[]) =>
  params.map(([n, v]) => `${percentEncode(n)}=${percentEncode(v)}`).join("&");

/** A request line + headers + body, as bytes. */
function http(
  method: string,
  target: string,
  headers: [string, string][],
  body = "",
  version = "1.1",
): string {
  const lines = [`${method} ${target} HTTP/${version}`, ...headers.map(([n, v]) => `${n}: ${v}`)];
  if (body !== "" || method === "POST" || method === "PUT")
    lines.push(`Content-Length: ${Buffer.byteLength(body)}`);
  return `${lines.join("\r\n")}\r\n\r\n${body}`;
}

/**
 * One client shape: builds the bytes signed with `secret`. Each shape is sent once with the right
 * secret (must succeed) and once with a wrong one (must be 400).
 */
type Shape = (secret: string) => string;

const ALICE: OAuthParam = ["xoauth_requestor_id", "example.org:alice"];

/** Header-placed OAuth, requestor in the query, as the Java/Ruby clients send it. */
function headerShape(opts: {
  method?: string;
  path: string;
  query?: OAuthParam[];
  realm?: string;
  app?: { consumerKey: string };
  key?: "encoded" | "raw";
  extraHeaders?: [string, string][];
  version?: string;
  trailingAmp?: boolean;
}): Shape {
  return (secret) => {
    const method = opts.method ?? "GET";
    const query = opts.query ?? [ALICE];
    const oauth = protocol(opts.app?.consumerKey ?? "quiz-key");
    const sig = signature(method, opts.path, [...query, ...oauth], secret, opts.key);
    const auth = formatAuthorizationHeader([...oauth, ["oauth_signature", sig]], opts.realm);
    const target = `${opts.path}?${q(query)}${opts.trailingAmp ? "&" : ""}`;
    return http(
      method,
      target,
      [
        ["Host", host],
        ["Authorization", auth],
        ...(opts.extraHeaders ?? []),
        ["Connection", "close"],
      ],
      "",
      opts.version,
    );
  };
}

/** A write with a body, header-placed OAuth, requestor in the query; `signed` are the body parameters the client signs. */
function bodyShape(opts: {
  method?: string;
  contentType: string;
  body: string;
  signed?: OAuthParam[];
  extraOAuth?: OAuthParam[];
}): Shape {
  return (secret) => {
    const method = opts.method ?? "POST";
    const path = "/os/0.8/appdata/@me/@self/@app";
    const oauth = protocol("quiz-key", opts.extraOAuth);
    const sig = signature(method, path, [ALICE, ...oauth, ...(opts.signed ?? [])], secret);
    return http(
      method,
      `${path}?${q([ALICE])}`,
      [
        ["Host", host],
        ["Authorization", formatAuthorizationHeader([...oauth, ["oauth_signature", sig]])],
        ["Content-Type", opts.contentType],
        ["Connection", "close"],
      ],
      opts.body,
    );
  };
}

async function expectShape(shape: Shape, status = 200): Promise<Raw> {
  const good = await sendRaw(shape("quiz secret+1/é"));
  expect(good.status, good.text).toBe(status);
  const bad = await sendRaw(shape(WRONG));
  expect(bad.status).toBe(400);
  expect(bad.text).not.toContain(WRONG);
  return good;
}

describe("identity and signing as deployed", () => {
  it("bare user value as xoauth_requestor_id and in the path (P-AUTH-4)", async () => {
    const r = await expectShape(
      headerShape({
        path: "/os/0.8/people/alice/@self",
        query: [["xoauth_requestor_id", "alice"]],
      }),
    );
    expect(JSON.parse(r.text).entry.id).toBe("example.org:alice");
  });
  it('OAuth realm="http://…" header', async () => {
    await expectShape(headerShape({ path: "/os/0.8/people/@me/@self", realm: `http://${host}/` }));
  });
  it('OAuth realm="" header', async () => {
    await expectShape(headerShape({ path: "/os/0.8/people/@me/@self", realm: "" }));
  });
  it("every OAuth parameter in the query string (no Authorization header)", async () => {
    await expectShape((secret) => {
      const oauth = protocol("quiz-key");
      const params = [ALICE, ...oauth];
      const sig = signature("GET", "/os/0.8/appdata/@me/@self/@app", params, secret);
      return http(
        "GET",
        `/os/0.8/appdata/@me/@self/@app?${q([...params, ["oauth_signature", sig]])}`,
        [
          ["Host", host],
          ["Connection", "close"],
        ],
      );
    });
  });
  it("the signing key made from the raw secret (P-AUTH-6)", async () => {
    const shape = headerShape({ path: "/os/0.8/people/@me/@self", app: ODD, key: "raw" });
    expect((await sendRaw(shape(ODD.consumerSecret))).status).toBe(200);
    expect(
      (
        await sendRaw(
          headerShape({ path: "/os/0.8/people/@me/@self", app: ODD })(ODD.consumerSecret),
        )
      ).status,
    ).toBe(200);
    expect((await sendRaw(shape(WRONG))).status).toBe(400);
  });
  it("a JSON body signed as one parameter name with an empty value (OpenSocial PHP client)", async () => {
    const body = '{"php":"yes","n":"1+1"}';
    await expectShape(
      bodyShape({ contentType: "application/x-www-form-urlencoded", body, signed: [[body, ""]] }),
    );
    const read = await sendRaw(
      headerShape({ path: "/os/0.8/appdata/@me/@self/@app", query: [ALICE, ["fields", "php,n"]] })(
        "quiz secret+1/é",
      ),
    );
    expect(JSON.parse(read.text).entry["example.org:alice"]).toEqual({ php: "yes", n: "1+1" });
  });
  it.each([
    ["base64", bodyHash],
    ["hex", bodyHashHex],
  ])("oauth_body_hash in %s (P-AUTH-2/6)", async (_, hash) => {
    const body = '{"hashed":"1"}';
    await expectShape(
      bodyShape({
        contentType: "application/json",
        body,
        extraOAuth: [["oauth_body_hash", hash(body)]],
      }),
    );
  });
  it("a form-labelled JSON body signed without body parameters, bound by a hex oauth_body_hash (osapi PHP client, P-AUTH-6 rev. 4)", async () => {
    const body = '{"osapi":"yes","n":"1+1"}';
    const osapi = (extraOAuth: OAuthParam[]) =>
      bodyShape({ contentType: "application/x-www-form-urlencoded", body, extraOAuth });
    await expectShape(osapi([["oauth_body_hash", bodyHashHex(body)]]));
    const read = await sendRaw(
      headerShape({
        path: "/os/0.8/appdata/@me/@self/@app",
        query: [ALICE, ["fields", "osapi,n"]],
      })("quiz secret+1/é"),
    );
    expect(JSON.parse(read.text).entry["example.org:alice"]).toEqual({ osapi: "yes", n: "1+1" });
    // The hash is what binds the body: without it, or with another body's, nothing does.
    expect((await sendRaw(osapi([])("quiz secret+1/é"))).status).toBe(400);
    const other = [["oauth_body_hash", bodyHashHex("{}")]] as OAuthParam[];
    expect((await sendRaw(osapi(other)("quiz secret+1/é"))).status).toBe(400);
  });
  it("a body read as a form must be signed as one, body hash or not (P-AUTH-2)", async () => {
    const body = "formkey=1";
    const shape = bodyShape({
      contentType: "application/x-www-form-urlencoded",
      body,
      extraOAuth: [["oauth_body_hash", bodyHashHex(body)]],
    });
    expect((await sendRaw(shape("quiz secret+1/é"))).status).toBe(400);
  });
  it("a hex body hash of another body is refused", async () => {
    const oauth = protocol("quiz-key", [["oauth_body_hash", bodyHashHex("other")]]);
    const sig = signature(
      "POST",
      "/os/0.8/appdata/@me/@self/@app",
      [ALICE, ...oauth],
      "quiz secret+1/é",
    );
    const r = await sendRaw(
      http(
        "POST",
        `/os/0.8/appdata/@me/@self/@app?${q([ALICE])}`,
        [
          ["Host", host],
          ["Content-Type", "application/json"],
          ["Authorization", formatAuthorizationHeader([...oauth, ["oauth_signature", sig]])],
          ["Connection", "close"],
        ],
        '{"a":"1"}',
      ),
    );
    expect(r.status).toBe(400);
  });
  it("an OAuth parameter repeated identically in header and query (counted once)", async () => {
    await expectShape((secret) => {
      const oauth = protocol("quiz-key");
      const sig = signature("GET", "/os/0.8/people/@me/@self", [ALICE, ...oauth], secret);
      const signed: OAuthParam[] = [...oauth, ["oauth_signature", sig]];
      return http("GET", `/os/0.8/people/@me/@self?${q([ALICE, ...signed])}`, [
        ["Host", host],
        ["Authorization", formatAuthorizationHeader(signed)],
        ["Connection", "close"],
      ]);
    });
  });
  it("a trailing & in the query (P-AUTH-6)", async () => {
    await expectShape(headerShape({ path: "/os/0.8/people/@me/@self", trailingAmp: true }));
  });
  it("HTTP/1.0, with and without Host", async () => {
    const r = await expectShape(headerShape({ path: "/os/0.8/people/@me/@self", version: "1.0" }));
    expect(r.headers["content-length"]).toBeDefined();
    const noHost = (secret: string) =>
      headerShape({ path: "/os/0.8/people/@me/@self", version: "1.0" })(secret).replace(
        `Host: ${host}\r\n`,
        "",
      );
    await expectShape(noHost);
  });
  it("a Content-Type on a bodiless GET and DELETE", async () => {
    await expectShape(
      headerShape({
        path: "/os/0.8/appdata/@me/@self/@app",
        extraHeaders: [["Content-Type", "application/x-www-form-urlencoded"]],
      }),
    );
    await expectShape(
      headerShape({
        method: "DELETE",
        path: "/os/0.8/appdata/@me/@self/@app",
        query: [ALICE, ["fields", "nothing"]],
        extraHeaders: [["Content-Type", "application/json"]],
      }),
    );
  });
  it("Accept-Encoding: gzip compresses; without it, identity (P-ERR-2)", async () => {
    const gz = await expectShape(
      headerShape({
        path: "/os/0.8/people/@me/@self",
        extraHeaders: [["Accept-Encoding", "gzip, deflate"]],
      }),
    );
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(gz.text).entry.id).toBe("example.org:alice");
    const plain = await sendRaw(
      headerShape({ path: "/os/0.8/people/@me/@self" })("quiz secret+1/é"),
    );
    expect(plain.headers["content-encoding"]).toBeUndefined();
  });
});

describe("paths and parameters as deployed", () => {
  it("@all as @friends (P-PEOPLE-5)", async () => {
    const r = await expectShape(
      headerShape({ path: "/os/0.8/people/@me/@all", query: [ALICE, ["count", "2"]] }),
    );
    expect(JSON.parse(r.text).entry).toHaveLength(2);
  });
  it("one trailing slash, signed with the slash (P-ERR-2)", async () => {
    await expectShape(headerShape({ path: "/os/0.8/people/@me/@self/" }));
  });
  it("an empty fields= means all keys (P-DATA-5)", async () => {
    const r = await expectShape(
      headerShape({ path: "/os/0.8/appdata/@me/@self/@app", query: [ALICE, ["fields", ""]] }),
    );
    expect(JSON.parse(r.text).entry["example.org:alice"]).toMatchObject({ score: "10" });
  });
  it("a form-encoded write signed with its parameters (RFC 5849)", async () => {
    const body = "color=blue&size=L";
    await expectShape(
      bodyShape({
        contentType: "application/x-www-form-urlencoded",
        body,
        signed: [
          ["color", "blue"],
          ["size", "L"],
        ],
      }),
    );
  });
  it("PUT as POST (P-DATA-2)", async () => {
    await expectShape(
      bodyShape({ method: "PUT", contentType: "application/json", body: '{"put":"1"}' }),
    );
  });
});

describe("single-friend lookup as deployed (P-PEOPLE-1)", () => {
  it("entry is an object, totalResults 1, no itemsPerPage", async () => {
    const r = await expectShape(headerShape({ path: "/os/0.8/people/@me/@friends/bob" }));
    const body = JSON.parse(r.text);
    expect(body.entry.id).toBe("example.org:bob");
    expect(body.totalResults).toBe(1);
    expect(body).not.toHaveProperty("itemsPerPage");
  });
});
