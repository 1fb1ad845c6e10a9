/**
 * `opensocial-kit validate` and `convert`, run as users run them: the built CLI, files and
 * standard input; exit 0 valid, 1 invalid, 2 usage (an unknown kind, a bad --owner); never a
 * stack trace; messages that say what the input looks like and which option to give.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const dir = mkdtempSync(join(tmpdir(), "osk-payload-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function cli(args: string[], input?: string | Buffer) {
  const r = spawnSync(process.execPath, ["bin/opensocial-kit.js", ...args], {
    ...(input === undefined
      ? {}
      : { input: typeof input === "string" ? Buffer.from(input) : input }),
    encoding: "buffer",
    maxBuffer: 64 * 1024 * 1024,
  });
  return { code: r.status, out: r.stdout.toString("utf8"), err: r.stderr.toString("utf8") };
}

function file(name: string, content: string | Buffer): string {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
}

const APPDATA = {
  entry: { "example.org:alice": { score: "10", "1st": "a<b" } },
  startIndex: 0,
  totalResults: 1,
  id: ["example.org:alice"],
};

describe("opensocial-kit validate", () => {
  it("says valid (exit 0) for a valid JSON file, and names the format", () => {
    const r = cli(["validate", file("a.json", JSON.stringify(APPDATA)), "--kind", "appdata"]);
    expect(r).toMatchObject({ code: 0, out: "valid appdata (json)\n" });
  });

  it("lists issues with their JSON pointer (exit 1)", () => {
    const bad = { ...APPDATA, entry: { "example.org:alice": { score: 10 } } };
    const r = cli(["validate", file("b.json", JSON.stringify(bad)), "--kind", "appdata"]);
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/^\/entry\/example\.org:alice\/score: invalid-type: /m);
  });

  it("reports string renderings only with --strict (P-FMT-6)", () => {
    const people = JSON.stringify({
      entry: [
        {
          id: "example.org:bob",
          nickname: "b",
          displayName: "B",
          updated: "2020-01-01T00:00:00Z",
          hasApp: "true",
          thumbnailUrl: "https://x/t.png",
        },
      ],
      startIndex: "0",
      itemsPerPage: 50,
      totalResults: 1,
    });
    expect(cli(["validate", "-", "--kind", "people"], people).code).toBe(0);
    const strict = cli(["validate", "-", "--kind", "people", "--strict"], people);
    expect(strict.code).toBe(1);
    expect(strict.out).toMatch(/^\/startIndex: /m);
  });

  it("reads Atom from standard input and locates issues by XPath, line and column", () => {
    const r = cli(
      ["validate", "-", "--kind", "appdata"],
      '<?xml version="1.0"?>\n<feed xmlns="http://www.w3.org/2005/Atom"><entry><content>',
    );
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/\(line \d+, column \d+\): xml-malformed: /);
  });

  it.each([
    [
      "a DOCTYPE with entities",
      '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "b">]><feed/>',
      /xml-doctype/,
    ],
    [
      "binary data",
      Buffer.from([0x7b, 0x00, 0xff, 0x10]),
      /binary-input: binary data \(a NUL byte at offset 1\)/,
    ],
    ["invalid UTF-8", Buffer.from([0x7b, 0xff, 0xfe]), /invalid-utf8/],
    ["10 MB", Buffer.alloc(10 * 1024 * 1024, 0x20), /too-large: more than 8388608 bytes/],
  ])("refuses %s with a clear message, never a stack trace (exit 1)", (_name, input, message) => {
    const r = cli(["validate", "-", "--kind", "appdata"], input);
    expect(r.code).toBe(1);
    expect(r.out).toMatch(message);
    expect(r.out + r.err).not.toMatch(/\n\s+at /);
  });

  it.each([
    [["validate", "x.json", "--kind", "nope"], /unknown kind "nope"/],
    [["validate", join(dir, "missing.json"), "--kind", "appdata"], /missing\.json: no such file/],
    [["validate", dir, "--kind", "appdata"], /: a directory, not a file\n/],
    [["convert", "-", "--kind", "error", "--to", "atom"], /kind error has no Atom form/],
  ])("usage errors exit 2 (%j)", (args, message) => {
    const r = cli(args, "{}");
    expect(r.code).toBe(2);
    expect(r.err + r.out).toMatch(message);
  });
});

describe("opensocial-kit convert", () => {
  it("converts JSON to Atom and back to the same value", () => {
    const atom = cli([
      "convert",
      file("c.json", JSON.stringify(APPDATA)),
      "--kind",
      "appdata",
      "--to",
      "atom",
    ]);
    expect(atom.code).toBe(0);
    expect(atom.out).toContain("<_x0031_st>a&lt;b</_x0031_st>");
    const back = cli(["convert", "-", "--kind", "appdata", "--to", "json"], atom.out);
    expect(back.code).toBe(0);
    expect(JSON.parse(back.out)).toEqual(APPDATA);
  });

  it("needs the album owner for photos in Atom (P-FMT-7)", () => {
    const photos = JSON.stringify({
      entry: [
        {
          id: "example.org:p1",
          albumId: "example.org:a1",
          title: "t",
          description: "",
          fileSize: 1,
          thumbnailUrl: "https://x/t",
          url: "https://x/u",
        },
      ],
      startIndex: 0,
      itemsPerPage: 20,
      totalResults: 1,
    });
    const without = cli(["convert", "-", "--kind", "photos", "--to", "atom"], photos);
    expect(without.code).toBe(2);
    expect(without.err).toBe(
      "opensocial-kit convert: photos in Atom name the album owner as each entry's author (P-FMT-7): give --owner <platformUserId>\n",
    );
    for (const owner of ["urn:guid:not an id <x>", "not an id", "example.org:a<b", "alice"]) {
      const bad = cli(
        ["convert", "-", "--kind", "photos", "--to", "atom", "--owner", owner],
        photos,
      );
      expect(bad.code, owner).toBe(2);
      expect(bad.err, owner).toMatch(/^opensocial-kit convert: --owner /);
      expect(bad.out, owner).toBe("");
    }
    expect(
      cli(
        [
          "convert",
          "-",
          "--kind",
          "photos",
          "--to",
          "atom",
          "--owner",
          "urn:guid:example.org:alice",
        ],
        photos,
      ).err,
    ).toBe(
      "opensocial-kit convert: --owner takes the platformUserId, not its urn:guid: form: --owner example.org:alice\n",
    );
    const withOwner = cli(
      ["convert", "-", "--kind", "photos", "--to", "atom", "--owner", "example.org:alice"],
      photos,
    );
    expect(withOwner.code).toBe(0);
    expect(withOwner.out).toContain("<url>urn:guid:example.org:alice</url>");
  });

  it("reports a value the other form cannot carry instead of failing (U+FFFF in XML)", () => {
    const bad = { ...APPDATA, entry: { "example.org:alice": { k: "a\uffffb" } } };
    const r = cli(["convert", "-", "--kind", "appdata", "--to", "atom"], JSON.stringify(bad));
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/^\/entry\/example\.org:alice\/k: /m);
  });
});

describe("what the payload commands say", () => {
  it("a JSON file read as Atom: it looks like JSON, not text outside the root element", () => {
    const r = cli([
      "validate",
      file("j.json", JSON.stringify(APPDATA)),
      "--kind",
      "appdata",
      "--format",
      "atom",
    ]);
    expect(r.code).toBe(1);
    expect(r.out).toBe(
      "/: xml-malformed: this looks like JSON (it starts with {), not an Atom feed: read it as JSON\n",
    );
    const x = cli(["validate", "-", "--kind", "appdata", "--format", "json"], "<feed/>");
    expect(x.out).toMatch(/this looks like XML \(it starts with <\), not JSON: read it as Atom/);
  });

  it("an unknown kind is a usage error (exit 2) in validate and convert", () => {
    const f = file("k.json", JSON.stringify(APPDATA));
    for (const args of [
      ["validate", f, "--kind", "nope"],
      ["convert", f, "--kind", "nope", "--to", "json"],
    ]) {
      const r = cli(args);
      expect(r.code, args.join(" ")).toBe(2);
      expect(r.err).toMatch(/unknown kind "nope" \(albums, photos, appdata, person, people,/);
    }
  });

  it("--kind people on an @self answer hints at person, and person on a list at people", () => {
    const self = {
      entry: { id: "example.org:alice", displayName: "A", isViewer: true },
      startIndex: 0,
      totalResults: 1,
    };
    const r = cli(["validate", file("self.json", JSON.stringify(self)), "--kind", "people"]);
    expect(r.code).toBe(1);
    expect(r.err).toContain(
      "hint: entry is one person, as in an @self or pid answer: check it with --kind person",
    );
    const list = { entry: [], startIndex: 0, itemsPerPage: 50, totalResults: 0 };
    const p = cli(["validate", file("list.json", JSON.stringify(list)), "--kind", "person"]);
    expect(p.err).toContain("check it with --kind people");
  });
});
