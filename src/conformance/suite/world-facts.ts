/**
 * Exact values for `world` cases, derived from the target's world file (the format of
 * fixtures/world.json) and its role mapping. The facts are offered to cases as the capture
 * `world` (`{$world.friends.viewer}`, `{$world.person.friend.displayName}`, …).
 */
import { codePointCompare } from "../../model/code-point-order.js";
import { fail, ok, type Result } from "../../model/issue.js";
import { PAIR_LIMIT } from "../../model/limits.js";
import { OPTIONAL_PERSON_FIELDS, type OptionalPersonField } from "../../model/resources.js";
import type { Target } from "./target.js";
import {
  appIdOf,
  readWorldFile,
  type WorldAlbum,
  type WorldFile,
  type WorldPhoto,
} from "./world-file.js";
import { roleIssues } from "./world-roles.js";

/**
 * Reads the world file and computes the facts; problems come back as issues (world-file.ts), and
 * so do the roles the world does not bear out (world-roles.ts).
 */
export function loadWorldFacts(target: Target): Result<Record<string, unknown>> {
  const w = readWorldFile(target);
  if (!w.ok) return w;
  const roles = roleIssues(w.value, target);
  return roles.length > 0 ? fail(roles) : ok(worldFacts(w.value, target));
}

const byId = (a: { id: string }, b: { id: string }) => codePointCompare(a.id, b.id);

/** P-PAGE-1.2: the default page of a photo list (the facts name what one default GET answers). */
const PHOTO_PAGE = 20;

/**
 * The optional person fields that are lists (§2.6 `addresses`): a server may show a user
 * without any as an empty list or leave the field out, as neither document decides; the facts
 * give their sizes (`listSizes`) instead of naming them among the fields to leave out.
 */
const LIST_FIELDS = ["addresses"] as const satisfies readonly OptionalPersonField[];

/** §2.3's text members of a photo, which a case may find empty in the world. */
const PHOTO_TEXTS = ["title", "description", "thumbnailUrl", "url"] as const;

/**
 * The part of a seeded record a case can ask for by name in one `fields`: P-DATA-3 refuses 100
 * keys or more (P-DATA-7 lets a record hold 10,000), and RFC 9110 §4.1 asks servers to take URIs
 * of 8,000 octets at least, so the first 99 keys (in the world's order) whose list stays within
 * {@link FIELDS_BUDGET} characters. A larger record is judged on those keys.
 */
function askable(rec: Readonly<Record<string, string>>): Record<string, string> {
  const kept: [string, string][] = [];
  let length = 0;
  for (const [k, v] of Object.entries(rec)) {
    if (kept.length === PAIR_LIMIT - 1 || length + k.length + 1 > FIELDS_BUDGET) break;
    kept.push([k, v]);
    length += k.length + 1;
  }
  // fromEntries defines each key: `__proto__` (a valid key, P-DATA-1) stays a key
  return Object.fromEntries(kept);
}

/** The longest `fields` value a world case sends: half of RFC 9110 §4.1's 8,000 octets. */
const FIELDS_BUDGET = 4_000;

