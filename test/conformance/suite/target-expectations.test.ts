import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  checkTarget,
  expectationEntry,
  loadExpectations,
  loadTarget,
} from "../../../src/conformance/index.js";
import { skipText } from "../../../src/conformance/reporters/failure-text.js";
import { issueText } from "../../../src/conformance/reporters/issue-text.js";
import type { CaseSpec } from "../../../src/conformance/suite/expand-steps.js";
import { selectCases } from "../../../src/conformance/suite/selection.js";

const dir = mkdtempSync(join(tmpdir(), "osk-target-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const apps = { main: { consumerKey: "k", consumerSecret: "s" } };

describe("target files", () => {
  it("loads the bundled target and resolves the world beside it", () => {
    const r = loadTarget(new URL("../../../fixtures/target.json", import.meta.url).pathname);
    expect(r.ok).toBe(true);
    if (r.ok) {
      expect(r.value.users.viewer).toBe("example.org:alice");
      expect(r.value.world).toMatch(/fixtures\/world\.json$/);
    }
  });
  it("reads a target file an editor saved with a byte order mark (RFC 8259 §8.1 lets a parser ignore it)", () => {
    const file = join(dir, "bom-target.json");
    const target = { baseUrl: "http://h:1", apps, users: { viewer: "ns:a" } };
    writeFileSync(file, `\ufeff${JSON.stringify(target)}`);
    const r = loadTarget(file);
    expect(r.ok && r.value.users.viewer).toBe("ns:a");
  });
  it('reads a credential written { "env": NAME } from the environment, so a committed file holds no secret', () => {
    const fromEnv = {
      main: { consumerKey: "k", consumerSecret: { env: "OSK_MAIN_SECRET" } },
      other: { consumerKey: { env: "OSK_OTHER_KEY" }, consumerSecret: "s2" },
    };
    const target = { baseUrl: "http://h:1", apps: fromEnv, users: { viewer: "ns:a" } };
    const r = checkTarget(target, dir, { OSK_MAIN_SECRET: "s3cr3t", OSK_OTHER_KEY: "k2" });
    expect(r.ok && r.value.apps).toEqual({
      main: { consumerKey: "k", consumerSecret: "s3cr3t" },
      other: { consumerKey: "k2", consumerSecret: "s2" },
    });
    const file = join(dir, "env-target.json");
    writeFileSync(file, JSON.stringify(target));
    const loaded = loadTarget(file, { OSK_MAIN_SECRET: "s3cr3t", OSK_OTHER_KEY: "k2" });
    expect(loaded.ok && loaded.value.apps.main.consumerSecret).toBe("s3cr3t");
    // unset (or empty): named, with the member that needs it, never a guessed value
    const unset = checkTarget(target, dir, { OSK_OTHER_KEY: "k2", OSK_MAIN_SECRET: "" });
    expect(unset.ok).toBe(false);
    if (!unset.ok)
      expect(unset.issues).toEqual([
        {
          code: "target-invalid",
          pointer: "/apps/main/consumerSecret",
          message: "the environment variable OSK_MAIN_SECRET is not set (it holds this credential)",
        },
      ]);
    // anything else is no credential
    for (const secret of [{ env: 1 }, { env: "A", also: "B" }, {}, null, 7])
      expect(
        checkTarget(
          { ...target, apps: { main: { consumerKey: "k", consumerSecret: secret } } },
          dir,
          { A: "x" },
        ),
      ).toMatchObject({ ok: false, issues: [{ pointer: "/apps/main" }] });
  });
  it.each([
    ["a b:c", "U+0020"],
    ["ns:a/b", '"/"'],
    ["ns:é", "U+00E9"],
    ["ns:a?b", '"?"'],
  ])("refuses the user id %j, which a path cannot carry as written (%s)", (id, shown) => {
    const r = checkTarget({ baseUrl: "http://h:1", apps, users: { viewer: id } }, dir);
    expect(r.ok).toBe(false);
    if (!r.ok)
      expect(issueText(r.issues)).toContain(
        `users.viewer: holds ${shown}, which a URL path cannot carry`,
      );
  });
  it.each([
    ["ns:.", 'has the bare value "."'],
    ["ns:..", 'has the bare value ".."'],
    ["..", 'is ".."'],
  ])("refuses the user id %j, whose path segment normalisation removes (%s)", (id, said) => {
    const r = checkTarget({ baseUrl: "http://h:1", apps, users: { viewer: id } }, dir);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(issueText(r.issues)).toContain(`users.viewer: ${said}, a dot-segment`);
      // the viewer is refused, not missing
      expect(issueText(r.issues)).not.toContain("users.viewer is required");
    }
  });
  it("takes ids of every pchar: other shapes than §2.1's included", () => {
    const r = checkTarget(
      { baseUrl: "http://h:1", apps, users: { viewer: "john.doe~!$&'()*+,;=:@-_" } },
      dir,
    );
    expect(r.ok).toBe(true);
  });
  it("refuses a baseUrl carrying a user name or password, without repeating it", () => {
    const r = checkTarget(
      {
        baseUrl: "http://u:TOPSECRETPW@127.0.0.1:8080",
        apps: { main: { consumerKey: "k", consumerSecret: "s" } },
        users: { viewer: "a:b" },
      },
      dir,
    );
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(issueText(r.issues)).toMatch(/baseUrl must not carry a user name or password/);
      expect(issueText(r.issues)).not.toContain("TOPSECRETPW");
    }
  });
  it("reports every problem at once, never echoing secrets", () => {
    const r = checkTarget(
      {
        baseUrl: "ftp://x/?q",
        apps: { main: { consumerKey: "k" } },
        users: { viewer: "", friend: 7, boss: "a:b" },
        extra: 1,
      },
      dir,
    );
    expect(r.ok).toBe(false);
    if (!r.ok) {
      const text = issueText(r.issues);
      expect(text).toMatch(/unknown member extra/);
      expect(text).toMatch(/baseUrl must be http or https/);
      expect(text).toMatch(/apps.main: needs consumerKey and consumerSecret/);
      expect(text).toMatch(/users.viewer: must be a user id \(a non-empty string\)/);
      expect(text).toMatch(/users.friend: must be a user id \(a non-empty string\)/);
      expect(text).toMatch(/users.boss: unknown role/);
      expect(new Set(r.issues.map((i) => i.code))).toEqual(new Set(["target-invalid"]));
      expect(r.issues.map((i) => i.pointer)).toEqual(
        expect.arrayContaining([
          "/extra",
          "/baseUrl",
          "/apps/main",
          "/users/viewer",
          "/users/friend",
          "/users/boss",
        ]),
      );
    }
  });
  it("refuses two roles naming one person (a case needing both would fail for the file's reason)", () => {
    const r = checkTarget(
      { baseUrl: "http://h:1", apps, users: { viewer: "a:v", friend: "a:b", secondFriend: "a:b" } },
      dir,
    );
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.issues.map((i) => i.pointer)).toEqual(["/users/secondFriend"]);
      expect(issueText(r.issues)).toMatch(/users\.secondFriend: the same person as users\.friend/);
    }
  });
  it("accepts ids outside §2.1's form (a deployment's john.doe) with one warning naming them", () => {
    const users = { viewer: "acme.user", friend: "acme.friend", stranger: "ns:dave" };
    const r = checkTarget({ baseUrl: "http://h:1", apps, users }, dir);
    expect(r.ok && r.value.users).toEqual(users);
    expect(r.ok && r.value.warnings).toEqual([
      { code: "id-form", users: { viewer: "acme.user", friend: "acme.friend" } },
    ]);
    const fine = checkTarget({ baseUrl: "http://h:1", apps, users: { viewer: "a:b" } }, dir);
    expect(fine.ok && fine.value.warnings).toBeUndefined();
  });
  it("strips a trailing slash from baseUrl; a file that is not JSON is a problem", () => {
    const r = checkTarget({ baseUrl: "http://h:1/", apps, users: { viewer: "a:b" } }, dir);
    expect(r.ok && r.value.baseUrl).toBe("http://h:1");
    writeFileSync(join(dir, "t.json"), "{");
    expect(loadTarget(join(dir, "t.json")).ok).toBe(false);
  });
  it("a secret left unquoted: the file's fault is placed by line and column, the secret not quoted", () => {
    const file = join(dir, "unquoted.json");
    writeFileSync(file, '{"apps": {"main": {"consumerKey": "k", "consumerSecret":TOPSECRET1}}}');
    const r = loadTarget(file);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(issueText(r.issues)).toMatch(/not JSON: unexpected character at line 1, column 57/);
      expect(issueText(r.issues)).not.toMatch(/TOPSECRET|SECRET1/);
    }
  });
});

