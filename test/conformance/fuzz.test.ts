/**
 * The model-based random checker: no failure against the reference server
 * (real HTTP, in this process), a planted defect found with a shrunk reproducer that names the
 * statement and replays from its seed and path, and a catalogue mutant planted in a copy of src/.
 */
import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MUTANTS } from "../../scripts/mutants/catalogue.js";
import { withMutantServer } from "../../scripts/mutants/mutant-process.js";
import { plantMutant } from "../../scripts/mutants/mutant-tree.js";
import { startVariantProxy, type VariantProxy } from "../../scripts/mutants/variant-proxy.js";
import { VARIANTS } from "../../scripts/mutants/variants.js";
import { AppDataModel } from "../../src/conformance/fuzz/appdata-model.js";
import { expectRead } from "../../src/conformance/fuzz/expected.js";
import {
  type FuzzResult,
  type FuzzWorld,
  loadFuzzWorld,
  runFuzz,
} from "../../src/conformance/fuzz/index.js";
import {
  FuzzFailure,
  judgeData,
  judgeJsonReadAtLevel,
  judgeStatus,
} from "../../src/conformance/fuzz/judge.js";
import type { Answer } from "../../src/conformance/fuzz/wire.js";
import { formatFuzzResult } from "../../src/conformance/reporters/fuzz-text.js";
import { bundledTarget, type Running, startReference } from "./helpers.js";

/** CI budget; `FUZZ_STEPS=2000` runs the README's figure (done once by hand). */
const STEPS = Number(process.env.FUZZ_STEPS ?? 600);

let reference: Running;
let world: FuzzWorld;

beforeAll(async () => {
  reference = await startReference();
  const w = loadFuzzWorld(bundledTarget(reference.url));
  if (!w.ok) throw new Error(w.issues.map((i) => i.message).join("; "));
  world = w.value;
});
afterAll(async () => {
  await reference.close();
});

function explain(r: FuzzResult): string {
  return r.failure
    ? formatFuzzResult(r, new Map(), ["quiz secret+1/é", "notes-secret"], "fuzz")
    : "";
}

/** A defect that loses data: JSON appdata answers leave out every key whose value is empty. */
function dropEmptyValues(body: string, type: string): string {
  if (!type.includes("json")) return body;
  const doc = JSON.parse(body) as { entry?: unknown; id?: unknown };
  if (!doc.entry || typeof doc.entry !== "object" || !Array.isArray(doc.id)) return body;
  for (const rec of Object.values(doc.entry as Record<string, Record<string, string>>))
    for (const [k, v] of Object.entries(rec)) if (v === "") delete rec[k];
  return JSON.stringify(doc);
}

describe("fuzz against the reference server", () => {
  it(`runs ${STEPS} steps at profile level without a failure`, async () => {
    const r = await runFuzz({
      target: bundledTarget(reference.url),
      world,
      level: "profile",
      steps: STEPS,
      timeMs: 50_000,
    });
    expect(explain(r)).toBe("");
    expect(r.steps).toBe(STEPS);
    expect(r.requests).toBeGreaterThan(STEPS);
    expect(r.cleanupProblems).toBe(0);
  }, 60_000);

  it("runs at core level without a failure", async () => {
    const r = await runFuzz({
      target: bundledTarget(reference.url),
      world,
      level: "core",
      steps: 200,
      timeMs: 30_000,
    });
    expect(explain(r)).toBe("");
  }, 40_000);

  it("cleans up after itself: the viewer's and the scratch user's records are as the world seeds them", async () => {
    await runFuzz({
      target: bundledTarget(reference.url),
      world,
      level: "profile",
      steps: 200,
      timeMs: 30_000,
      seed: 7,
    });
    const d = await runFuzz({
      target: bundledTarget(reference.url),
      world,
      level: "profile",
      steps: 1,
      timeMs: 10_000,
      seed: 7,
    });
    expect(d.failure).toBeUndefined();
    const { createWire } = await import("../../src/conformance/fuzz/index.js");
    const wire = createWire(
      { baseUrl: reference.url, apps: bundledTarget(reference.url).apps, viewer: world.viewer },
      { timeoutMs: 5000, maxBodyBytes: 1 << 20 },
    );
    const mine = await wire.send({ method: "GET", path: "/os/0.8/appdata/@me/@self/@app" });
    expect(JSON.parse(mine.text).entry).toEqual({
      "example.org:alice": { score: "10", level: "3" },
    });
    const scratch = await wire.send({
      method: "GET",
      path: "/os/0.8/appdata/@me/@self/@app",
      as: world.scratch ?? "",
    });
    expect(JSON.parse(scratch.text).entry).toEqual({});
    await wire.close();
  }, 60_000);
});

