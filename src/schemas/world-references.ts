/**
 * Checks of a world file a JSON Schema cannot make: unique ids, every id referring to an entry
 * of the same file and, for the reference server's world, ids in the world's namespace. Each
 * fault names its JSON Pointer.
 */
import { isValidKey, isValidValue } from "../model/appdata-rules.js";
import { parsePlatformId } from "../model/ids.js";
import type { Issue } from "../model/issue.js";
import { escapeToken } from "../model/json-pointer.js";
import { RECORD_LIMITS, recordBytes } from "../model/limits.js";
import type { WorldFile } from "../model/world-file.js";

function unique(ids: readonly string[], base: string, what: string, out: Issue[]): Set<string> {
  const seen = new Set<string>();
  ids.forEach((id, i) => {
    if (seen.has(id))
      out.push({
        code: "invalid-value",
        pointer: `${base}/${i}/id`,
        message: `duplicate ${what} ${JSON.stringify(id)}`,
      });
    seen.add(id);
  });
  return seen;
}

function known(
  set: ReadonlySet<string>,
  id: string,
  pointer: string,
  what: string,
  out: Issue[],
): void {
  if (!set.has(id))
    out.push({ code: "invalid-value", pointer, message: `unknown ${what} ${JSON.stringify(id)}` });
}

function namespaced(ns: string, ids: readonly string[], base: string, out: Issue[]): void {
  ids.forEach((id, i) => {
    if (!id.startsWith(`${ns}:`))
      out.push({
        code: "invalid-value",
        pointer: `${base}/${i}/id`,
        message: `id ${JSON.stringify(id)} is not in namespace ${JSON.stringify(ns)}`,
      });
  });
}

/** What {@link checkLinks} reads of a world file: ids and the ids they refer to. */
interface WorldLinks {
  readonly apps: readonly { readonly id: string; readonly consumerKey: string }[];
  readonly people: readonly { readonly id: string; readonly apps?: readonly string[] }[];
  readonly friends: readonly (readonly [string, string])[];
  readonly albums: readonly { readonly id: string; readonly ownerId: string }[];
  readonly photos: readonly { readonly id: string; readonly albumId: string }[];
  readonly appdata?: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
}

/**
 * The faults of a world's links, whatever form its ids take: an id given twice, a reference to
 * an entry the file lacks, a person befriending themself. The reference server's world checks
 * them (with its own id rules, {@link checkReferences}); so does the runner's reading of a
 * target's world, whose users may be named otherwise than §2.1's `<namespace>:<value>`.
 */
export function checkLinks(w: WorldLinks): Issue[] {
  const out: Issue[] = [];
  const apps = unique(
    w.apps.map((a) => a.id),
    "/apps",
    "app id",
    out,
  );
  const keys = new Set<string>();
  w.apps.forEach((a, i) => {
    if (keys.has(a.consumerKey))
      out.push({
        code: "invalid-value",
        pointer: `/apps/${i}/consumerKey`,
        message: "duplicate consumer key",
      });
    keys.add(a.consumerKey);
  });
  const people = unique(
    w.people.map((p) => p.id),
    "/people",
    "person id",
    out,
  );
  w.people.forEach((p, i) => {
    for (const [j, a] of (p.apps ?? []).entries())
      known(apps, a, `/people/${i}/apps/${j}`, "app", out);
    // P-AUTH-4: a bare value names its person wherever an id is read; one that is another
    // person's whole id (`ns:ns:bob` beside `ns:bob`) would name two
    const value = parsePlatformId(p.id)?.value;
    if (value !== undefined && value !== p.id && people.has(value))
      out.push({
        code: "invalid-value",
        pointer: `/people/${i}/id`,
        message: `its bare value ${JSON.stringify(value)} is another person's id: a path or requestor naming it would name two people (P-AUTH-4)`,
      });
  });
  w.friends.forEach(([a, b], i) => {
    known(people, a, `/friends/${i}/0`, "person", out);
    known(people, b, `/friends/${i}/1`, "person", out);
    if (a === b)
      out.push({
        code: "invalid-value",
        pointer: `/friends/${i}/1`,
        message: "a person cannot befriend themself",
      });
  });
  const albums = unique(
    w.albums.map((a) => a.id),
    "/albums",
    "album id",
    out,
  );
  for (const [i, a] of w.albums.entries())
    known(people, a.ownerId, `/albums/${i}/ownerId`, "person", out);
  unique(
    w.photos.map((p) => p.id),
    "/photos",
    "photo id",
    out,
  );
  for (const [i, p] of w.photos.entries())
    known(albums, p.albumId, `/photos/${i}/albumId`, "album", out);
  for (const [app, users] of Object.entries(w.appdata ?? {})) {
    const ap = `/appdata/${escapeToken(app)}`;
    if (!apps.has(app))
      out.push({
        code: "invalid-value",
        pointer: ap,
        message: `unknown app ${JSON.stringify(app)}`,
      });
    for (const user of Object.keys(users))
      if (!people.has(user))
        out.push({
          code: "invalid-value",
          pointer: `${ap}/${escapeToken(user)}`,
          message: `unknown person ${JSON.stringify(user)}`,
        });
  }
  return out;
}

