/**
 * The §2 objects as the documents show them, built from a world file's records: a photo (§2.3),
 * an album with its derived members (§2.2, P-ALBUM-3), a person with the members a request asks
 * for (§2.6, P-PEOPLE-3). Members come in the order of their section. The reference server's
 * views and the fuzzer's model of the answers both build them here; who may see which object is
 * each one's own business.
 *
 * The functions are generic over the record's member types, so that the server's typed world
 * (model/world-file.ts) gets typed objects back and the runner's world, read as loose JSON from
 * the target's world file, gets loose ones.
 */
import type { OptionalPersonField } from "./resources.js";
import { OPTIONAL_PERSON_FIELDS } from "./resources.js";

/** A record that may hold the members `K` (of any type). */
type Holding<K extends string> = { readonly [M in K]?: unknown };

/** §2.3: the members of a photo. */
type PhotoMember = "id" | "albumId" | "title" | "description" | "fileSize" | "thumbnailUrl" | "url";

/** The §2.3 photo object of `p` (its `mimeType` and any other member left out). */
export function photoObject<P extends Holding<PhotoMember>>(p: P): Pick<P, PhotoMember> {
  return {
    id: p.id,
    albumId: p.albumId,
    title: p.title,
    description: p.description,
    fileSize: p.fileSize,
    thumbnailUrl: p.thumbnailUrl,
    url: p.url,
  };
}

/** §2.2: the members of an album the world file stores. */
type AlbumMember = "id" | "title" | "caption" | "description" | "thumbnailUrl" | "ownerId";

/** P-ALBUM-3: the album members derived from its photos (a type, so it reads as a plain record). */
type AlbumDerived<T = unknown> = {
  /** How many photos the album holds. */
  readonly mediaItemCount: number;
  /** The distinct MIME types of its photos. */
  readonly mediaMimeType: T[];
};

/** The §2.2 album object of `a`, with the members derived from its photos. */
export function albumObject<A extends Holding<AlbumMember>, T>(
  a: A,
  derived: AlbumDerived<T>,
): Pick<A, AlbumMember> & AlbumDerived<T> {
  return {
    id: a.id,
    title: a.title,
    caption: a.caption,
    description: a.description,
    thumbnailUrl: a.thumbnailUrl,
    mediaItemCount: derived.mediaItemCount,
    ownerId: a.ownerId,
    mediaMimeType: derived.mediaMimeType,
  };
}

/** §2.6: the members of every person object but the derived `hasApp`. */
type PersonMember = "id" | "nickname" | "displayName" | "updated" | "thumbnailUrl";

/** How a request shows a person. */
interface PersonShown {
  /** §2.6 hasApp: whether the person uses the calling application. */
  readonly hasApp: boolean;
  /** The viewer's id, for isViewer/isOwner (with `@self` only, P-PEOPLE-3); undefined leaves them out. */
  readonly selfOf?: string | undefined;
  /** Names from `fields`: the optional members to show; unknown names are ignored (P-PEOPLE-2). */
  readonly fields?: readonly string[] | undefined;
}

/** The §2.6 person object of `p`: the optional members only as `view` asks and `p` has them. */
export function personObject<P extends Holding<PersonMember | OptionalPersonField>>(
  p: P,
  view: PersonShown,
): Pick<P, PersonMember> &
  Partial<Pick<P, OptionalPersonField>> & {
    hasApp: boolean;
    isViewer?: boolean;
    isOwner?: boolean;
  } {
  const out: Pick<P, PersonMember> & { hasApp: boolean; isViewer?: boolean; isOwner?: boolean } = {
    id: p.id,
    nickname: p.nickname,
    displayName: p.displayName,
    updated: p.updated,
    hasApp: view.hasApp,
    thumbnailUrl: p.thumbnailUrl,
  };
  if (view.selfOf !== undefined) {
    out.isViewer = p.id === view.selfOf;
    out.isOwner = p.id === view.selfOf;
  }
  const wanted = new Set(view.fields ?? []);
  for (const name of OPTIONAL_PERSON_FIELDS) {
    const value = p[name];
    if (wanted.has(name) && value !== undefined) Object.assign(out, { [name]: value });
  }
  return out;
}
