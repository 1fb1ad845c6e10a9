/**
 * The executable model of social-api.md + profile.md for reads: given the world, the
 * application data so far and one read, the status the target must answer (with the statement
 * that decides it, in the P-ERR-5 order of faults) and, for a 200, the JSON value it must carry.
 *
 * The runner never imports the reference server (it judges ours as it judges anyone's; the
 * architecture test holds it), so this model restates the server's answers on its own: the
 * rules a server can get wrong (permissions, album visibility, which list a selector names,
 * paging and its bounds, the order of faults) are written again here from the documents, so
 * that a defect of the reference is not also a defect of its judge. What the documents fix as
 * plain facts comes from the model both share: the limits (model/limits.ts) and the shape of
 * the §2 objects built from a world record (model/resource-objects.ts).
 */

import type { AtomKind } from "../../codecs/atom/index.js";
import { codePointCompare } from "../../model/code-point-order.js";
import { pointerTokens } from "../../model/json-pointer.js";
import { DEFAULT_COUNT, MAX_COUNT, MAX_PAGING_VALUE, PAIR_LIMIT } from "../../model/limits.js";
import { albumObject, personObject, photoObject } from "../../model/resource-objects.js";
import type { AppDataModel } from "./appdata-model.js";
import type { FuzzAlbum, FuzzWorld } from "./world.js";

/** Paging parameters as sent (text, so that invalid ones can be sent too). */
export interface Paging {
  readonly startIndex?: string;
  readonly count?: string;
}

/** A read the fuzzer makes. `user` is the id the guid names (or an unknown id). */
export type Read =
  | {
      readonly op: "appdata";
      readonly as: string;
      readonly app: "main" | "other";
      readonly user: string;
      readonly selector: "@self" | "@friends";
      /** Keys to ask for; `[]` sends an empty `fields=` (all keys, P-DATA-5). */
      readonly fields?: readonly string[];
    }
  | {
      readonly op: "people";
      readonly as: string;
      readonly user: string;
      readonly selector: "@self" | "@friends" | "@all";
      readonly pid?: string;
      readonly fields?: readonly string[];
      readonly filterBy?: string;
      readonly paging: Paging;
    }
  | {
      readonly op: "albums";
      readonly as: string;
      readonly user: string;
      readonly visibility?: string;
      readonly paging: Paging;
    }
  | {
      readonly op: "photos";
      readonly as: string;
      readonly user: string;
      readonly albumId: string;
      readonly paging: Paging;
    };

/** What the model says a request must answer. */
export interface Expected {
  readonly status: number;
  /** The statement that decides the status (and, for a 200, the data). */
  readonly statement: string;
  /** For a 200 read: the JSON value, and the Atom kind that carries it. */
  readonly body?: Record<string, unknown>;
  readonly kind?: AtomKind;
  /** For appdata: user → keys in the P-FMT-3 order (the Atom form's promise). */
  readonly keyOrder?: ReadonlyMap<string, readonly string[]>;
  /** For lists: the whole ordered list before paging (core compares pages leniently). */
  readonly all?: readonly Record<string, unknown>[];
  /** True when the read is a paged list (itemsPerPage expected). */
  readonly list?: boolean;
  /**
   * True for a list, asked with paging parameters or without: §4 shows no paging parameter names
   * and §8 sample page sizes only ("The maximum page size is not shown"), so at core the page may
   * start anywhere and have any size, whatever `startIndex` and `count` asked (P-PAGE-1 decides
   * the names, the defaults and the maximum of 1000 for the profile).
   */
  readonly pageSizeOpen?: boolean;
  /** True when a filter (`filterBy`, `visibility`) decides the list: its statement owns the count. */
  readonly selective?: boolean;
  /** P-FMT-7: the `author/url` id of each Atom entry (by the entry's data), when not its own id. */
  readonly atomAuthor?: (item: Record<string, unknown>) => string;
  /**
   * Other statuses a core judge takes (a 200 is then judged as a page of any start and size):
   * §4 leaves the paging parameter names "not shown" and §8 the maximum page size, so at core a
   * server may ignore `startIndex` and `count` (its own have other names) or refuse a value the
   * profile takes (P-PAGE-1, P-PAGE-2 decide them); §7.2 answers 400 to an invalid paging value
   * without saying which values are invalid, and §7.3 leaves the album and photo statuses open.
   */
  readonly coreStatuses?: readonly number[];
  /**
   * What a core judge takes instead, where social-api.md reads otherwise than the profile: a read
   * the profile's permission rules refuse or narrow, served (see expectRead), or a `visibility`
   * value §4.1 does not show, ignored (P-ALBUM-1 refuses it). At core an answer that fails the
   * expectation itself passes when it meets this one; one that meets neither fails by the
   * expectation itself.
   */
  readonly coreAlso?: Expected;
  /** The statement a wrong status breaks, when it is not {@link statement}. */
  readonly statusStatement?: string;
  /** The statement an answer of a given wrong status breaks (e.g. a valid write refused 400: P-DATA-1). */
  readonly byStatus?: Readonly<Record<number, string>>;
  /** For appdata: the statement a difference at `pointer` breaks, when the model can tell. */
  readonly explain?: (pointer: string, actual: unknown) => string | undefined;
}

