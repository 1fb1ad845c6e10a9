/**
 * Albums and photos as §2.2 and §2.3 show them (model/resource-objects.ts), with the derived
 * mediaItemCount and mediaMimeType (P-ALBUM-3) from the world's index, and album visibility
 * (P-ALBUM-1).
 */
import { albumObject, photoObject } from "../../model/resource-objects.js";
import type { Album, Photo } from "../../model/resources.js";
import { areFriends } from "../world/resolve.js";
import type { IndexedAlbum, World, WorldPhoto } from "../world/types.js";

/** The §2.2 album object, members in the order of §2.2. */
export function albumView(a: IndexedAlbum): Album {
  return albumObject(a, {
    mediaItemCount: a.photos.length,
    mediaMimeType: [...a.mediaMimeType],
  });
}

/** The §2.3 photo object, members in the order of §2.3. */
export function photoView(p: WorldPhoto): Photo {
  return photoObject(p);
}

/** P-ALBUM-1: the owner sees all; a friend everyone- and friends-albums; anyone else everyone-albums. */
export function canSeeAlbum(world: World, album: IndexedAlbum, viewerId: string): boolean {
  if (album.ownerId === viewerId || album.visibility === "everyone") return true;
  return album.visibility === "friends" && areFriends(world, album.ownerId, viewerId);
}
