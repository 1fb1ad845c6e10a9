/**
 * What a handler answers with on success: a document of one of the five kinds (rendered as
 * JSON or Atom) or an empty 200 (writes and deletes, P-DATA-2).
 */
import type { AlbumList, FriendsResponse, PersonResponse, PhotoList } from "../model/responses.js";
import type { Format } from "./query/format.js";
import type { AppDataMap } from "./store/types.js";

/** The application-data read response, records kept as ordered maps (P-FMT-3). */
export interface AppDataReply {
  entry: ReadonlyMap<string, AppDataMap>;
  startIndex: 0;
  totalResults: number;
}

/** A successful answer. */
export type Reply =
  | { kind: "appdata"; format: Format; value: AppDataReply }
  | { kind: "albums"; format: Format; value: AlbumList }
  | { kind: "photos"; format: Format; value: PhotoList; ownerId: string }
  | { kind: "person"; format: Format; value: PersonResponse }
  | { kind: "people"; format: Format; value: FriendsResponse }
  | { kind: "empty" };
