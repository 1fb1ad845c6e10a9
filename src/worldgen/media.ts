/**
 * Albums and photos of a generated world: each person owns none to a few albums (the viewer at
 * least one with photos), of every publication range (P-ALBUM-1); albums without photos, empty
 * titles, captions and descriptions, photos of many MIME types and sizes.
 */
import type { Visibility, WorldAlbum, WorldPhoto } from "../model/world-file.js";
import { idStyle, idValues } from "./id-shapes.js";
import type { Rng } from "./rng.js";
import { mimeType, phrase, urlText } from "./texts.js";

/** Albums and photos. */
interface Media {
  albums: WorldAlbum[];
  photos: WorldPhoto[];
}

const RANGES: readonly Visibility[] = ["everyone", "friends", "self"];

/** Albums for `owners` (the viewer first) in namespace `ns`; `taken` holds values already used. */
export function makeMedia(
  rng: Rng,
  ns: string,
  owners: readonly string[],
  taken: Set<string>,
): Media {
  const counts = owners.map((_, i) => (i === 0 ? rng.int(1, 6) : rng.int(0, 4)));
  const nAlbums = counts.reduce((a, b) => a + b, 0);
  const albumValues = idValues(rng, nAlbums, idStyle(rng), ["album", "a", "Album", "set"], taken);
  const albums: WorldAlbum[] = [];
  let next = 0;
  owners.forEach((ownerId, i) => {
    for (let k = 0; k < (counts[i] ?? 0); k++) {
      const value = albumValues[next++] ?? "";
      albums.push({
        id: `${ns}:${value}`,
        ownerId,
        title: phrase(rng, 0.15),
        caption: phrase(rng, 0.3),
        description: phrase(rng, 0.3),
        thumbnailUrl: urlText(rng, `${value}/thumb.jpg`, 0.15),
        visibility: rng.pick(RANGES),
      });
    }
  });
  const perAlbum = albums.map((_album, i) => {
    const none = i !== 0 && rng.chance(0.25);
    return none ? 0 : rng.chance(0.1) ? rng.int(9, 25) : rng.int(1, 8);
  });
  const nPhotos = perAlbum.reduce((a, b) => a + b, 0);
  const photoValues = idValues(rng, nPhotos, idStyle(rng), ["photo", "p", "IMG", "pic"], taken);
  const photos: WorldPhoto[] = [];
  next = 0;
  albums.forEach((album, i) => {
    for (let k = 0; k < (perAlbum[i] ?? 0); k++) {
      const value = photoValues[next++] ?? "";
      const type = mimeType(rng);
      photos.push({
        id: `${ns}:${value}`,
        albumId: album.id,
        title: phrase(rng, 0.15),
        description: phrase(rng, 0.3),
        fileSize: rng.pick([
          0,
          rng.int(1, 5_000_000),
          rng.int(2 ** 31, 2 ** 40),
          Number.MAX_SAFE_INTEGER,
        ]),
        mimeType: type,
        thumbnailUrl: urlText(rng, `${value}/thumb`, 0.1),
        url: urlText(rng, `${value}/full`, 0.05),
      });
    }
  });
  return { albums: rng.sample(albums, albums.length), photos: rng.sample(photos, photos.length) };
}
