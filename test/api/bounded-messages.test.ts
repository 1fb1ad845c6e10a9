/**
 * Bounds on what errors carry: every exported function that takes a kind or a name (a kind, an
 * id, a namespace, a URL, a path), given a 10 MiB argument, answers a message that quotes at
 * most a short prefix of it (src/model/quote.ts), whatever the argument's type — a JavaScript
 * caller can pass anything, such as the bytes meant for `fromAtom`'s second argument. A new such
 * export joins this table: the last test finds them by their parameters' names.
 */
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import * as atom from "../../src/codecs/atom/index.js";
import * as json from "../../src/codecs/json/index.js";
import * as conformance from "../../src/conformance/index.js";
import * as root from "../../src/index.js";
import { KitError } from "../../src/model/kit-error.js";
import { OperationalError } from "../../src/model/operational-error.js";
import { QUOTE_CHARS } from "../../src/model/quote.js";
import * as oauth from "../../src/oauth/index.js";
import * as server from "../../src/server/index.js";

const BIG = "k".repeat(10 * 2 ** 20);
/** `fromAtom(bytes)`: the document passed where the kind goes. */
const BIG_BYTES = Buffer.from(`<feed>${"x".repeat(10 * 2 ** 20)}</feed>`);
/** The longest message accepted: a quoted prefix or two ({@link QUOTE_CHARS} each) and the sentence. */
const MAX_MESSAGE = 1000;

type Call = (arg: never) => unknown;

/** `toAtom`'s options for photos. */
const OWNER = { ownerId: "example.org:alice" };

/** Each export taking a kind or a name, called with `arg` in that place. */
const CALLS: Record<string, Call> = {
  validate: (arg) => root.validate(arg, {}),
  "validate (a member name)": (arg) =>
    root.validate("appdata-record", { [`${String(arg)} `]: "v" }),
  fromJson: (arg) => root.fromJson(arg, "{}"),
  "json/fromJson": (arg) => json.fromJson(arg, "{}"),
  toJson: (arg) => root.toJson(arg, {} as never),
  "json/toJson": (arg) => json.toJson(arg, {} as never),
  fromAtom: (arg) => root.fromAtom(arg, "<feed/>"),
  "atom/fromAtom": (arg) => atom.fromAtom(arg, "<feed/>"),
  // a kind typed never may be photos, whose options the types require (P-FMT-7)
  toAtom: (arg) => root.toAtom(arg, { entry: [] } as never, OWNER),
  "toAtom (not an object)": (arg) => root.toAtom(arg, 1 as never, OWNER),
  "atom/toAtom": (arg) => atom.toAtom(arg, { entry: [] } as never, OWNER),
  isKind: (arg) => root.isKind(arg),
  isAtomKind: (arg) => root.isAtomKind(arg),
  readCaptured: (arg) => root.readCaptured(Buffer.from("{}"), { kind: arg }),
  convertCaptured: (arg) => root.convertCaptured(Buffer.from("{}"), { kind: arg, to: "atom" }),
  "formatPlatformId (namespace)": (arg) => root.formatPlatformId(arg, ""),
  "formatPlatformId (value)": (arg) => root.formatPlatformId(":", arg),
  parsePlatformId: (arg) => root.parsePlatformId(arg),
  isPlatformId: (arg) => root.isPlatformId(arg),
  toUrnGuid: (arg) => root.toUrnGuid(arg),
  fromUrnGuid: (arg) => root.fromUrnGuid(arg),
  isValidKey: (arg) => root.isValidKey(arg),
  "oauth/queryParams": (arg) => oauth.queryParams(new URL(`http://x/?${String(arg)}`)),
  "oauth/baseStringUri": (arg) => oauth.baseStringUri(new URL(`http://x/${String(arg)}`)),
  "oauth/hmacSha1": (arg) => oauth.hmacSha1(arg, "base"),
  "server/publicOrigin": (arg) => server.publicOrigin(arg),
  "server/openStore": (arg) => server.openStore(`/proc/no-such-dir/${String(arg)}`),
  "server/redactUrl": (arg) => server.redactUrl(arg),
  "server/loadWorld": (arg) => server.loadWorld(`/proc/no-such-dir/${String(arg)}`),
  "conformance/isReporterName": (arg) => conformance.isReporterName(arg),
  "conformance/loadTarget": (arg) => conformance.loadTarget(`/proc/no-such-dir/${String(arg)}`),
  "conformance/loadExpectations": (arg) =>
    conformance.loadExpectations(`/proc/no-such-dir/${String(arg)}`),
  "conformance/loadStatements": (arg) =>
    conformance.loadStatements(`/proc/no-such-dir/${String(arg)}`),
  "conformance/loadCases": (arg) => conformance.loadCases([], `/proc/no-such-dir/${String(arg)}`),
  "conformance/checkTarget": (arg) => conformance.checkTarget({ baseUrl: "http://x" }, arg),
  "conformance/resolvePath": (arg) => conformance.resolvePath("http://127.0.0.1:9", arg),
  "conformance/expectationEntry": (arg) => conformance.expectationEntry(arg, arg, arg),
  "conformance/createHttpClient": (arg) => conformance.createHttpClient(arg),
};

