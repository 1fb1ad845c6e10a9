/**
 * The curl line of a request whose body is not UTF-8 (appdata-write/invalid-utf8-400,
 * form-raw-invalid-utf8-400, errors/no-500-garbage-body) sends the body's bytes exactly: run by
 * /bin/sh against a server that echoes what it got, the bytes match the case's. The report's
 * text of such a body holds U+FFFD, which a line built from it would send as valid UTF-8.
 */
import { execFile } from "node:child_process";
import { createServer, type Server } from "node:http";
import { promisify } from "node:util";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { curlLine } from "../../../src/conformance/request/curl.js";
import { buildRequest } from "../../../src/conformance/request/request-build.js";
import { escapeUnsafe } from "../../../src/conformance/request/unsafe-text.js";

const run = promisify(execFile);
let server: Server;
let origin = "";
beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => res.end(Buffer.concat(chunks).toString("hex")));
  });
  await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
  const a = server.address();
  origin = `http://127.0.0.1:${typeof a === "object" && a ? a.port : 0}`;
});
afterAll(() => new Promise<void>((ok) => server.close(() => ok())));

/** The curl line of a POST of `body` (the case's body form). */
function lineOf(
  body: { base64: string; contentType: string } | { text: string; contentType: string },
) {
  const built = buildRequest(
    { method: "POST", path: "/os/0.8/appdata/{viewer}/@self/@app", body },
    {
      users: { viewer: "example.org:alice" },
      namespace: "example.org",
      unique: "t1",
      captures: new Map(),
    },
    { origin, apps: { main: { consumerKey: "k", consumerSecret: "s" } }, now: () => 1_700_000_000 },
  );
  if (!built.ok) throw new Error(built.problem.code);
  return curlLine(built.value.sent, ["s"]);
}

/** What the server got from `line`, in hex. */
async function sentBy(line: string): Promise<string> {
  // the line signs the request afresh with the secret it is given (curl-resign.test.ts)
  const { stdout } = await run("/bin/sh", ["-c", line], {
    env: { ...process.env, OSK_CONSUMER_SECRET: "s" },
  });
  return stdout.split(/\r?\n\r?\n/).at(-1) ?? "";
}

/** What the server got from the curl line of a POST of `bytes`, in hex. */
function received(bytes: Buffer, contentType: string): Promise<string> {
  return sentBy(lineOf({ base64: bytes.toString("base64"), contentType }));
}

describe("the curl line of a body that is not UTF-8", () => {
  it.each([
    ["eyJrIjoi/yJ9", "application/json"],
    ["az3/", "application/x-www-form-urlencoded"],
    ["AAECAwQF/w==", "application/json"],
    // A leading "-" would be read by printf as an option (fast-check found [0x2d, 0x00, 0xff]).
    ["LQD/", "application/octet-stream"],
  ])("sends the case's bytes (%s) exactly", async (b64, type) => {
    const bytes = Buffer.from(b64, "base64");
    expect(await received(bytes, type)).toBe(bytes.toString("hex"));
  });

  it("sends any bytes exactly, %, \\ and quotes included", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc
          .uint8Array({ minLength: 1, maxLength: 64 })
          .map((a) => Buffer.concat([Buffer.from(a), Buffer.from([0xff])])),
        async (bytes) => {
          expect(await received(bytes, "application/octet-stream")).toBe(bytes.toString("hex"));
        },
      ),
      { numRuns: 25 },
    );
  }, 60_000);
});

describe("the curl line of a text body a report would escape", () => {
  /** Text holding a character the console and TAP escape (unsafe-text.ts): a line break first. */
  const escaped = fc
    .tuple(
      fc.string({ unit: "grapheme", maxLength: 20 }),
      fc.constantFrom("\n", "\r\n", "\u0000", "\u001b[31m", "\u0085", "\u2028", "\u202e", "\ufeff"),
      fc.string({ unit: "grapheme", maxLength: 20 }),
    )
    .map((parts) => parts.join(""));

  it("is one line the console shows as it is, and sends the body's bytes exactly", async () => {
    await fc.assert(
      fc.asyncProperty(escaped, async (text) => {
        const line = lineOf({ text, contentType: "application/json" });
        expect(escapeUnsafe(line)).toBe(line);
        expect(await sentBy(line)).toBe(Buffer.from(text, "utf8").toString("hex"));
      }),
      { numRuns: 25 },
    );
  }, 60_000);
});

describe("the curl line of a filled body (a case's bytes body)", () => {
  it.each([8, 2001, 70_000])(
    "%i bytes: the line writes the head, the repeated byte and the tail exactly",
    async (bytes) => {
      const built = buildRequest(
        { method: "POST", path: "/os/0.8/appdata/{viewer}/@self/@app", body: { bytes } },
        {
          users: { viewer: "example.org:alice" },
          namespace: "example.org",
          unique: "t1",
          captures: new Map(),
        },
        {
          origin,
          apps: { main: { consumerKey: "k", consumerSecret: "s" } },
          now: () => 1_700_000_000,
        },
      );
      if (!built.ok) throw new Error(built.problem.code);
      const want = `{"k":"${"x".repeat(bytes - 8)}"}`;
      expect(await sentBy(curlLine(built.value.sent, ["s"]))).toBe(
        Buffer.from(want).toString("hex"),
      );
    },
  );
});
