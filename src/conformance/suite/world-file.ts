/**
 * The target's world file (the format of fixtures/world.json) as the runner reads it, for the
 * world facts of `world` cases (world-facts.ts) and the fuzzer's model (fuzz/world.ts). Problems
 * come back as issues: `target-invalid` at `/world` when the target names no world file,
 * `world-invalid` (the file named, a pointer to the member) when the file cannot be read, lacks
 * its lists or its entries' ids, or links to an entry it does not hold (checkLinks, as `serve`
 * checks a world; the runner does not require §2.1's id form, which only the reference's own
 * world must follow). The runner never imports the server, so this is not the server's loadWorld.
 */
import { existsSync } from "node:fs";
import { fail, type Issue, ok, type Result } from "../../model/issue.js";
import { escapeToken } from "../../model/json-pointer.js";
import { checkLinks, checkRecords } from "../../schemas/world-references.js";
import { readJsonFile } from "./json-file.js";
import { pathIdProblem } from "./path-ids.js";
import type { Target } from "./target.js";

/** A person of the world file (its `apps` lists the application ids it uses). */
interface WorldPerson extends Record<string, unknown> {
  readonly id: string;
  readonly apps?: readonly string[];
}

/** An album of the world file. */
export interface WorldAlbum extends Record<string, unknown> {
  readonly id: string;
  readonly ownerId: string;
  readonly visibility: "everyone" | "friends" | "self";
}

/** A photo of the world file. */
export interface WorldPhoto extends Record<string, unknown> {
  readonly id: string;
  readonly albumId: string;
  readonly mimeType?: string;
}

/** A world file; the optional lists of the format are present (empty when the file has none). */
export interface WorldFile {
  readonly namespace?: string;
  readonly apps: readonly { readonly id: string; readonly consumerKey: string }[];
  readonly people: readonly WorldPerson[];
  readonly friends: readonly (readonly [string, string])[];
  readonly albums: readonly WorldAlbum[];
  readonly photos: readonly WorldPhoto[];
  /** app id → user id → key → value. */
  readonly appdata: Readonly<Record<string, Readonly<Record<string, Record<string, string>>>>>;
}

/** The id of the world's application with `consumerKey` ("" when none has it). */
export function appIdOf(w: WorldFile, consumerKey: string | undefined): string {
  return w.apps.find((a) => a.consumerKey === consumerKey)?.id ?? "";
}

const LISTS = ["apps", "people", "friends"] as const;
const OPTIONAL_LISTS = ["albums", "photos"] as const;
/** The string members each entry of a list needs for its links to be checked (checkLinks). */
const ENTRY_IDS = {
  apps: ["id", "consumerKey"],
  people: ["id"],
  albums: ["id", "ownerId"],
  photos: ["id", "albumId"],
} as const;

/** Where an entry of a list lacks what its links need. */
function entryProblems(w: Record<string, unknown>): { pointer: string; message: string }[] {
  const out: { pointer: string; message: string }[] = [];
  for (const [list, members] of Object.entries(ENTRY_IDS)) {
    const entries = (w[list] ?? []) as unknown[];
    entries.forEach((e, i) => {
      const entry = e as Record<string, unknown> | null;
      for (const m of members)
        if (typeof entry?.[m] !== "string")
          out.push({ pointer: `/${list}/${i}/${m}`, message: "needs a string" });
      const apps = entry?.apps;
      if (list === "people" && apps !== undefined)
        if (!Array.isArray(apps) || apps.some((a) => typeof a !== "string"))
          out.push({ pointer: `/people/${i}/apps`, message: "is a list of app ids when present" });
    });
  }
  (w.friends as unknown[]).forEach((f, i) => {
    if (!Array.isArray(f) || f.length !== 2 || f.some((x) => typeof x !== "string"))
      out.push({ pointer: `/friends/${i}`, message: "is a pair of person ids" });
  });
  const appdata = w.appdata as Record<string, unknown> | undefined;
  for (const [app, users] of Object.entries(appdata ?? {}))
    if (typeof users !== "object" || users === null || Array.isArray(users))
      out.push({ pointer: `/appdata/${escapeToken(app)}`, message: "is an object of users" });
  return out;
}

/** Reads `target.world`; `purpose` says what needs it, in the issue when there is none. */
export function readWorldFile(target: Target, purpose?: string): Result<WorldFile> {
  const file = target.world;
  if (!file)
    return fail([
      {
        code: "target-invalid",
        pointer: "/world",
        message: `the target names no world file${purpose ? `: ${purpose}` : ""}`,
      },
    ]);
  if (!existsSync(file))
    return fail([
      {
        code: "world-invalid",
        pointer: "",
        file,
        message:
          "no such file: the target's `world` names it, relative to the target file. Copy the world your service holds there (fixtures/world.json is the reference's), or remove `world` from the target to skip the cases that need it",
      },
    ]);
  const read = readJsonFile(file, "world-invalid");
  if (!read.ok) return read;
  const raw = read.value;
  const bad = (pointer: string, message: string): Issue => ({
    code: "world-invalid",
    pointer,
    message,
    file,
  });
  if (typeof raw !== "object" || raw === null || Array.isArray(raw))
    return fail([bad("", "a world file is a JSON object")]);
  const w = raw as Record<string, unknown>;
  const issues = [
    ...LISTS.filter((k) => !Array.isArray(w[k])).map((k) => bad(`/${k}`, "needs a list")),
    ...OPTIONAL_LISTS.filter((k) => w[k] !== undefined && !Array.isArray(w[k])).map((k) =>
      bad(`/${k}`, "is a list when present"),
    ),
  ];
  if (w.appdata !== undefined && (typeof w.appdata !== "object" || w.appdata === null))
    issues.push(bad("/appdata", "is an object when present"));
  if (issues.length) return fail(issues);
  const entries = entryProblems(w);
  if (entries.length) return fail(entries.map((p) => bad(p.pointer, p.message)));
  const world = { albums: [], photos: [], appdata: {}, ...w } as unknown as WorldFile;
  // a friend, owner or album the file does not hold would make facts no server can match; the
  // links are checked as `serve` checks them, whatever form the ids take (§2.1 or not), and so
  // are the seed records, which no conforming service could hold past P-DATA-1 or P-DATA-7
  const faults = [...checkLinks(world), ...checkRecords(world), ...pathIdFaults(world)];
  return faults.length ? fail(faults.map((i) => bad(i.pointer, i.message))) : ok(world);
}

/** The albums and photos whose ids the cases could not put in a path (path-ids.ts). */
function pathIdFaults(w: WorldFile): { pointer: string; message: string }[] {
  return (["albums", "photos"] as const).flatMap((list) =>
    w[list].flatMap((x, i) => {
      const problem = pathIdProblem(x.id);
      return problem === undefined
        ? []
        : [{ pointer: `/${list}/${i}/id`, message: `the id ${problem}` }];
    }),
  );
}