/**
 * Every message of ours an answer carries: a `KitError` or `OperationalError` thrown, or issues (with the file they
 * name). Another throw is Node's own error (`loadCases` on a folder that cannot be read), whose
 * words are not the kit's.
 */
function messagesOf(outcome: unknown): string[] {
  if (outcome instanceof KitError || outcome instanceof OperationalError) return [outcome.message];
  if (outcome && typeof outcome === "object" && "issues" in outcome) {
    const issues = (outcome as { issues: { message: string; file?: string }[] }).issues;
    return issues.flatMap((i) => [i.message, ...(i.file === undefined ? [] : [i.file])]);
  }
  if (outcome && typeof outcome === "object" && "reason" in outcome)
    return [String((outcome as { reason: unknown }).reason)];
  return [];
}

function outcomeOf(call: Call, arg: unknown): unknown {
  try {
    return call(arg as never);
  } catch (e) {
    return e;
  }
}

describe("a 10 MiB kind or name gives a bounded message", () => {
  it.each(Object.entries(CALLS))("%s", (_, call) => {
    for (const arg of [BIG, BIG_BYTES]) {
      const messages = messagesOf(outcomeOf(call, arg));
      expect(messages.filter((m) => m.length > MAX_MESSAGE).map((m) => m.slice(0, 80))).toEqual([]);
    }
  });

  it("the message still names a short argument whole, and says what a non-string was", () => {
    expect(messagesOf(root.validate("nope" as never, {}))).toEqual(['unknown kind "nope"']);
    const long = messagesOf(root.fromAtom(BIG as never, ""))[0] ?? "";
    expect(long).toContain(`"${"k".repeat(QUOTE_CHARS)}"`);
    expect(long).toContain(`${BIG.length} characters`);
    expect(messagesOf(root.fromAtom(BIG_BYTES as never, ""))[0]).toContain(
      `${BIG_BYTES.length} bytes`,
    );
  });

  it("the table holds every export with a parameter that takes a kind or a name", () => {
    const NAME_PARAMS =
      /^(kind|name|namespace|id|urn|key|url|location|source|file|dir|path|origin|baseDir|baseUrl)$/;
    const entries = ["index.ts", "codecs/json/index.ts", "codecs/atom/index.ts", "oauth/index.ts"]
      .concat(["server/index.ts", "conformance/index.ts"])
      .map((f) => join(import.meta.dirname, "../../src", f));
    const missing: string[] = [];
    for (const entry of entries) {
      const source = readFileSync(entry, "utf8");
      for (const m of source.matchAll(/export\s+\{([^}]*)\}\s+from\s+"([^"]+)"/g)) {
        const file = join(dirname(entry), (m[2] ?? "").replace(/\.js$/, ".ts"));
        const text = readFileSync(file, "utf8");
        for (const part of (m[1] ?? "").split(",")) {
          const name = part.trim();
          if (!name || name.startsWith("type ")) continue;
          const fn = new RegExp(`export function ${name}\\b(?:<[^(]*>)?\\(([^)]*)\\)`).exec(text);
          const params = (fn?.[1] ?? "").split(",").map((p) => p.trim().split(/[:?= ]/)[0] ?? "");
          if (!params.some((p) => NAME_PARAMS.test(p))) continue;
          if (!Object.keys(CALLS).some((k) => k.replace(/^\w+\//, "").split(" ")[0] === name))
            missing.push(name);
        }
      }
    }
    expect(missing).toEqual([]);
  });
});
