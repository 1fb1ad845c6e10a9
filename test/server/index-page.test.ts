/**
 * `GET /`: an unauthenticated index of the API and the world, JSON for curl and HTML (with its
 * own small stylesheet) for a browser, never a secret, pointing only to documents a user has
 * (the OpenAPI document served at `/openapi.json`, the README the package ships); only the exact
 * path `/`, the API itself still requires a signature (social-api.md §5, P-AUTH-1).
 */
import { readFileSync } from "node:fs";
import { get } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { escapeHtml, prefersHtml } from "../../src/server/index-page.js";
import { APPS, call, type Running, start } from "./harness.js";

let s: Running;
beforeAll(async () => {
  s = await start();
});
afterAll(() => s.close());

describe("GET /", () => {
  it("answers a JSON index with the operations, the apps' consumer keys and the people, no secret", async () => {
    const a = await call(s.url, { path: "/", unsigned: true });
    expect(a.status).toBe(200);
    expect(a.headers.get("content-type")).toBe("application/json; charset=utf-8");
    const doc = a.json as {
      api: string;
      operations: { method: string; path: string }[];
      world: { apps: { id: string; consumerKey: string }[]; people: { id: string }[] };
    };
    expect(doc.api).toBe("/os/0.8/");
    expect(doc.operations.map((o) => `${o.method} ${o.path}`)).toContain(
      "POST /os/0.8/appdata/{guid}/@self/@app",
    );
    expect(doc.world.apps).toEqual([
      { id: "quiz", consumerKey: "quiz-key" },
      { id: "notes", consumerKey: "notes-key" },
    ]);
    expect(doc.world.people.map((p) => p.id)).toContain("example.org:dave");
    for (const app of Object.values(APPS)) expect(a.text).not.toContain(app.consumerSecret);
    expect(a.text).toMatch(/opensocial-kit request GET/);
    expect(a.headers.get("vary")).toBe("Accept, Accept-Encoding");
  });

  it("answers HTML to a browser's Accept, escaped, without secrets", async () => {
    const a = await call(s.url, {
      path: "/",
      unsigned: true,
      headers: { accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8" },
    });
    expect(a.status).toBe(200);
    expect(a.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(a.text).toMatch(/^<!doctype html>/);
    expect(a.text).toContain("<code>quiz-key</code>");
    for (const app of Object.values(APPS)) expect(a.text).not.toContain(app.consumerSecret);
  });

  it("HEAD / gets GET's headers and no body; a query is ignored", async () => {
    const get = await call(s.url, { path: "/?x=1", unsigned: true });
    const head = await call(s.url, { method: "HEAD", path: "/", unsigned: true });
    expect(get.status).toBe(200);
    expect(head.status).toBe(200);
    expect(head.text).toBe("");
    expect(head.headers.get("content-length")).toBe(get.headers.get("content-length"));
  });

  it("only the exact path / and GET/HEAD skip authentication", async () => {
    for (const [method, path] of [
      ["GET", "/os/0.8/"],
      ["GET", "/index.html"],
      ["GET", "//"],
      ["POST", "/"],
      ["DELETE", "/"],
      ["GET", "/os/0.8/people/@me/@self"],
    ] as const) {
      const a = await call(s.url, { method, path, unsigned: true });
      expect(a.status, `${method} ${path}`).toBe(400);
      expect(a.text).toMatch(/authentication|OAuth/i);
    }
  });
});

describe("Accept negotiation", () => {
  it.each([
    [undefined, false],
    ["*/*", false],
    ["application/json", false],
    ["text/html", true],
    ["text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8", true],
    ["application/json, text/html;q=0.5", false],
    ["text/*;q=0.9, application/json;q=0.2", true],
    ["text/html;q=0, */*", false],
  ])("%s → HTML %s", (accept, html) => {
    expect(prefersHtml(accept)).toBe(html);
  });
});

describe("the index's content", () => {
  it("JSON: the name, the formats and where the documentation is", async () => {
    const doc = (await call(s.url, { path: "/", unsigned: true })).json as Record<string, unknown>;
    expect(doc).toMatchObject({
      name: "opensocial-kit reference server",
      formats: "JSON by default; ?format=atom for Atom (P-FMT-1)",
      openapi: "/openapi.json",
    });
    expect(String(doc.docs)).toMatch(/README\.md/);
  });

  it("names only documents a user has: files the package ships, or paths this server serves", async () => {
    const pkg = JSON.parse(readFileSync("package.json", "utf8")) as { files: string[] };
    const shipped = (f: string) =>
      ["README.md", "package.json", "LICENSE"].includes(f) ||
      pkg.files.some((d) => f === d || f.startsWith(`${d}/`));
    for (const accept of ["application/json", "text/html"]) {
      const text = (await call(s.url, { path: "/", unsigned: true, headers: { accept } })).text;
      const files = text.match(/[A-Za-z0-9_./-]+\.(?:md|json|ts|yml)\b/g) ?? [];
      // social-api.md and profile.md name the specification the API follows, not a file to open
      const named = files.filter(
        (x) =>
          !x.startsWith("/") && !x.includes("example.org") && !/^(social-api|profile)\.md$/.test(x),
      );
      for (const f of named) expect(shipped(f), `${accept}: ${f}`).toBe(true);
    }
  });

  it("HTML: a small stylesheet of its own, and a link to the OpenAPI document", async () => {
    const html = (
      await call(s.url, { path: "/", unsigned: true, headers: { accept: "text/html" } })
    ).text;
    expect(html).toMatch(/<style>body\{[^<]+<\/style>/);
    expect(html).toContain('<a href="/openapi.json">');
    expect(html).not.toMatch(/<link|<script|src=/);
  });

  it("HTML: one table row per operation, one list item per app and person, each escaped", async () => {
    const json = (await call(s.url, { path: "/", unsigned: true })).json as {
      operations: { method: string; path: string; section: string; summary: string }[];
    };
    const html = (
      await call(s.url, { path: "/", unsigned: true, headers: { accept: "text/html" } })
    ).text;
    const e = escapeHtml;
    const rows = json.operations.map(
      (o) =>
        `<tr><td>${e(o.method)}</td><td><code>${e(o.path)}</code></td><td>${e(o.section)} ${e(o.summary)}</td></tr>`,
    );
    expect(html).toContain(`<tbody>${rows.join("")}</tbody></table>`);
    expect(html).toContain(
      "<ul><li>quiz: consumer key <code>quiz-key</code></li><li>notes: consumer key <code>notes-key</code></li></ul>",
    );
    expect(html).toMatch(
      /<li><code>example\.org:alice<\/code> [^<]+ \(apps: quiz, notes\)<\/li><li>/,
    );
    expect(html).toMatch(/<li><code>example\.org:carol<\/code> [^<]+ \(apps: none\)<\/li>/);
  });

  it("escapeHtml escapes the five characters of markup", () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe(
      "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;",
    );
  });
});

describe("GET /openapi.json", () => {
  it("answers the shipped OpenAPI document without a signature (outside /os/0.8/, P-ERR-6); HEAD too", async () => {
    const a = await call(s.url, { path: "/openapi.json", unsigned: true });
    expect(a.status).toBe(200);
    expect(a.headers.get("content-type")).toBe("application/json; charset=utf-8");
    const shipped = JSON.parse(readFileSync("schemas/openapi.json", "utf8")) as {
      servers: { url: string }[];
    };
    // the shipped document but for its server URL: the origin this server was reached at
    expect(shipped.servers[0]?.url).toBe("http://127.0.0.1:8080");
    expect(a.json).toEqual({
      ...shipped,
      servers: [{ ...shipped.servers[0], url: s.url.replace(/\/$/, "") }],
    });
    const head = await call(s.url, { method: "HEAD", path: "/openapi.json", unsigned: true });
    expect(head.status).toBe(200);
    expect(head.text).toBe("");
  });

  it.each([
    ["a Host naming another address", { host: "sandbox.test:9000" }, "http://sandbox.test:9000"],
    ["a bracketed IPv6 Host", { host: "[::1]:4000" }, "http://[::1]:4000"],
    ["a Host that is not a plain host and port", { host: 'x"y' }, "http://127.0.0.1:8080"],
  ])("its server URL follows the request: %s", async (_n, headers, url) => {
    // node:http, since fetch sets Host itself
    const text = await new Promise<string>((resolve, reject) => {
      get(`${s.url}/openapi.json`, { headers }, (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (c: string) => {
          body += c;
        });
        res.on("end", () => resolve(body));
      }).on("error", reject);
    });
    expect((JSON.parse(text) as { servers: { url: string }[] }).servers[0]?.url).toBe(url);
  });

  it("its server URL is the public URL when one is set (P-AUTH-7)", async () => {
    const behind = await start({ publicUrl: "https://social.example" });
    try {
      const a = await call(behind.url, { path: "/openapi.json", unsigned: true });
      expect((a.json as { servers: { url: string }[] }).servers[0]?.url).toBe(
        "https://social.example",
      );
    } finally {
      await behind.close();
    }
  });

  it("other methods there are not exempt from authentication", async () => {
    const a = await call(s.url, { method: "POST", path: "/openapi.json", unsigned: true });
    expect(a.status).toBe(400);
  });
});
