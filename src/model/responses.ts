/**
 * Response bodies of social-api.md §4 and the error body of profile P-ERR-1.
 */
import type { Album, AppDataRecord, Person, Photo } from "./resources.js";

/** §2.4: paging members of a list response. */
export interface Paging {
  startIndex: number;
  itemsPerPage: number;
  totalResults: number;
}

/** §4.1: GET albums/{guid}/@self. */
export interface AlbumList extends Paging {
  entry: Album[];
}

/** §4.2: GET mediaitems/{guid}/@self/{albumId}. */
export interface PhotoList extends Paging {
  entry: Photo[];
}

/** §4.3 / §2.5: GET appdata/{guid}/{selector}/@app (no itemsPerPage, P-PAGE-4). */
export interface AppDataResponse {
  entry: Record<string, AppDataRecord>;
  id: string[];
  startIndex: number;
  totalResults: number;
}

/** §4.6 with @self (and a `pid` request, P-PEOPLE-1): `entry` is one person, no itemsPerPage. */
export interface PersonResponse {
  entry: Person;
  startIndex: number;
  totalResults: number;
}

/** §4.6 with @friends: `entry` is a list. */
export interface FriendsResponse extends Paging {
  entry: Person[];
}

/** Either people response. */
export type PeopleResponse = PersonResponse | FriendsResponse;

/** §4.4: the write body, key → string value. */
export type AppDataWrite = AppDataRecord;

/** P-ERR-1: every error body. */
export interface ErrorBody {
  error: { code: number; message: string };
}