/** P-PAGE-2: a paging value's number, or undefined when it is invalid. */
function pagingValue(text: string): number | undefined {
  if (!/^[0-9]+$/.test(text)) return undefined;
  const n = Number(text);
  return n <= MAX_PAGING_VALUE ? n : undefined;
}

/** The page of `all` (P-PAGE-1..3), or a 400 for an invalid paging value. */
function page(
  paging: Paging,
  defaultCount: number,
): { startIndex: number; count: number } | undefined {
  const start = paging.startIndex === undefined ? 0 : pagingValue(paging.startIndex);
  const count = paging.count === undefined ? defaultCount : pagingValue(paging.count);
  if (start === undefined || count === undefined || count === 0 || count > MAX_COUNT)
    return undefined;
  return { startIndex: start, count };
}

/**
 * The largest paging value the documents show a server taking: §8's smallest sample page size
 * (20 for albums and photos). A larger one, or one written other than in plain digits without
 * leading zeros, is valid or invalid by the profile's decision alone (P-PAGE-1, P-PAGE-2).
 */
const SHOWN_PAGING_MAX = Math.min(...Object.values(DEFAULT_COUNT));

/** At core, a 400 to a paging value other than those the documents show a server taking. */
function pagingOpen(paging: Paging): Pick<Expected, "coreStatuses"> {
  const shown = [paging.startIndex, paging.count].every(
    (v) => v === undefined || (/^(?:0|[1-9][0-9]*)$/.test(v) && Number(v) <= SHOWN_PAGING_MAX),
  );
  return shown ? {} : { coreStatuses: [400] };
}

const fail = (status: number, statement: string): Expected => ({ status, statement });

/**
 * True when every key is one social-api.md shows a server taking: ASCII letters and digits, as
 * its sample keys (subject, content, updated). §7.1 answers 400 to "a character not allowed in a
 * key" without saying which; P-DATA-1 decides the alphabet (`A-Za-z0-9_.-`) at profile.
 */
function keysShown(keys: Iterable<string>): boolean {
  for (const k of keys) if (!/^[A-Za-z0-9]+$/.test(k)) return false;
  return true;
}

/** At core, a 400 to a request naming a key outside {@link keysShown} is taken (S-7.1-400-KEYCHAR). */
export function keyCharsOpen(keys: Iterable<string>): Pick<Expected, "coreStatuses"> {
  return keysShown(keys) ? {} : { coreStatuses: [400] };
}

/**
 * P-PAGE-5: where paging is ignored, a 400 to a paging parameter breaks that rule. At core a
 * profile request (§4.6) may answer 400 to a value the documents do not show it taking (§7.2:
 * "paging value invalid"; which values are invalid is the profile's, P-PAGE-2).
 */
