/**
 * The world file (schemas/world.schema.json) as data: apps, people, friendships, albums, photos
 * and seed application data. Derived values (hasApp, isViewer, isOwner, mediaItemCount,
 * mediaMimeType) are never stored. The reference server loads it; the world generator writes it.
 */
import type { Person } from "./resources.js";

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
