/**
 * The library bundled into another program: a server author's code importing `opensocial-kit`
 * and `opensocial-kit/oauth`, bundled by esbuild as ESM and as CommonJS, then run from a folder
 * with neither node_modules nor the package's files beside it. Every codec and the OAuth
 * verifier work there: the generated validators import ajv's runtime statically (a bundler sees
 * it) and serve when the schema files cannot be read (src/schemas/registry.ts). Reads the built
 * package (`npm run build`), as a user's bundler does.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build } from "esbuild";
import { afterAll, describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "../..");
const work = mkdtempSync(join(tmpdir(), "osk-bundle-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A server author's script: each line prints what a call gave. */
const SCRIPT = `
import { fromAtom, fromJson, signRequest, toAtom, toJson, validate } from "opensocial-kit";
import { baseStringUri, queryParams, verifySignature } from "opensocial-kit/oauth";
const entry = { id: "example.org:a", displayName: "A", nickname: "a", thumbnailUrl: "http://x/a.png",
  profileUrl: "http://x/a", hasApp: true, isViewer: true, isOwner: true, updated: "2026-01-01T00:00:00Z" };
const page = { entry, startIndex: 0, totalResults: 1 };
const read = fromJson("person", JSON.stringify({ ...page, startIndex: "0" }));
console.log("fromJson lenient", read.ok && read.value.startIndex === 0);
const strict = validate("person", { ...page, startIndex: "0" }, { mode: "strict" });
console.log("validate strict", strict.ok ? "ok" : strict.issues[0].code + " " + strict.issues[0].pointer);
const missing = fromJson("person", JSON.stringify({ entry: { id: "example.org:a" } }));
console.log("fromJson refuses", missing.ok ? "ok" : missing.issues[0].code);
console.log("toJson", JSON.parse(toJson("person", page)).entry.id);
console.log("atom round trip", fromAtom("person", toAtom("person", page)).ok);
const s = signRequest({ method: "GET", url: "http://h/os/0.8/people/@me/@self?x=1",
  consumerKey: "k", consumerSecret: "s", requestorId: "example.org:a" });
const u = new URL(s.url);
const check = (secret) => verifySignature(
  { method: "GET", uri: baseStringUri(u), query: queryParams(u).value, authorization: s.headers.authorization },
  { consumer: () => ({ consumerSecret: secret }) });
console.log("verify", check("s").ok, check("t").ok ? "ok" : check("t").issues[0].code);
`;

const EXPECTED = [
  "fromJson lenient true",
  "validate strict string-rendered /startIndex",
  "fromJson refuses missing-member",
  "toJson example.org:a",
  "atom round trip true",
  "verify true oauth-signature",
];

describe("the library bundled into another program (esbuild)", () => {
  const project = join(work, "project");
  mkdirSync(join(project, "node_modules"), { recursive: true });
  symlinkSync(ROOT, join(project, "node_modules", "opensocial-kit"), "dir");
  writeFileSync(join(project, "server.mjs"), SCRIPT);

  it.each(["esm", "cjs"] as const)("as %s, run where no package file is", async (format) => {
    const out = join(work, `run-${format}`); // no node_modules, no package.json above it
    const file = join(out, format === "esm" ? "server.mjs" : "server.cjs");
    await build({
      entryPoints: [join(project, "server.mjs")],
      outfile: file,
      bundle: true,
      platform: "node",
      format,
      target: "node20",
      logLevel: "silent",
    });
    const printed = execFileSync(process.execPath, [file], { cwd: out, encoding: "utf8" });
    expect(printed.trim().split("\n")).toEqual(EXPECTED);
  });
});
