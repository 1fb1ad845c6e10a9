/**
 * Builds the {@link World} index from a checked world file: friend lists (symmetric, by id),
 * albums with their derived mediaItemCount/mediaMimeType (P-ALBUM-3), apps by consumer key.
 */
import { codePointCompare } from "../../model/code-point-order.js";
import type { IndexedAlbum, World, WorldFile, WorldPhoto } from "./types.js";

/** P-ALBUM-3: distinct MIME types in order of first appearance, photos taken by id. */
function mimeTypesOf(photos: readonly WorldPhoto[]): string[] {
  return [...new Set(photos.map((p) => p.mimeType))];
}

/** Indexes `file`, which must already have passed the schema and reference checks. */
export function buildIndex(file: WorldFile): World {
  const people = new Map(file.people.map((p) => [p.id, p]));
  const friendSets = new Map<string, Set<string>>(file.people.map((p) => [p.id, new Set()]));
  for (const [a, b] of file.friends) {
    friendSets.get(a)?.add(b);
    friendSets.get(b)?.add(a);
  }
  const friends = new Map(
    [...friendSets].map(([id, set]) => [id, [...set].sort(codePointCompare)]),
  );
  const photosByAlbum = new Map<string, WorldPhoto[]>();
  for (const p of file.photos) {
    const list = photosByAlbum.get(p.albumId) ?? [];
    list.push(p);
    photosByAlbum.set(p.albumId, list);
  }
  const albums = new Map<string, IndexedAlbum>();
  const albumsByOwner = new Map<string, IndexedAlbum[]>();
  for (const a of [...file.albums].sort((x, y) => codePointCompare(x.id, y.id))) {
    const photos = (photosByAlbum.get(a.id) ?? []).sort((x, y) => codePointCompare(x.id, y.id));
    const indexed: IndexedAlbum = { ...a, photos, mediaMimeType: mimeTypesOf(photos) };
    albums.set(a.id, indexed);
    const list = albumsByOwner.get(a.ownerId) ?? [];
    list.push(indexed);
    albumsByOwner.set(a.ownerId, list);
  }
  return {
    namespace: file.namespace,
    file,
    appsByKey: new Map(file.apps.map((a) => [a.consumerKey, a])),
    people,
    friends,
    albums,
    albumsByOwner,
  };
}
