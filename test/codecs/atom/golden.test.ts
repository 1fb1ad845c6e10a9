// Golden files: each fixtures/atom/<name>.json ({kind, options?, value})
// is written byte for byte as <name>.xml (P-FMT-2, P-FMT-7) and <name>.strict.xml (P-FMT-5), and
// each golden file reads back to the value. Strict files validate against the RFC 4287 RELAX NG
// grammar with a real validator (xmllint from libxml2-utils). Regenerate with UPDATE_GOLDEN=1.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { AtomKind, AtomWriteOptions } from "../../../src/codecs/atom/index.js";
import { fromAtom, toAtom } from "../../../src/codecs/atom/index.js";
import {
  albumList,
  appDataResponse,
  friendsList,
  personResponse,
  photoList,
} from "./arbitraries.js";

const DIR = fileURLToPath(new URL("../../../fixtures/atom/", import.meta.url));
const RNG = fileURLToPath(new URL("../../../fixtures/rng/atom.rng", import.meta.url));
const NOW = new Date("2026-02-03T04:05:06Z");
const UPDATE = process.env.UPDATE_GOLDEN === "1";

interface Fixture {
  kind: AtomKind;
  options?: AtomWriteOptions;
  value: never;
}

const names = readdirSync(DIR)
  .filter((f) => f.endsWith(".json"))
  .map((f) => f.slice(0, -5))
  .sort();

function xmllint(args: string[]): { status: number; output: string } {
  const run = spawnSync("xmllint", args, { encoding: "utf8" });
  return { status: run.status ?? 1, output: `${run.stdout}${run.stderr}` };
}

function golden(file: string, actual: string): string {
  if (UPDATE) writeFileSync(DIR + file, actual);
  return readFileSync(DIR + file, "utf8");
}

describe("Atom golden files", () => {
  it("there are fixtures for every Atom kind", () => {
    const kinds = new Set(
      names.map((n) => (JSON.parse(readFileSync(`${DIR}${n}.json`, "utf8")) as Fixture).kind),
    );
    expect([...kinds].sort()).toEqual(["albums", "appdata", "people", "person", "photos"]);
  });
  for (const name of names) {
    const fx = JSON.parse(readFileSync(`${DIR}${name}.json`, "utf8")) as Fixture;
    const options = fx.options ?? {};
    it(`${name}: written byte for byte (P-FMT-2, P-FMT-7)`, () => {
      const xml = toAtom(fx.kind, fx.value, options);
      expect(xml).toBe(golden(`${name}.xml`, xml));
    });
    it(`${name}: strict form written byte for byte (P-FMT-5)`, () => {
      const xml = toAtom(fx.kind, fx.value, { ...options, strict: true, now: NOW });
      expect(xml).toBe(golden(`${name}.strict.xml`, xml));
    });
    it(`${name}: both golden files read back to the value`, () => {
      for (const file of [`${name}.xml`, `${name}.strict.xml`]) {
        const read = fromAtom(fx.kind, readFileSync(DIR + file, "utf8"));
        expect(read).toEqual({ ok: true, value: fx.value });
      }
    });
    it(`${name}: xmllint finds the default form well-formed and the strict form RFC 4287-valid`, () => {
      expect(xmllint(["--noout", `${DIR}${name}.xml`]).status).toBe(0);
      const strict = xmllint(["--noout", "--relaxng", RNG, `${DIR}${name}.strict.xml`]);
      expect(strict.output).toContain("validates");
      expect(strict.status).toBe(0);
    });
  }
  it("strict output of random values of every kind validates too (P-FMT-5)", () => {
    const dir = mkdtempSync(join(tmpdir(), "osk-atom-"));
    try {
      const samples: [AtomKind, unknown, AtomWriteOptions][] = [
        ...fc
          .sample(appDataResponse, 6)
          .map((v) => ["appdata", v, {}] as [AtomKind, unknown, AtomWriteOptions]),
        ...fc
          .sample(albumList, 4)
          .map((v) => ["albums", v, {}] as [AtomKind, unknown, AtomWriteOptions]),
        ...fc
          .sample(photoList, 4)
          .map((v) => ["photos", v, { ownerId: "a:b" }] as [AtomKind, unknown, AtomWriteOptions]),
        ...fc
          .sample(friendsList, 4)
          .map((v) => ["people", v, {}] as [AtomKind, unknown, AtomWriteOptions]),
        ...fc
          .sample(personResponse, 4)
          .map((v) => ["person", v, {}] as [AtomKind, unknown, AtomWriteOptions]),
      ];
      const files = samples.map(([kind, value, options], i) => {
        const file = join(dir, `${i}.xml`);
        writeFileSync(file, toAtom(kind, value as never, { ...options, strict: true, now: NOW }));
        return file;
      });
      const run = xmllint(["--noout", "--relaxng", RNG, ...files]);
      expect(run.output).not.toContain("fails to validate");
      expect(run.status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
  it("the grammar has teeth: the default form (empty updated, atom:url) is not RFC 4287-valid", () => {
    const result = xmllint(["--noout", "--relaxng", RNG, `${DIR}appdata.xml`]);
    expect(result.status).not.toBe(0);
    expect(result.output).toContain("fails to validate");
  });
});
