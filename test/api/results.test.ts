/**
 * One result convention, held for every function of the public API (the names of
 * test/api/exports.json, so a new export cannot be left out): a function that can fail on its
 * input returns `{ ok: false, issues }` on bad input (never throws, never a bare list), each issue
 * a coded record with a pointer and a message, and has its bad input in FALLIBLE; any other says
 * in NOT_FALLIBLE why it is not (a predicate, a writer or signer that throws a `KitError` for a
 * value its caller composed, a server setting that is an `OperationalError`, the words for a
 * record). A function whose declared return type is a `Result` can only be FALLIBLE.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import * as atom from "../../src/codecs/atom/index.js";
import * as json from "../../src/codecs/json/index.js";
import { loadFuzzWorld } from "../../src/conformance/fuzz/world.js";
import type { Target } from "../../src/conformance/index.js";
import * as conformance from "../../src/conformance/index.js";
import { loadWorldFacts } from "../../src/conformance/suite/world-facts.js";
import * as root from "../../src/index.js";
import * as oauth from "../../src/oauth/index.js";
import * as server from "../../src/server/index.js";
import { declarationOf, declaredReturn, entryOf } from "./declarations.js";

const PINNED = JSON.parse(
  readFileSync(join(import.meta.dirname, "exports.json"), "utf8"),
) as Record<string, string[]>;
/** Each code subpath's module, loaded. */
const MODULES: Record<string, Record<string, unknown>> = {
  ".": root,
  "./json": json,
  "./atom": atom,
  "./oauth": oauth,
  "./server": server,
  "./conformance": conformance,
};

const bad = new TextEncoder().encode("<feed><!DOCTYPE x></feed>");

/** A suite folder with one case file that is not JSON, and a world file without its lists. */
const dir = mkdtempSync(join(tmpdir(), "osk-results-"));
writeFileSync(join(dir, "case.schema.json"), "{}");
mkdirSync(join(dir, "cases"));
writeFileSync(join(dir, "cases", "x.json"), "{");
writeFileSync(join(dir, "world.json"), '{"people": {}}');
const target: Target = {
  baseUrl: "http://127.0.0.1:9",
  apps: { main: { consumerKey: "k", consumerSecret: "s" } },
  users: { viewer: "example.org:alice" },
  world: join(dir, "world.json"),
};
const { world: _world, ...withoutWorld } = target;
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * Each fallible export (`name`, or `subpath/name` outside the root), with calls on bad input.
 */
const FALLIBLE: Record<string, (() => unknown)[]> = {
  validate: [
    () => root.validate("albums", { entry: 3 }),
    () => root.validate("nope" as "albums", {}),
  ],
  fromJson: [() => root.fromJson("nope" as "albums", "{}"), () => root.fromJson("albums", "{")],
  "json/fromJson": [() => json.fromJson("people", "[")],
  fromAtom: [() => root.fromAtom("appdata", "<feed")],
  "atom/fromAtom": [() => atom.fromAtom("people", "<!DOCTYPE x><feed/>")],
  readCaptured: [() => root.readCaptured(bad, { kind: "appdata" })],
  convertCaptured: [() => root.convertCaptured(bad, { kind: "appdata", to: "json" })],
  "oauth/queryParams": [() => oauth.queryParams(new URL("http://x/?a=%ZZ"))],
  "oauth/formParams": [() => oauth.formParams("a=1&b=%E9")],
  "oauth/verifySignature": [
    () =>
      oauth.verifySignature(
        { method: "GET", uri: "http://x/", query: [], authorization: "OAuth a=1" },
        { consumer: () => undefined },
      ),
    () =>
      oauth.verifySignature(
        { method: "GET", uri: "http://x/", query: [] },
        { consumer: () => undefined },
      ),
  ],
  "oauth/parseAuthorizationHeader": [
    () => oauth.parseAuthorizationHeader("Basic abc"),
    () => oauth.parseAuthorizationHeader('OAuth a="%ZZ"'),
  ],
  "server/loadWorld": [() => server.loadWorld({ people: 1 })],
  "server/openStore": [() => server.openStore("/proc/no-such-dir/x.sqlite")],
  "conformance/loadCases": [() => conformance.loadCases([], dir)],
  "conformance/loadTarget": [() => conformance.loadTarget(join(dir, "no-such-target.json"))],
  "conformance/checkTarget": [() => conformance.checkTarget({ baseUrl: 1 }, dir)],
  "conformance/loadStatements": [() => conformance.loadStatements(dir)],
  "conformance/loadExpectations": [
    () => conformance.loadExpectations(join(dir, "cases", "x.json")),
  ],
  "conformance/sendOne": [
    () => conformance.sendOne(target, { method: "GET", path: "x", as: "friend" }),
  ],
};

/** Fallible functions the CLI uses that the public API does not export. */
const INTERNAL: Record<string, () => unknown> = {
  loadWorldFacts: () => loadWorldFacts(target),
  "loadWorldFacts (no world)": () => loadWorldFacts(withoutWorld),
  loadFuzzWorld: () => loadFuzzWorld(target),
};

const PREDICATE = "a predicate: true or false for any value";
const WRITER =
  "a writer or signer: a value of its types it cannot write is the caller's mistake, a KitError";
const TOTAL = "total: every value of its parameter types has an answer";
const WORDS = "words for a record the kit made";
const OPERATIONAL = "a server and its settings: an unusable setting is an OperationalError";
const MEMBERSHIP =
  "a membership test that also gives the parts: undefined for a string that is not one";