describe("a planted defect", () => {
  let proxy: VariantProxy;
  beforeAll(async () => {
    proxy = await startVariantProxy(reference.url, dropEmptyValues);
  });
  afterAll(async () => {
    await proxy.close();
  });

  it("is found, shrunk to a short sequence, named, and printed with curl lines that hide the secrets", async () => {
    const target = bundledTarget(proxy.url);
    const r = await runFuzz({
      target,
      world,
      level: "profile",
      steps: 3000,
      timeMs: 50_000,
      seed: 42,
    });
    const f = r.failure;
    expect(f, "the defect was not found").toBeDefined();
    if (!f) return;
    expect(f.finding.statement).toBe("P-DATA-4");
    expect(f.ops.length).toBeLessThanOrEqual(2);
    const writes = f.ops.filter((op) => op.t === "write");
    expect(writes.length).toBe(1);
    // The write that matters is kept: it holds an empty value.
    const pairs = writes[0]?.t === "write" ? writes[0].pairs : [];
    expect(pairs.some(([, v]) => v === "")).toBe(true);
    const text = formatFuzzResult(
      r,
      new Map([["P-DATA-4", "POST merges"]]),
      [target.apps.main.consumerSecret],
      "opensocial-kit fuzz",
    );
    expect(text).toContain("FAILURE P-DATA-4: POST merges");
    expect(text).toContain(`--seed 42 --path '${f.path}'`);
    expect(text).toMatch(/curl -sS -i -X POST '.*\/os\/0\.8\/appdata\//);
    expect(text).toContain('oauth_signature="REDACTED"');
    expect(text).not.toContain(target.apps.main.consumerSecret);

    // The seed and path replay the shrunk counterexample.
    const again = await runFuzz({
      target,
      world,
      level: "profile",
      steps: 3000,
      timeMs: 30_000,
      seed: 42,
      path: f.path,
    });
    expect(again.failure?.finding.statement).toBe("P-DATA-4");
    expect(again.failure?.ops.length).toBe(f.ops.length);
  }, 60_000);
});

describe("a catalogue mutant planted in a copy of src/", () => {
  it("appdata-post-replaces (POST replaces instead of merging) is found and named P-DATA-4", async () => {
    const mutant = MUTANTS.find((m) => m.id === "appdata-post-replaces");
    if (!mutant) throw new Error("the catalogue has no appdata-post-replaces");
    const dir = plantMutant(mutant);
    try {
      const r = await withMutantServer(dir, (url) =>
        runFuzz({
          target: bundledTarget(url),
          world,
          level: "profile",
          steps: 2000,
          timeMs: 40_000,
          seed: 3,
        }),
      );
      expect(r.failure?.finding.statement).toBe("P-DATA-4");
      expect(r.failure?.ops.length).toBeLessThanOrEqual(3);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

/** A JSON answer of `status` carrying `body` (an error object by default), as the judge reads it. */
function answered(
  status: number,
  body: unknown = { error: { code: status, message: "m" } },
): Answer {
  const text = JSON.stringify(body);
  return {
    status,
    headers: { "content-type": "application/json; charset=utf-8" },
    text,
    body: Buffer.from(text),
    request: { method: "GET", path: "/", as: world.viewer },
  } as unknown as Answer;
}

/** The statement `f`'s judgement fails by, or "none". */
function rule(f: () => void): string {
  try {
    f();
    return "none";
  } catch (e) {
    return e instanceof FuzzFailure ? e.finding.statement : String(e);
  }
}

describe("the judge of a list page asked with count", () => {
  // §4: "Paging request parameter names: not shown."; §8: "The maximum page size is not shown."
  it("takes at core any page size the answer states (a server capping pages at 3), at profile the count asked (P-PAGE-1)", () => {
    const viewer = world.viewer;
    const read = {
      op: "albums",
      as: viewer,
      user: viewer,
      visibility: "all",
      paging: { count: "1000" },
    } as const;
    const expected = expectRead(world, AppDataModel.fromWorld(world), read);
    const all = expected.all ?? [];
    expect(all.length).toBeGreaterThan(1);
    const capped = {
      entry: all.slice(0, 1),
      startIndex: 0,
      itemsPerPage: 1,
      totalResults: all.length,
    };
    expect(() => judgeData(expected, capped, "core")).not.toThrow();
    expect(() => judgeData(expected, capped, "profile")).toThrow(FuzzFailure);
    // At core too, the page holds as many entries as its stated size gives.
    const longer = { ...capped, entry: all.slice(0, 2) };
    expect(() => judgeData(expected, longer, "core")).toThrow(FuzzFailure);
  });
});

describe("the judge of paging at core and at profile", () => {
  const albums = (paging: Record<string, string>) =>
    expectRead(world, AppDataModel.fromWorld(world), {
      op: "albums",
      as: world.viewer,
      user: world.viewer,
      visibility: "all",
      paging,
    });

  // §4: "Paging request parameter names: not shown."; §7.2 leaves which values are invalid open.
  it("takes at core a 200 to a value the profile calls invalid, at profile only its 400 (P-PAGE-2)", () => {
    const e = albums({ count: "abc" });
    expect(rule(() => judgeStatus(answered(200), e, "core"))).toBe("none");
    expect(rule(() => judgeStatus(answered(400), e, "core"))).toBe("none");
    expect(rule(() => judgeStatus(answered(200), e, "profile"))).toBe("P-PAGE-2");
    expect(rule(() => judgeStatus(answered(400), e, "profile"))).toBe("none");
  });

  it("takes at core a 400 to a value §8 does not show a server taking (count 1000, leading zeros), at profile none (P-PAGE-1, P-PAGE-2)", () => {
    expect(rule(() => judgeStatus(answered(400), albums({ count: "1000" }), "core"))).toBe("none");
    expect(rule(() => judgeStatus(answered(400), albums({ count: "1000" }), "profile"))).toBe(
      "P-PAGE-1",
    );
    expect(rule(() => judgeStatus(answered(400), albums({ count: "007" }), "profile"))).toBe(
      "P-PAGE-2",
    );
    // a value the documents show a server taking: refused, at core too
    expect(rule(() => judgeStatus(answered(400), albums({ count: "3" }), "core"))).not.toBe("none");
  });

  it("judges at core the page at the start it states (a server ignoring startIndex), at profile the start asked", () => {
    const e = albums({ startIndex: "1" });
    const all = e.all ?? [];
    expect(all.length).toBeGreaterThan(1);
    const fromZero = { entry: all, startIndex: 0, itemsPerPage: 20, totalResults: all.length };
    expect(rule(() => judgeData(e, fromZero, "core"))).toBe("none");
    expect(rule(() => judgeData(e, fromZero, "profile"))).toBe("P-PAGE-1");
    // at core too, the page holds what its stated start gives
    const short = { ...fromZero, entry: all.slice(1) };
    expect(rule(() => judgeData(e, short, "core"))).not.toBe("none");
  });
});

describe("the judge of albums and photos at core and at profile", () => {
  /** An owner other than the viewer with an album the viewer may not see. */
  const hidden = () => {
    const a = world.albums.find(
      (x) =>
        x.ownerId !== world.viewer &&
        x.visibility !== "everyone" &&
        !(x.visibility === "friends" && world.areFriends(x.ownerId, world.viewer)),
    );
    if (!a) throw new Error("the bundled world has no album hidden from the viewer");
    return a;
  };

  // §4.1: "all: return every album of the user." P-ALBUM-1: every album the viewer may see.
  it("takes at core every album of the owner for visibility=all, at profile only those the viewer may see (P-ALBUM-1)", () => {
    const owner = hidden().ownerId;
    const read = { op: "albums", as: world.viewer, user: owner, visibility: "all", paging: {} };
    const e = expectRead(world, AppDataModel.fromWorld(world), read as never);
    const every = e.coreAlso?.all ?? [];
    expect(every.length).toBeGreaterThan(e.all?.length ?? 0);
    const page = { entry: every, startIndex: 0, itemsPerPage: 20, totalResults: every.length };
    expect(rule(() => judgeStatus(answered(200, page), e, "core"))).toBe("none");
    expect(rule(() => judgeJsonReadAtLevel(answered(200, page), e, "core"))).toBe("none");
    expect(rule(() => judgeJsonReadAtLevel(answered(200, page), e, "profile"))).toBe("P-ALBUM-1");
    // at core too, a list of neither reading fails
    const none = { ...page, entry: [], totalResults: 0 };
    expect(rule(() => judgeJsonReadAtLevel(answered(200, none), e, "core"))).not.toBe("none");
  });

  it("takes at core a 200 to an invalid count on visibility=all holding either reading's albums (a server ignoring count)", () => {
    const owner = hidden().ownerId;
    const read = {
      op: "albums",
      as: world.viewer,
      user: owner,
      visibility: "all",
      paging: { count: "0" },
    };
    const e = expectRead(world, AppDataModel.fromWorld(world), read as never);
    expect(e.status).toBe(400);
    for (const listed of [e.all ?? [], e.coreAlso?.all ?? []]) {
      const page = { entry: listed, startIndex: 0, itemsPerPage: 20, totalResults: listed.length };
      expect(rule(() => judgeJsonReadAtLevel(answered(200, page), e, "core"))).toBe("none");
    }
  });

  // §4.2 gives photos no reader rule; §7.3: album and photo statuses not shown.
  it("takes at core the photos of an album the viewer may not see, or a 404 for its 403, at profile only P-ALBUM-2's 403", () => {
    const album = hidden();
    const read = {
      op: "photos",
      as: world.viewer,
      user: album.ownerId,
      albumId: album.id,
      paging: {},
    };
    const e = expectRead(world, AppDataModel.fromWorld(world), read as never);
    expect(e.status).toBe(403);
    const photos = e.coreAlso?.body ?? {};
    expect(rule(() => judgeStatus(answered(200, photos), e, "core"))).toBe("none");
    expect(rule(() => judgeJsonReadAtLevel(answered(200, photos), e, "core"))).toBe("none");
    expect(rule(() => judgeStatus(answered(404, {}), e, "core"))).toBe("none");
    expect(rule(() => judgeStatus(answered(200, photos), e, "profile"))).toBe("P-ALBUM-2");
    expect(rule(() => judgeStatus(answered(404, {}), e, "profile"))).toBe("P-ALBUM-2");
  });
});

describe("the judge of who may read what, at core and at profile", () => {
  /** A user who is neither the viewer nor one of the viewer's friends. */
  const stranger = () => {
    const id = [...world.people.keys()].find(
      (p) => p !== world.viewer && !world.areFriends(p, world.viewer),
    );
    if (!id) throw new Error("the bundled world has no stranger");
    return id;
  };

  // §7.1, §7.2: 403 "no permission to read", who has it not shown; P-DATA-6, P-PEOPLE-4 decide.
  it.each([
    ["appdata", { op: "appdata", app: "main", selector: "@self" }, "P-DATA-6"],
    ["people", { op: "people", selector: "@self", paging: {} }, "P-PEOPLE-4"],
    ["people @friends", { op: "people", selector: "@friends", paging: {} }, "P-PEOPLE-1"],
  ])("takes at core a stranger's %s served, at profile only its 403", (_, shape, statement) => {
    const read = { ...shape, as: world.viewer, user: stranger() };
    const e = expectRead(world, AppDataModel.fromWorld(world), read as never);
    expect(e.status).toBe(403);
    const served = e.coreAlso;
    expect(served?.status).toBe(200);
    const ok = answered(200, served?.body);
    expect(rule(() => judgeStatus(ok, e, "core"))).toBe("none");
    expect(rule(() => judgeJsonReadAtLevel(ok, e, "core"))).toBe("none");
    expect(rule(() => judgeStatus(ok, e, "profile"))).toBe(statement);
  });
});

describe("a fair judge: every allowed variant of a correct server passes the fuzzer at its levels", () => {
  for (const v of VARIANTS)
    for (const level of v.levels)
      it(`${v.id} at ${level}`, async () => {
        const proxy = await startVariantProxy(reference.url, v.rewrite, undefined, v.wire);
        try {
          const r = await runFuzz({
            target: bundledTarget(proxy.url),
            world,
            level,
            steps: 150,
            timeMs: 20_000,
          });
          expect(explain(r)).toBe("");
        } finally {
          await proxy.close();
        }
      }, 30_000);
});
