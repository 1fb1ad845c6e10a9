/**
 * Albums and photos as §2.2 and §2.3 show them, with the derived mediaItemCount and
 * mediaMimeType (P-ALBUM-3), and album visibility (P-ALBUM-1).
 */
import type { Album, Photo } from "../../model/resources.js";
import { areFriends } from "../world/resolve.js";
import type { IndexedAlbum, World, WorldPhoto } from "../world/types.js";

/** The §2.2 album object, members in the order of §2.2. */
export function albumView(a: IndexedAlbum): Album {
  return {
    id: a.id,
    title: a.title,
    caption: a.caption,
    description: a.description,
    thumbnailUrl: a.thumbnailUrl,
    mediaItemCount: a.photos.length,
    ownerId: a.ownerId,
    mediaMimeType: [...a.mediaMimeType],
  };
}

/** The §2.3 photo object, members in the order of §2.3. */
export function photoView(p: WorldPhoto): Photo {
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

/** P-ALBUM-1: the owner sees all; a friend everyone- and friends-albums; anyone else everyone-albums. */
export function canSeeAlbum(world: World, album: IndexedAlbum, viewerId: string): boolean {
  if (album.ownerId === viewerId || album.visibility === "everyone") return true;
  return album.visibility === "friends" && areFriends(world, album.ownerId, viewerId);
}