/** What {@link checkRecords} reads of a world file: its seed records, by app and user. */
type WorldRecords = Pick<WorldLinks, "appdata">;

/**
 * The faults of a world's seed records, which no conforming service could hold: a key or value
 * P-DATA-1 refuses, a record past P-DATA-7's 10,000 keys or 4 MiB.
 */
export function checkRecords(w: WorldRecords): Issue[] {
  const out: Issue[] = [];
  for (const [app, users] of Object.entries(w.appdata ?? {}))
    for (const [user, rec] of Object.entries(users)) {
      const at = `/appdata/${escapeToken(app)}/${escapeToken(user)}`;
      if (rec === null || typeof rec !== "object") continue;
      const pairs = Object.entries(rec as Record<string, unknown>).filter(
        (kv): kv is [string, string] => typeof kv[1] === "string",
      );
      for (const [key, value] of pairs)
        if (!isValidKey(key) || !isValidValue(value))
          out.push({
            code: "invalid-value",
            pointer: `${at}/${escapeToken(key)}`,
            message: isValidKey(key) ? "value breaks P-DATA-1" : "key breaks P-DATA-1",
          });
      const bytes = recordBytes(pairs);
      if (pairs.length > RECORD_LIMITS.maxKeys || bytes > RECORD_LIMITS.maxBytes)
        out.push({
          code: "invalid-value",
          pointer: at,
          message: `the record holds ${pairs.length} keys and ${bytes} bytes of keys and values: P-DATA-7 bounds a record at ${RECORD_LIMITS.maxKeys} keys and ${RECORD_LIMITS.maxBytes} bytes`,
        });
    }
  return out;
}

/**
 * Every fault of a schema-valid world (empty when it is sound): its links and records, then
 * the reference server's own rules: ids in the world's namespace, no two people sharing a bare
 * value (P-AUTH-4).
 */
export function checkReferences(w: WorldFile): Issue[] {
  const out = checkLinks(w);
  const bare = new Set<string>();
  w.people.forEach((p, i) => {
    const value = p.id.slice(w.namespace.length + 1);
    if (bare.has(value))
      out.push({
        code: "invalid-value",
        pointer: `/people/${i}/id`,
        message: "two people share a bare value (P-AUTH-4)",
      });
    bare.add(value);
  });
  for (const [base, ids] of [
    ["/people", w.people],
    ["/albums", w.albums],
    ["/photos", w.photos],
  ] as const)
    namespaced(
      w.namespace,
      ids.map((x) => x.id),
      base,
      out,
    );
  out.push(...checkRecords(w));
  return out;
}