function pagingIgnored(paging: Paging): Pick<Expected, "byStatus" | "coreStatuses"> {
  if (paging.startIndex === undefined && paging.count === undefined) return {};
  return { byStatus: { 400: "P-PAGE-5" }, ...pagingOpen(paging) };
}

function hasApp(world: FuzzWorld, user: string, app: string): boolean {
  return world.people.get(user)?.apps.includes(app) ?? false;
}

/** P-AUTH-5: the viewer must have the calling app. */
function appOf(world: FuzzWorld, app: "main" | "other"): string {
  return app === "main" ? world.mainApp : world.otherApp;
}

/** §2.6 person object as a viewer sees it (hasApp for the main application). */
function personAnswer(
  world: FuzzWorld,
  id: string,
  opts: { selfOf?: string; fields?: readonly string[] },
): Record<string, unknown> {
  const p = world.people.get(id);
  if (!p) return {};
  return personObject(p, { ...opts, hasApp: p.apps.includes(world.mainApp) });
}

/** P-ALBUM-1: whether `viewer` may see `album`. */
function canSee(world: FuzzWorld, album: FuzzAlbum, viewer: string): boolean {
  if (album.ownerId === viewer || album.visibility === "everyone") return true;
  return album.visibility === "friends" && world.areFriends(album.ownerId, viewer);
}

/** §2.2 album object with the derived members (P-ALBUM-3), counted from the world's photos. */
function albumAnswer(world: FuzzWorld, a: FuzzAlbum): Record<string, unknown> {
  const photos = world.photos
    .filter((p) => p.albumId === a.id)
    .sort((x, y) => codePointCompare(x.id, y.id));
  return albumObject(a, {
    mediaItemCount: photos.length,
    mediaMimeType: [...new Set(photos.map((p) => p.mimeType))],
  });
}

function listAnswer(
  all: Record<string, unknown>[],
  paging: Paging,
  defaultCount: number,
  kind: AtomKind,
  statement: string,
  extra: Partial<Expected> = {},
): Expected {
  const p = page(paging, defaultCount);
  // The page a server that takes no paging parameter answers: the default one (at core, where
  // such a server is correct, a page is judged at the start and size it states).
  const shown = p ?? { startIndex: 0, count: defaultCount };
  // §7.2 names the paging 400 of the profile operation; P-PAGE-2 decides it elsewhere. At core
  // a 200 is correct too (see Expected.coreStatuses), judged under the list's statement.
  const status = p
    ? {
        status: 200,
        // A valid list read refused 400 refused a paging value it should take: digits with
        // leading zeros are plain decimal digits (P-PAGE-2), any other a value in range (P-PAGE-1).
        byStatus: {
          400: [paging.startIndex, paging.count].some((v) => v !== undefined && /^0[0-9]/.test(v))
            ? "P-PAGE-2"
            : "P-PAGE-1",
        },
        ...pagingOpen(paging),
      }
    : {
        status: 400,
        statusStatement: kind === "people" ? "S-7.2-400-PAGING" : "P-PAGE-2",
        coreStatuses: [200],
      };
  return {
    ...extra,
    ...status,
    statement,
    kind,
    list: true,
    pageSizeOpen: true,
    all,
    body: {
      entry: all.slice(shown.startIndex, shown.startIndex + shown.count),
      startIndex: shown.startIndex,
      itemsPerPage: shown.count,
      totalResults: all.length,
    },
  };
}

/**
 * The answer the model expects to `read`. Who may read what is the profile's (P-AUTH-5, P-DATA-6,
 * P-PEOPLE-1, P-PEOPLE-4, P-ALBUM-1, P-ALBUM-2): social-api.md answers 403 "no permission to
 * read" (§7.1, §7.2) without saying who has it, and §4.1 lists "every album of the user" for
 * `visibility=all`. So where the permitted answer differs, a core judge takes it too (coreAlso).
 */
export function expectRead(world: FuzzWorld, data: AppDataModel, read: Read): Expected {
  const decided = expectByProfile(world, data, read, false);
  if (decided.coreAlso) return decided;
  const permitted = expectByProfile(world, data, read, true);
  const same =
    permitted.status === decided.status &&
    JSON.stringify(permitted.body) === JSON.stringify(decided.body);
  return same ? decided : { ...decided, coreAlso: permitted };
}

