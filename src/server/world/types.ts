/**
 * The world file's types (model/world-file.ts) and the indexed form the handlers read.
 */
import type {
  WorldAlbum,
  WorldApp,
  WorldFile,
  WorldPerson,
  WorldPhoto,
} from "../../model/world-file.js";

export type {
  Visibility,
  WorldAlbum,
  WorldApp,
  WorldFile,
  WorldPerson,
  WorldPhoto,
} from "../../model/world-file.js";

/** An album with its derived fields (P-ALBUM-3). */
export interface IndexedAlbum extends WorldAlbum {
  /** Photos of the album, by id (P-PAGE-3). */
  photos: readonly WorldPhoto[];
  mediaMimeType: readonly string[];
}

/** The loaded world, indexed for the handlers. Never modified after loading. */
export interface World {
  readonly namespace: string;
  readonly file: WorldFile;
  readonly appsByKey: ReadonlyMap<string, WorldApp>;
  readonly people: ReadonlyMap<string, WorldPerson>;
  /** Person id → friend ids, sorted by id (P-PAGE-3). */
  readonly friends: ReadonlyMap<string, readonly string[]>;
  readonly albums: ReadonlyMap<string, IndexedAlbum>;
  /** Owner id → albums, sorted by id. */
  readonly albumsByOwner: ReadonlyMap<string, readonly IndexedAlbum[]>;
}