/** Why each other export cannot fail on its input. */
const NOT_FALLIBLE: Record<string, string> = {
  acceptSelectsAtom: PREDICATE,
  compileSchemas: "compiles the bundled schemas: a schema that does not compile is a KitError",
  formatPlatformId: WRITER,
  fromUrnGuid: MEMBERSHIP,
  isAtomKind: PREDICATE,
  isKind: PREDICATE,
  isPlatformId: PREDICATE,
  isValidKey: PREDICATE,
  isValidValue: PREDICATE,
  isXmlText: PREDICATE,
  parsePlatformId: MEMBERSHIP,
  signRequest: WRITER,
  toAtom: WRITER,
  toJson: WRITER,
  toUrnGuid: TOTAL,
  "json/toJson": WRITER,
  "atom/isAtomKind": PREDICATE,
  "atom/toAtom": WRITER,
  "oauth/baseStringUri": TOTAL,
  "oauth/bodyHash": TOTAL,
  "oauth/bodyHashHex": TOTAL,
  "oauth/formatAuthorizationHeader": WRITER,
  "oauth/hmacSha1": TOTAL,
  "oauth/normaliseParameters": WRITER,
  "oauth/percentEncode": WRITER,
  "oauth/rawSigningKey": TOTAL,
  "oauth/signRequest": WRITER,
  "oauth/signatureBaseString": WRITER,
  "oauth/signaturesEqual": TOTAL,
  "oauth/signingKey": WRITER,
  "server/createServer": OPERATIONAL,
  "server/generateWorld": "generates from a seed: options out of range are a KitError",
  "server/jsonLinesLog": TOTAL,
  "server/memoryStore": TOTAL,
  "server/publicOrigin": OPERATIONAL,
  "server/redactUrl": TOTAL,
  "conformance/abortText": WORDS,
  "conformance/caseMessage": WORDS,
  "conformance/checkText": WORDS,
  "conformance/clauseCoverage": TOTAL,
  "conformance/createHttpClient":
    "a client: each exchange's failure is a record (TransportError), never a throw",
  "conformance/createProgress": TOTAL,
  "conformance/curlLine": TOTAL,
  "conformance/expectationEntry": TOTAL,
  "conformance/findingText": WORDS,
  "conformance/isReporterName": PREDICATE,
  "conformance/isRunAbort": PREDICATE,
  "conformance/issueText": WORDS,
  "conformance/redact": TOTAL,
  "conformance/resolvePath": TOTAL,
  "conformance/runSuite":
    "runs the suite: input it cannot use is a RunAbort record (abort: input, with its issues)",
  "conformance/skipText": WORDS,
  "conformance/smokeRefusalText": WORDS,
  "conformance/staleText": WORDS,
  "conformance/statementTexts": TOTAL,
  "conformance/stepFailureText": WORDS,
  "conformance/stepLabel": WORDS,
  "conformance/transportText": WORDS,
};

/** `name` as the tables key it: bare for the root, `subpath/name` for the others. */
const keyOf = (subpath: string, name: string): string =>
  subpath === "." ? name : `${subpath.slice(2)}/${name}`;

/** Every function (not class) the public API exports, by its key and subpath. */
function exportedFunctions(): { key: string; subpath: string; name: string }[] {
  return Object.entries(PINNED).flatMap(([subpath, names]) =>
    names
      .filter((name) => {
        const v = MODULES[subpath]?.[name];
        return typeof v === "function" && !/^class\s/.test(Function.prototype.toString.call(v));
      })
      .map((name) => ({ key: keyOf(subpath, name), subpath, name })),
  );
}

describe("the public API's functions", () => {
  const functions = exportedFunctions();

  it("are each placed: fallible with its bad input, or why not (no more, no fewer)", () => {
    expect(functions.length).toBeGreaterThan(50);
    const keys = functions.map((f) => f.key).sort();
    const placed = [...Object.keys(FALLIBLE), ...Object.keys(NOT_FALLIBLE)].sort();
    expect(placed).toEqual(keys);
  });

  it("returning a Result are fallible", () => {
    const results = functions
      .filter((f) => {
        const d = declarationOf(entryOf(f.subpath), f.name);
        return /\bResult</.test((d && declaredReturn(d)) ?? "");
      })
      .map((f) => f.key);
    expect(results.length).toBeGreaterThan(10);
    expect(results.filter((k) => !Object.hasOwn(FALLIBLE, k))).toEqual([]);
  });

  it("reads a declared return type through the re-exports", () => {
    const returns = (subpath: string, name: string) => {
      const d = declarationOf(entryOf(subpath), name);
      return d && declaredReturn(d);
    };
    expect(returns(".", "validate")).toBe("Result<KindValue<K>>");
    expect(returns("./oauth", "percentEncode")).toBe("string");
  });
});

describe("Result on bad input", () => {
  const calls = [
    ...Object.entries(FALLIBLE).flatMap(([key, list]) =>
      list.map((call, i) => [`${key}${list.length > 1 ? ` #${i + 1}` : ""}`, call] as const),
    ),
    ...Object.entries(INTERNAL),
  ];
  it.each(calls)("%s", async (_name, call) => {
    const r = (await call()) as { ok: boolean; issues?: unknown };
    expect(r.ok).toBe(false);
    expect(Array.isArray(r.issues) && r.issues.length > 0).toBe(true);
    for (const i of r.issues as { code: string; pointer: string; message: string }[]) {
      expect(root.ISSUE_CODES).toContain(i.code);
      expect(typeof i.pointer).toBe("string");
      expect(i.message.length).toBeGreaterThan(0);
    }
  });
});
