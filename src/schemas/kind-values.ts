/**
 * The TypeScript type of the value each {@link Kind} describes.
 */
import type { Album, AppDataRecord, Photo } from "../model/resources.js";
import type {
  AlbumList,
  AppDataResponse,
  AppDataWrite,
  ErrorBody,
  FriendsResponse,
  PersonResponse,
  PhotoList,
} from "../model/responses.js";
import type { Kind } from "./kinds.js";

/** Kind → value type. */
export interface KindValueMap {
  albums: AlbumList;
  photos: PhotoList;
  appdata: AppDataResponse;
  /** A people @self or pid response: one person. */
  person: PersonResponse;
  /** A people @friends response: the collection. */
  people: FriendsResponse;
  "appdata-write": AppDataWrite;
  error: ErrorBody;
  album: Album;
  photo: Photo;
  "appdata-record": AppDataRecord;
}

/** The value type of kind `K`. */
export type KindValue<K extends Kind> = KindValueMap[K];