describe("selection", () => {
  const c = (
    id: string,
    level: "core" | "profile",
    path: string,
    extra: Partial<CaseSpec> = {},
  ): CaseSpec => ({
    id,
    description: "a case",
    statements: ["S-9-VERSION"],
    level,
    steps: [{ request: { method: "GET", path }, expect: {} }],
    ...extra,
  });
  const all = [
    c("x/core", "core", "/p/{viewer}"),
    c("x/profile", "profile", "/p/{viewer}"),
    c("x/stranger", "core", "/p/{stranger}"),
    c("x/other", "core", "/p", {
      steps: [{ request: { method: "GET", path: "/p", app: "other" }, expect: {} }],
    }),
    c("x/world", "core", "/p", { features: ["world"] }),
  ];
  const r = checkTarget({ baseUrl: "http://h", apps, users: { viewer: "a:b" } }, dir);
  if (!r.ok) throw new Error("target");
  it("selects by level, grep and feature; skips by name what the target cannot run", () => {
    const s = selectCases(all, r.value, { level: "profile" }, false);
    expect(s.run.map((x) => x.id)).toEqual(["x/core", "x/profile"]);
    expect(Object.fromEntries(s.skipped.map((x) => [x.c.id, x.reason]))).toEqual({
      "x/stranger": { code: "missing-roles", roles: ["stranger"] },
      "x/other": { code: "no-other-app" },
      "x/world": { code: "needs-world" },
    });
    // The words users read (reporters/failure-text.ts).
    expect(Object.fromEntries(s.skipped.map((x) => [x.c.id, skipText(x.reason)]))).toEqual({
      "x/stranger": "the target names no stranger",
      "x/other": "the target has no apps.other",
      "x/world": "needs a world file (target.world)",
    });
    expect(s.missingRoles).toEqual([{ role: "stranger", cases: ["x/stranger"] }]);
    expect(selectCases(all, r.value, { level: "core" }, true).run.map((x) => x.id)).toEqual([
      "x/core",
      "x/world",
    ]);
    expect(
      selectCases(all, r.value, { level: "profile", grep: /prof/ }, true).run.map((x) => x.id),
    ).toEqual(["x/profile"]);
    expect(
      selectCases(all, r.value, { level: "profile", features: ["world"] }, true).run.map(
        (x) => x.id,
      ),
    ).toEqual(["x/world"]);
  });
});

