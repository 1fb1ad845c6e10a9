/**
 * The static part of the fuzzer's model: the target's world file (the format of
 * fixtures/world.json) seen through the target file's roles and applications. People, friends,
 * albums and photos never change; application data starts as the world file says.
 */
import { codePointCompare } from "../../model/code-point-order.js";
import { parsePlatformId } from "../../model/ids.js";
import { ok, type Result } from "../../model/issue.js";
import type { Target } from "../suite/target.js";
import { appIdOf, readWorldFile, type WorldAlbum, type WorldFile } from "../suite/world-file.js";

/** A person of the world file (its `apps` lists the application ids it uses). */
interface FuzzPerson extends Record<string, unknown> {
  readonly id: string;
  readonly apps: readonly string[];
}

/** An album of the world file. */
export type FuzzAlbum = WorldAlbum;

/** A photo of the world file. */
interface FuzzPhoto extends Record<string, unknown> {
  readonly id: string;
  readonly albumId: string;
  readonly mimeType: string;
}

/** The world as the fuzzer's model reads it. */
export interface FuzzWorld {
  readonly namespace: string;
  readonly people: ReadonlyMap<string, FuzzPerson>;
  readonly albums: readonly FuzzAlbum[];
  readonly photos: readonly FuzzPhoto[];
  /** Application id of the target's `main` and `other` apps ("" when unknown). */
  readonly mainApp: string;
  readonly otherApp: string;
  /** app id → user id → ordered key/value pairs, as the world file seeds them. */
  readonly appdata: ReadonlyMap<string, ReadonlyMap<string, readonly [string, string][]>>;
  readonly viewer: string;
  /**
   * A user with the main app and no seeded data for it, befriended by nobody's data: the one
   * record the fuzzer may delete as a whole (DELETE without `fields`), since it owns all of it.
   */
  readonly scratch?: string;
  /** A user without the main app (P-AUTH-5), when the world has one. */
  readonly withoutApp?: string;
  friendsOf(id: string): string[];
  areFriends(a: string, b: string): boolean;
}

/** Reads the target's world file; problems come back as issues (suite/world-file.ts). */
export function loadFuzzWorld(target: Target): Result<FuzzWorld> {
  const raw = readWorldFile(target, "the fuzzer's model needs one");
  return raw.ok ? ok(fuzzWorld(raw.value, target)) : raw;
}

/** The model world of `raw` through `target`. */
function fuzzWorld(raw: WorldFile, target: Target): FuzzWorld {
  const mainApp = appIdOf(raw, target.apps.main.consumerKey);
  const otherApp = appIdOf(raw, target.apps.other?.consumerKey);
  const people = new Map(raw.people.map((p) => [p.id, { ...p, apps: p.apps ?? [] }]));
  const friends = new Map<string, Set<string>>();
  for (const [a, b] of raw.friends) {
    if (!friends.has(a)) friends.set(a, new Set());
    if (!friends.has(b)) friends.set(b, new Set());
    friends.get(a)?.add(b);
    friends.get(b)?.add(a);
  }
  const appdata = new Map<string, Map<string, [string, string][]>>();
  for (const [app, users] of Object.entries(raw.appdata))
    appdata.set(app, new Map(Object.entries(users).map(([u, rec]) => [u, Object.entries(rec)])));
  const viewer = target.users.viewer ?? "";
  const seeded = appdata.get(mainApp) ?? new Map();
  // A friend of the viewer first: the viewer can then read the scratch record (P-DATA-6).
  const isFriend = (id: string) => (friends.get(viewer)?.has(id) ? 0 : 1);
  const scratch = [...people.values()]
    .filter((p) => p.id !== viewer && p.apps.includes(mainApp) && !seeded.has(p.id))
    .map((p) => p.id)
    .sort((a, b) => isFriend(a) - isFriend(b) || codePointCompare(a, b))[0];
  const withoutApp =
    target.users.friendWithoutApp ??
    [...people.values()].find((p) => !p.apps.includes(mainApp))?.id;
  return {
    namespace: raw.namespace ?? parsePlatformId(viewer)?.namespace ?? "",
    people,
    albums: raw.albums,
    // World files give every photo its mimeType; the model reads them as they are.
    photos: raw.photos as readonly FuzzPhoto[],
    mainApp,
    otherApp,
    appdata,
    viewer,
    ...(scratch ? { scratch } : {}),
    ...(withoutApp ? { withoutApp } : {}),
    friendsOf: (id) => [...(friends.get(id) ?? [])].sort(codePointCompare),
    areFriends: (a, b) => friends.get(a)?.has(b) ?? false,
  };
}