/** The facts of `w` as seen through `target`'s roles and apps. */
function worldFacts(w: WorldFile, target: Target): Record<string, unknown> {
  const main = appIdOf(w, target.apps.main.consumerKey);
  const other = appIdOf(w, target.apps.other?.consumerKey);
  // A friendship is symmetric and may be listed both ways round: each friend once.
  const friendsOf = (id: string) =>
    [...new Set(w.friends.flatMap(([a, b]) => (a === id ? [b] : b === id ? [a] : [])))].sort(
      codePointCompare,
    );
  const viewer = target.users.viewer ?? "";
  const viewerFriends = friendsOf(viewer);
  /** P-ALBUM-1: the viewer sees all of their own albums, a friend's everyone- and friends-albums, anyone's everyone-albums. */
  const seen = (a: WorldAlbum) =>
    a.ownerId === viewer ||
    a.visibility === "everyone" ||
    (a.visibility === "friends" && viewerFriends.includes(a.ownerId));
  const photosOf = (albumId: string) => w.photos.filter((ph) => ph.albumId === albumId).sort(byId);
  const mimeTypesOf = (albumId: string) => [
    ...new Set(photosOf(albumId).map((ph) => ph.mimeType ?? "")),
  ];
  const person: Record<string, unknown> = {};
  const missingFields: Record<string, string[]> = {};
  const listSizes: Record<string, Record<string, number>> = {};
  const friends: Record<string, string[]> = {};
  const friendsWithApp: Record<string, string[]> = {};
  const friendsWithOtherApp: Record<string, string[]> = {};
  const albums: Record<string, unknown> = {};
  const appdata: Record<string, Record<string, unknown>> = { main: {}, other: {} };
  const appdataFields: Record<string, Record<string, string>> = { main: {}, other: {} };
  for (const [role, id] of Object.entries(target.users)) {
    const p = w.people.find((x) => x.id === id);
    if (p) {
      const { apps, ...rest } = p;
      // an empty list (addresses: []) is left to listSizes: a server may show it or leave it out
      const shown = Object.fromEntries(
        Object.entries(rest).filter(
          ([f, v]) =>
            !((LIST_FIELDS as readonly string[]).includes(f) && Array.isArray(v) && v.length === 0),
        ),
      );
      person[role] = { ...shown, hasApp: (apps ?? []).includes(main) };
      missingFields[role] = OPTIONAL_PERSON_FIELDS.filter(
        (f) => !Object.hasOwn(rest, f) && !(LIST_FIELDS as readonly string[]).includes(f),
      );
      listSizes[role] = Object.fromEntries(
        LIST_FIELDS.map((f) => {
          const list = (rest as Record<string, unknown>)[f];
          return [f, Array.isArray(list) ? list.length : 0];
        }),
      );
    }
    friends[role] = friendsOf(id);
    const using = (app: string | undefined) =>
      friendsOf(id).filter((f) =>
        (w.people.find((x) => x.id === f)?.apps ?? []).some((a) => a === app),
      );
    friendsWithApp[role] = using(main);
    friendsWithOtherApp[role] = using(other);
    const own = w.albums.filter((a) => a.ownerId === id).sort(byId);
    const everyone = own.filter((a) => a.visibility === "everyone");
    const visible = own.filter(seen);
    const first = visible.find((a) => w.photos.some((ph) => ph.albumId === a.id));
    albums[role] = {
      everyone: everyone.map((a) => a.id),
      everyoneMimeTypes: everyone.map((a) => mimeTypesOf(a.id)),
      visible: visible.map((a) => a.id),
      visibleMimeTypes: visible.map((a) => mimeTypesOf(a.id)),
      hidden: own.filter((a) => !visible.includes(a)).map((a) => a.id),
      withPhotos: first?.id ?? "",
      photoIds: first
        ? photosOf(first.id)
            .slice(0, PHOTO_PAGE)
            .map((ph) => ph.id)
        : [],
      mimeTypes: first ? mimeTypesOf(first.id) : [],
    };
    for (const [name, appId] of [
      ["main", main],
      ["other", other],
    ] as const) {
      const rec = askable(w.appdata[appId]?.[id] ?? {});
      (appdata[name] as Record<string, unknown>)[role] = rec;
      (appdataFields[name] as Record<string, string>)[role] = Object.keys(rec).join(",");
    }
  }
  const byIdAlbums = [...w.albums].sort(byId);
  const hidden = byIdAlbums.find((a) => !seen(a));
  return {
    person,
    missingFields,
    listSizes,
    friends,
    friendsWithApp,
    friendsWithOtherApp,
    albums,
    appdata,
    appdataFields,
    hiddenAlbum: hidden ? { owner: hidden.ownerId, id: hidden.id } : {},
    emptyMember: emptyMember(byIdAlbums.filter(seen), photosOf),
  };
}

/**
 * The first photo (albums the viewer sees, by id; photos of the album's default page, by id)
 * with a §2.3 text member that is the empty string: its owner, album, id and member; `{}` when
 * the world has none.
 */
function emptyMember(
  albums: readonly WorldAlbum[],
  photosOf: (albumId: string) => WorldPhoto[],
): Record<string, string> {
  for (const a of albums)
    for (const ph of photosOf(a.id).slice(0, PHOTO_PAGE)) {
      const member = PHOTO_TEXTS.find((m) => ph[m] === "");
      if (member) return { owner: a.ownerId, album: a.id, photo: ph.id, member };
    }
  return {};
}
