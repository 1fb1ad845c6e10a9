/**
 * Exact values for `world` cases, derived from the target's world file (the format of
 * fixtures/world.json) and its role mapping. The facts are offered to cases as the capture
 * `world` (`{$world.friends.viewer}`, `{$world.person.friend.displayName}`, …).
 */
import { ok, type Result } from "../../model/issue.js";
import { OPTIONAL_PERSON_FIELDS } from "../../model/resources.js";
import { codePointCompare } from "../checks/compare.js";
import type { Target } from "./target.js";
import { appIdOf, readWorldFile, type WorldFile } from "./world-file.js";

/** Reads the world file and computes the facts; problems come back as issues (world-file.ts). */
export function loadWorldFacts(target: Target): Result<Record<string, unknown>> {
  const w = readWorldFile(target);
  return w.ok ? ok(worldFacts(w.value, target)) : w;
}

const byId = (a: { id: string }, b: { id: string }) => codePointCompare(a.id, b.id);

/** The facts of `w` as seen through `target`'s roles and apps. */
export function worldFacts(w: WorldFile, target: Target): Record<string, unknown> {
  const main = appIdOf(w, target.apps.main.consumerKey);
  const other = appIdOf(w, target.apps.other?.consumerKey);
  const friendsOf = (id: string) =>
    w.friends.flatMap(([a, b]) => (a === id ? [b] : b === id ? [a] : [])).sort(codePointCompare);
  const viewer = target.users.viewer ?? "";
  const person: Record<string, unknown> = {};
  const missingFields: Record<string, string[]> = {};
  const friends: Record<string, string[]> = {};
  const friendsWithApp: Record<string, string[]> = {};
  const albums: Record<string, unknown> = {};
  const appdata: Record<string, Record<string, unknown>> = { main: {}, other: {} };
  const appdataFields: Record<string, Record<string, string>> = { main: {}, other: {} };
  for (const [role, id] of Object.entries(target.users)) {
    const p = w.people.find((x) => x.id === id);
    if (p) {
      const { apps, ...rest } = p;
      person[role] = { ...rest, hasApp: (apps ?? []).includes(main) };
      missingFields[role] = OPTIONAL_PERSON_FIELDS.filter((f) => !Object.hasOwn(rest, f));
    }
    friends[role] = friendsOf(id);
    friendsWithApp[role] = friendsOf(id).filter((f) =>
      (w.people.find((x) => x.id === f)?.apps ?? []).includes(main),
    );
    const own = w.albums.filter((a) => a.ownerId === id).sort(byId);
    const isFriend = friendsOf(viewer).includes(id);
    const visible = own.filter(
      (a) =>
        id === viewer || a.visibility === "everyone" || (isFriend && a.visibility === "friends"),
    );
    const first = visible.find((a) => w.photos.some((ph) => ph.albumId === a.id));
    const photos = first ? w.photos.filter((ph) => ph.albumId === first.id).sort(byId) : [];
    albums[role] = {
      everyone: own.filter((a) => a.visibility === "everyone").map((a) => a.id),
      visible: visible.map((a) => a.id),
      hidden: own.filter((a) => !visible.includes(a)).map((a) => a.id),
      withPhotos: first?.id ?? "",
      photoIds: photos.map((ph) => ph.id),
      mimeTypes: [...new Set(photos.map((ph) => ph.mimeType ?? ""))],
    };
    for (const [name, appId] of [
      ["main", main],
      ["other", other],
    ] as const) {
      const rec = w.appdata[appId]?.[id] ?? {};
      (appdata[name] as Record<string, unknown>)[role] = rec;
      (appdataFields[name] as Record<string, string>)[role] = Object.keys(rec).join(",");
    }
  }
  return { person, missingFields, friends, friendsWithApp, albums, appdata, appdataFields };
}
