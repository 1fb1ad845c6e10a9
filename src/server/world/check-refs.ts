/**
 * Reference checks a JSON Schema cannot make: unique ids, ids in the world's namespace, and
 * every id referring to an entry of the same file. Each fault names its JSON Pointer.
 */
import { isValidValue } from "../../model/appdata-rules.js";
import type { Issue } from "../../model/issue.js";
import { escapeToken } from "../../model/json-pointer.js";
import type { WorldFile } from "./types.js";

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

/** Returns every reference fault of a schema-valid world (empty when it is sound). */
export function checkReferences(w: WorldFile): Issue[] {
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
    for (const [j, a] of p.apps.entries()) known(apps, a, `/people/${i}/apps/${j}`, "app", out);
  });
  namespaced(
    w.namespace,
    w.people.map((p) => p.id),
    "/people",
    out,
  );
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
  namespaced(
    w.namespace,
    w.albums.map((a) => a.id),
    "/albums",
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
  namespaced(
    w.namespace,
    w.photos.map((p) => p.id),
    "/photos",
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
    for (const [user, record] of Object.entries(users)) {
      const up = `${ap}/${escapeToken(user)}`;
      if (!people.has(user))
        out.push({
          code: "invalid-value",
          pointer: up,
          message: `unknown person ${JSON.stringify(user)}`,
        });
      for (const [key, value] of Object.entries(record))
        if (!isValidValue(value))
          out.push({
            code: "invalid-value",
            pointer: `${up}/${escapeToken(key)}`,
            message: "value breaks P-DATA-1",
          });
    }
  }
  return out;
}
