/**
 * Resource types of social-api.md §2, with the types the reference declares (numbers as
 * numbers, booleans as booleans). Wire renderings that differ (§2: numeric strings, "true") are
 * normalised by the codecs before a value reaches these types.
 */

/** §2.2: an element of the album list. */
export interface Album {
  id: string;
  title: string;
  caption: string;
  description: string;
  thumbnailUrl: string;
  mediaItemCount: number;
  ownerId: string;
  mediaMimeType: string[];
}

/** §2.3: an element of the photo list. */
export interface Photo {
  id: string;
  albumId: string;
  title: string;
  description: string;
  fileSize: number;
  thumbnailUrl: string;
  url: string;
}

/** Any JSON value. */
export type JsonValue =
  | string
  | number
  | boolean
  | null
  | JsonValue[]
  | { [member: string]: JsonValue };

/**
 * An element of `addresses`. §2.6 does not show its structure, so readers accept any members;
 * the reference server and the Atom writer use scalar members only (P-FMT-7).
 */
export type Address = { [member: string]: JsonValue };

/** One of the blood types §2.6 allows. */
export type BloodType = "A" | "AB" | "B" | "O";

/** §2.6: user information. */
export interface Person {
  id: string;
  nickname: string;
  displayName: string;
  updated: string;
  hasApp: boolean;
  thumbnailUrl: string;
  /** Only with the @self selector. */
  isViewer?: boolean;
  /** Only with the @self selector. */
  isOwner?: boolean;
  profileUrl?: string;
  bloodType?: BloodType;
  addresses?: Address[];
  birthday?: string;
  gender?: string;
  userHash?: string;
  isGuest?: boolean;
  isVerified?: boolean;
}

/** Person fields every person carries, whatever `fields` names (§2.6). */
export const ALWAYS_PERSON_FIELDS = [
  "id",
  "nickname",
  "displayName",
  "updated",
  "hasApp",
  "thumbnailUrl",
] as const;

/** Person fields that appear only when named in `fields` (§2.6). */
export const OPTIONAL_PERSON_FIELDS = [
  "profileUrl",
  "bloodType",
  "addresses",
  "birthday",
  "gender",
  "userHash",
  "isGuest",
  "isVerified",
] as const;

/** One of {@link OPTIONAL_PERSON_FIELDS}. */
export type OptionalPersonField = (typeof OPTIONAL_PERSON_FIELDS)[number];

/** §2.5: one user's key → string-value pairs. */
export type AppDataRecord = Record<string, string>;
