/**
 * Exact values for `world` cases, derived from the target's world file (the format of
 * fixtures/world.json) and its role mapping. The facts are offered to cases as the capture
 * `world` (`{$world.friends.viewer}`, `{$world.person.friend.displayName}`, …).
 */
import { readFileSync } from "node:fs";
import { OPTIONAL_PERSON_FIELDS } from "../../model/resources.js";
import { codePointCompare } from "../checks/compare.js";
import type { Target } from "./target.js";

interface WorldPerson extends Record<string, unknown> {
  id: string;
  apps?: string[];
}
interface WorldAlbum {
  id: string;
  ownerId: string;
  visibility: "everyone" | "friends" | "self";
}
interface WorldPhoto {
  id: string;
  albumId: string;
  mimeType?: string;
}
interface WorldFile {
  apps: { id: string; consumerKey: string }[];
  people: WorldPerson[];
  friends: [string, string][];
  albums: WorldAlbum[];
  photos: WorldPhoto[];
  appdata: Record<string, Record<string, Record<string, string>>>;
}

/** Reads the world file and computes the facts; problems are returned as text. */
export function loadWorldFacts(
  target: Target,
): { ok: true; facts: Record<string, unknown> } | { ok: false; problem: string } {
  if (!target.world) return { ok: false, problem: "the target names no world file" };
  try {
    const w = JSON.parse(readFileSync(target.world, "utf8")) as WorldFile;
    return { ok: true, facts: worldFacts(w, target) };
  } catch (e) {
    return { ok: false, problem: `world ${target.world}: ${(e as Error).message}` };
  }
}

const byId = (a: { id: string }, b: { id: string }) => codePointCompare(a.id, b.id);

/** The facts of `w` as seen through `target`'s roles and apps. */
export function worldFacts(w: WorldFile, target: Target): Record<string, unknown> {
  const appOf = (key: string | undefined) => w.apps.find((a) => a.consumerKey === key)?.id ?? "";
  const main = appOf(target.apps.main.consumerKey);
  const other = appOf(target.apps.other?.consumerKey);
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