/**
 * The answer the profile decides for `read`; with `permitted`, as if the reader had every
 * permission the profile grants or withholds (the permission rules named above).
 */
function expectByProfile(
  world: FuzzWorld,
  data: AppDataModel,
  read: Read,
  permitted: boolean,
): Expected {
  const app = read.op === "appdata" ? appOf(world, read.app) : world.mainApp;
  if (!world.people.has(read.as)) return fail(400, "P-AUTH-3");
  if (!permitted && !hasApp(world, read.as, app)) return fail(403, "P-AUTH-5");
  const known = world.people.has(read.user);
  const self = read.user === read.as;
  const friend = world.areFriends(read.user, read.as);
  switch (read.op) {
    case "appdata": {
      if (!known) return fail(404, "P-DATA-6");
      if (!permitted && (read.selector === "@self" ? !(self || friend) : !self))
        return fail(403, "P-DATA-6");
      if ((read.fields?.length ?? 0) >= PAIR_LIMIT) return fail(400, "P-DATA-3");
      const users = read.selector === "@self" ? [read.user] : world.friendsOf(read.user);
      const wanted = read.fields?.length ? new Set(read.fields) : undefined;
      const entry: Record<string, Record<string, string>> = {};
      const keyOrder = new Map<string, string[]>();
      for (const u of users) {
        const pairs = [...data.record(app, u)].filter(([k]) => !wanted || wanted.has(k));
        if (pairs.length === 0) continue;
        entry[u] = Object.fromEntries(pairs);
        keyOrder.set(
          u,
          pairs.map(([k]) => k),
        );
      }
      const ids = [...keyOrder.keys()];
      const explain = (pointer: string, actual: unknown): string | undefined => {
        const [, top, u, k, more] = ["", ...pointerTokens(pointer)];
        if (top !== "entry" || u === undefined || more !== undefined) return undefined;
        const expectedUser = Object.hasOwn(entry, u);
        if (app !== world.mainApp) return "P-DATA-6";
        if (k === undefined) {
          if (!expectedUser) {
            if (actual !== null && typeof actual === "object" && Object.keys(actual).length === 0)
              return "P-DATA-5";
            if (wanted) return "S-4.3-FIELDS";
            const deleted = data.lastDelete(app, u);
            if (deleted) return deleted;
            return read.selector === "@friends" ? "S-4.3-FRIENDS" : "P-DATA-6";
          }
          return actual === undefined ? (data.lastDelete(app, u) ?? "P-DATA-4") : undefined;
        }
        // One key missing beside others: not kept (P-DATA-4). A whole record missing after a
        // delete (above) is more likely the delete's doing.
        if (actual === undefined) return "P-DATA-4";
        if (typeof actual !== "string") return "S-2.5-APPDATA-SHAPE";
        if (Object.hasOwn(entry[u] ?? {}, k)) return "S-4.4-WRITE";
        if (wanted && !wanted.has(k)) return "S-4.3-FIELDS";
        return data.removedBy(app, u, k) ?? (read.app === "other" ? "P-DATA-6" : undefined);
      };
      return {
        status: 200,
        ...keyCharsOpen(read.fields ?? []),
        statement: read.fields
          ? "S-4.3-FIELDS"
          : read.selector === "@friends"
            ? "S-4.3-FRIENDS"
            : "S-4.3-READ",
        // A refused read of data the viewer may read breaks the read permission.
        ...(read.user !== read.as ? { statusStatement: "P-DATA-6" } : {}),
        kind: "appdata",
        keyOrder,
        explain,
        body: { entry, id: ids, startIndex: 0, totalResults: ids.length },
      };
    }
    case "people": {
      if (!known) return fail(404, "S-7.2-404-USER");
      if (read.selector === "@self") {
        if (!permitted && !(self || friend)) return fail(403, "P-PEOPLE-4");
        return {
          status: 200,
          statement: read.fields ? "S-4.6-FIELDS" : "S-4.6-SELF",
          ...pagingIgnored(read.paging),
          kind: "person",
          body: {
            entry: personAnswer(world, read.user, {
              selfOf: read.as,
              ...(read.fields ? { fields: read.fields } : {}),
            }),
            startIndex: 0,
            totalResults: 1,
          },
        };
      }
      if (read.pid !== undefined) {
        if (!world.people.has(read.pid)) return fail(404, "P-PEOPLE-1");
        if (!permitted && !self) return fail(403, "P-PEOPLE-1");
        if (!world.areFriends(read.user, read.pid)) return fail(404, "P-PEOPLE-1");
        return {
          status: 200,
          statement: "S-4.6-PID",
          ...pagingIgnored(read.paging),
          kind: "person",
          body: {
            entry: personAnswer(world, read.pid, read.fields ? { fields: read.fields } : {}),
            startIndex: 0,
            totalResults: 1,
          },
        };
      }
      if (!permitted && !self) return fail(403, "P-PEOPLE-1");
      if (read.filterBy !== undefined && read.filterBy !== "hasApp") return fail(400, "P-PEOPLE-2");
      let ids = world.friendsOf(read.user);
      if (read.filterBy === "hasApp") ids = ids.filter((id) => hasApp(world, id, world.mainApp));
      const all = ids.map((id) =>
        personAnswer(world, id, read.fields ? { fields: read.fields } : {}),
      );
      return listAnswer(
        all,
        read.paging,
        DEFAULT_COUNT.friends,
        "people",
        read.filterBy ? "S-4.6-FILTERBY" : read.fields ? "S-4.6-FIELDS" : "S-4.6-FRIENDS",
        read.filterBy ? { selective: true } : {},
      );
    }
    case "albums": {
      if (!known) return fail(404, "P-ALBUM-2");
      const owned = world.albums
        .filter((a) => a.ownerId === read.user)
        .sort((x, y) => codePointCompare(x.id, y.id));
      // Which albums are listed is the visibility rule: §4.1 without the parameter, P-ALBUM-1 with it.
      const albums = (listed: readonly FuzzAlbum[], statement: string) =>
        listAnswer(
          listed.map((a) => albumAnswer(world, a)),
          read.paging,
          DEFAULT_COUNT.albums,
          "albums",
          statement,
          // the 200 is §4.1's whichever rule decides the albums listed
          {
            selective: true,
            statusStatement: "S-4.1-ALBUMS",
            atomAuthor: (item) => String(item.ownerId),
          },
        );
      const everyone = albums(
        owned.filter((a) => a.visibility === "everyone"),
        "S-4.1-VISIBILITY",
      );
      // §4.1 shows the one value `all`; a server may ignore another (P-ALBUM-1 refuses it).
      if (read.visibility !== undefined && read.visibility !== "all")
        return { ...fail(400, "P-ALBUM-1"), coreAlso: everyone };
      if (read.visibility === undefined) return everyone;
      // §4.1: "all: return every album of the user"; P-ALBUM-1 keeps those the viewer may not see.
      return permitted
        ? albums(owned, "S-4.1-VISIBILITY")
        : albums(
            owned.filter((a) => canSee(world, a, read.as)),
            "P-ALBUM-1",
          );
    }
    case "photos": {
      const album = world.albums.find((a) => a.id === read.albumId);
      if (!known || !album || album.ownerId !== read.user) return fail(404, "P-ALBUM-2");
      const all = world.photos
        .filter((p) => p.albumId === album.id)
        .sort((x, y) => codePointCompare(x.id, y.id))
        .map((p) => photoObject(p));
      const photos = listAnswer(all, read.paging, DEFAULT_COUNT.photos, "photos", "S-4.2-PHOTOS", {
        atomAuthor: () => album.ownerId,
      });
      // §4.2 gives the photos of an album no reader rule; P-ALBUM-2 refuses an album not seen.
      return permitted || canSee(world, album, read.as) ? photos : fail(403, "P-ALBUM-2");
    }
  }
}
