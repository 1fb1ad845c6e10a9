/**
 * Builds the {@link World} index from a checked world file: friend lists (symmetric, by id),
 * albums with their derived mediaItemCount/mediaMimeType (P-ALBUM-3), apps by consumer key.
 */
import type { IndexedAlbum, World, WorldFile, WorldPhoto } from "./types.js";

/** Code-point order of ids (P-PAGE-3); JS `<` on strings is UTF-16 order, so compare by code point. */
function compareIds(a: string, b: string): number {
  if (a === b) return 0;
  const ai = a[Symbol.iterator]();
  const bi = b[Symbol.iterator]();
  for (;;) {
    const x = ai.next();
    const y = bi.next();
    if (x.done) return y.done ? 0 : -1;
    if (y.done) return 1;
    const d = (x.value.codePointAt(0) ?? 0) - (y.value.codePointAt(0) ?? 0);
    if (d !== 0) return d;
  }
}

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
  const friends = new Map([...friendSets].map(([id, set]) => [id, [...set].sort(compareIds)]));
  const photosByAlbum = new Map<string, WorldPhoto[]>();
  for (const p of file.photos) {
    const list = photosByAlbum.get(p.albumId) ?? [];
    list.push(p);
    photosByAlbum.set(p.albumId, list);
  }
  const albums = new Map<string, IndexedAlbum>();
  const albumsByOwner = new Map<string, IndexedAlbum[]>();
  for (const a of [...file.albums].sort((x, y) => compareIds(x.id, y.id))) {
    const photos = (photosByAlbum.get(a.id) ?? []).sort((x, y) => compareIds(x.id, y.id));
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