describe("expectations file (conformance/expectations.schema.json)", () => {
  const load = (data: unknown): ReturnType<typeof loadExpectations> => {
    const f = join(dir, "e.json");
    writeFileSync(f, typeof data === "string" ? data : JSON.stringify(data));
    return loadExpectations(f);
  };
  const where = (r: ReturnType<typeof loadExpectations>): [string, string][] =>
    r.ok ? [] : r.issues.map((i) => [i.code, i.pointer]);

  it("loads a valid file, $schema member included", () => {
    expect(load({ expectedFailures: [{ id: "a/b", reason: "r" }] })).toEqual({
      ok: true,
      value: [{ id: "a/b", reason: "r" }],
    });
    const r = load({ $schema: "../conformance/expectations.schema.json", expectedFailures: [] });
    expect(r).toEqual({ ok: true, value: [] });
  });

  it("refuses duplicates and malformed entries, each at its pointer, with the file", () => {
    const bad = load({
      expectedFailures: [{ id: "a/b", reason: "r" }, { id: "a/b", reason: "again" }, { id: 1 }],
    });
    expect(bad.ok).toBe(false);
    if (bad.ok) return;
    expect(issueText(bad.issues)).toMatch(/a\/b listed twice/);
    expect(bad.issues.every((i) => i.file === join(dir, "e.json"))).toBe(true);
    expect(where(bad)).toEqual([
      ["expectations-invalid", "/expectedFailures/1/id"],
      ["expectations-invalid", "/expectedFailures/2/id"],
      ["expectations-invalid", "/expectedFailures/2/reason"],
    ]);
  });

  it("refuses what the schema does not allow", () => {
    expect(where(load({}))).toEqual([["expectations-invalid", "/expectedFailures"]]);
    expect(where(load({ expectedFailures: {} }))).toEqual([
      ["expectations-invalid", "/expectedFailures"],
    ]);
    // an unknown member is named by its pointer and in the message
    const extra = load({ expectedFailures: [], extra: 1 });
    expect(where(extra)).toEqual([["expectations-invalid", "/extra"]]);
    expect(extra.ok ? "" : extra.issues[0]?.message).toMatch(/unknown member "extra"$/);
    expect(where(load({ expectedFailures: [{ id: "a/b", reason: "", bug: "x" }] }))).toEqual([
      ["expectations-invalid", "/expectedFailures/0/bug"],
      ["expectations-invalid", "/expectedFailures/0/reason"],
    ]);
    expect(where(load({ expectedFailures: [{ id: "Not An Id", reason: "r" }] }))).toEqual([
      ["expectations-invalid", "/expectedFailures/0/id"],
    ]);
    expect(where(load("{ not json"))).toEqual([["expectations-invalid", ""]]);
  });

  it("prints a ready-made entry that loads back", () => {
    const entry = JSON.parse(
      expectationEntry("people/pid", "P-PEOPLE-1", "step 1:\n  /entry: not an object"),
    );
    expect(entry).toEqual({
      id: "people/pid",
      reason: "P-PEOPLE-1: step 1: /entry: not an object",
    });
  });
});
