/**
 * The world file (schemas/world.schema.json) as data, and the indexed form the handlers read.
 */
import type { Person } from "../../model/resources.js";

/** One application: `@app` is found by its consumer key (P-AUTH-1). */
export interface WorldApp {
  id: string;
  consumerKey: string;
  consumerSecret: string;
}

/** A person as stored: §2.6 without the derived fields, plus the apps they use. */
export type WorldPerson = Omit<Person, "hasApp" | "isViewer" | "isOwner"> & { apps: string[] };

/** Publication range of an album (P-ALBUM-1). */
export type Visibility = "everyone" | "friends" | "self";

/** An album as stored: §2.2 without the derived mediaItemCount/mediaMimeType. */
export interface WorldAlbum {
  id: string;
  ownerId: string;
  title: string;
  caption: string;
  description: string;
  thumbnailUrl: string;
  visibility: Visibility;
}

/** A photo as stored: §2.3 plus its MIME type. */
export interface WorldPhoto {
  id: string;
  albumId: string;
  title: string;
  description: string;
  fileSize: number;
  mimeType: string;
  thumbnailUrl: string;
  url: string;
}

/** Seed application data: app id → person id → key → value. */
export type WorldAppData = Record<string, Record<string, Record<string, string>>>;

/** The world file as written. */
export interface WorldFile {
  namespace: string;
  apps: WorldApp[];
  people: WorldPerson[];
  friends: [string, string][];
  albums: WorldAlbum[];
  photos: WorldPhoto[];
  appdata?: WorldAppData;
}

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
